import { creditOpeningBalance } from '@kupon/commands';
import { sessionCookie } from '@kupon/api/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formRegistrar } from './affiliate-harness';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

/**
 * The affiliate programme over HTTP (api/AFFILIATE.md): a player of a site with affiliateStatus on
 * applies and gets a referral code; players who register with it are theirs; the affiliate sees
 * those players, their money and their coupons, and nothing of another affiliate's or another site's.
 */
for (const backend of testBackends) {
  describe(`affiliate programme over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const withCookie = async (site: string, cookie: string | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': site, ...(cookie ? { cookie: `kupon_sid=${cookie}` } : {}) }, ...(payload ? { payload } : {}) });
    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    const until: MoneyApi['until'] = (read, done) => api.until(read, done);

    const register = formRegistrar(() => api, { idPrefix: '5550000', mobilePrefix: '555', subnet: '10.9.0' });
    /** Each login from its own address, so the login rate limit never counts them together. */
    let logins = 0;
    const logIn = async (site: string, userName: string) => {
      const response = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': site }, remoteAddress: `10.9.1.${++logins}`, payload: { userName, password: 'secret12' } });
      expect(response.statusCode, response.body).toBe(200);
      return sessionCookie(response)!;
    };

    const today = () => api.clock.now().toISOString().slice(0, 10);
    let code1 = '';
    let code2 = '';
    let codeBahis = '';

    it('the programme is closed until the site turns it on; then an online player applies once and keeps one code; staff cannot apply', async () => {
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/me')).json()).toEqual({ programmeOpen: false, affiliate: null });
      const closed = await call('kupon', 'kplayer1', 'POST', '/affiliate/apply', {});
      expect([closed.statusCode, closed.json()]).toEqual([403, { error: 'affiliateProgrammeClosed' }]);
      expect((await call('kupon', null, 'GET', '/affiliate/me')).statusCode).toBe(401);

      expect((await call('kupon', 'kadmin', 'PATCH', '/sites/current/settings', { affiliateStatus: true })).statusCode).toBe(200);
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/me')).json()).toEqual({ programmeOpen: true, affiliate: null });
      const notYet = await call('kupon', 'kplayer1', 'GET', '/affiliate/users');
      expect([notYet.statusCode, notYet.json()]).toEqual([404, { error: 'affiliateNotFound' }]);

      const applied = await call('kupon', 'kplayer1', 'POST', '/affiliate/apply', {});
      expect(applied.statusCode, applied.body).toBe(200);
      const mine = applied.json().affiliate;
      expect(mine).toMatchObject({ status: 'active', referredCount: 0 });
      expect(mine.referralCode).toMatch(/^[A-Z2-9]{8}$/);
      expect(mine.referralPath).toBe(`/tr/register/${mine.referralCode}`);
      code1 = mine.referralCode;
      // Asking again answers the same account: no second code.
      expect((await call('kupon', 'kplayer1', 'POST', '/affiliate/apply', {})).json().affiliate.referralCode).toBe(code1);
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/me')).json().affiliate.referralCode).toBe(code1);

      api.clock.advance(1_000);
      code2 = (await call('kupon', 'kplayer2', 'POST', '/affiliate/apply', {})).json().affiliate.referralCode;
      expect(code2).not.toBe(code1);
      expect((await call('kupon', 'kadmin', 'POST', '/affiliate/apply', {})).json()).toEqual({ error: 'permissionDenied|admin' });
      expect((await call('kupon', 'kdealer1', 'GET', '/affiliate/me')).json()).toEqual({ error: 'permissionDenied|dealer' });

      // The other brand has its own switch: still closed there for its player.
      expect((await call('bahis', 'bplayer1', 'POST', '/affiliate/apply', {})).json()).toEqual({ error: 'affiliateProgrammeClosed' });
      await call('bahis', 'badmin', 'PATCH', '/sites/current/settings', { affiliateStatus: true });
      codeBahis = (await call('bahis', 'bplayer1', 'POST', '/affiliate/apply', {})).json().affiliate.referralCode;
      expect(codeBahis).toMatch(/^[A-Z2-9]{8}$/);
    });

    it('players registering with a code (typed in any case) are that affiliate’s only, on that site only, newest first, paged', async () => {
      const referred = await register('kupon', 'refone', code1.toLowerCase());
      api.clock.advance(60_000);
      await register('kupon', 'reftwo', ` ${code1} `);
      api.clock.advance(60_000);
      await register('kupon', 'refthree', code1);
      await register('kupon', 'reffour', code2);
      await register('kupon', 'nobody1');
      // The same code on the other brand is not this affiliate's player.
      await register('bahis', 'bahisref', code1);
      await register('bahis', 'bahisown', codeBahis);

      const users = await until(async () => (await call('kupon', 'kplayer1', 'GET', '/affiliate/users')).json(), (page) => page.total === 3);
      expect(users.users.map((u: { userName: string }) => u.userName)).toEqual(['refthree', 'reftwo', 'refone']);
      expect(users.users.find((u: { userName: string }) => u.userName === 'refone')).toMatchObject({ userId: referred, status: 'active' });
      const second = (await call('kupon', 'kplayer1', 'GET', '/affiliate/users?limit=2&offset=2')).json();
      expect([second.total, second.users.map((u: { userName: string }) => u.userName)]).toEqual([3, ['refone']]);
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/me')).json().affiliate.referredCount).toBe(3);

      // Each affiliate's referrals are projected on their own: kplayer1's being in says nothing of kplayer2's.
      const four = await until(async () => (await call('kupon', 'kplayer2', 'GET', '/affiliate/users')).json(), (page) => page.total > 0);
      expect(four.users.map((u: { userName: string }) => u.userName)).toEqual(['reffour']);
      const bahis = await until(async () => (await call('bahis', 'bplayer1', 'GET', '/affiliate/users')).json(), (page) => page.total > 0);
      // bahis has mail activation on: the player is theirs, still pending.
      expect(bahis.users.map((u: { userName: string; status: string }) => `${u.userName}:${u.status}`)).toEqual(['bahisown:pending']);
      // A player who is no affiliate, and a bad page size.
      expect((await withCookie('kupon', await logIn('kupon', 'nobody1'), 'GET', '/affiliate/users')).json()).toEqual({ error: 'affiliateNotFound' });
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/users?limit=0')).json()).toEqual({ error: 'invalidField|limit' });
    });

    it('the affiliate sees the referred players’ stakes, GGR and coupons for a day range; another affiliate sees none of it', async () => {
      const refone = (await api.services.accounts.byUserName('kupon', 'refone'))!;
      await creditOpeningBalance({ commands: api.commands, clock: api.clock.now }, refone, 'TRY', 10_000);
      const cookie = await logIn('kupon', 'refone');
      const placed = await withCookie('kupon', cookie, 'POST', '/coupons', { requestId: 'aff-coupon-0001', tips: [tip('m1')], totalStake: 1_500 });
      expect(placed.statusCode, placed.body).toBe(200);
      // A coupon of the affiliate's own is not a referred player's.
      await api.fund('kupon', 'kplayer1', 10_000);
      expect((await call('kupon', 'kplayer1', 'POST', '/coupons', { requestId: 'aff-coupon-0002', tips: [tip('m2')], totalStake: 700 })).statusCode).toBe(200);

      const range = `from=${today()}&to=${today()}`;
      const finance = await until(async () => (await call('kupon', 'kplayer1', 'GET', `/affiliate/finance?${range}`)).json(), (f) => f.totals?.stakes > 0);
      expect(finance).toMatchObject({ from: today(), to: today(), total: 1 });
      expect(finance.totals).toMatchObject({ stakes: 1_500, payouts: 0, refunds: 0, cashouts: 0, coupons: 1, ggr: 1_500 });
      expect(finance.users).toEqual([expect.objectContaining({ userName: 'refone', stakes: 1_500, ggr: 1_500 })]);
      // A range before anything happened is empty.
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/finance?from=2026-01-01&to=2026-01-31')).json()).toMatchObject({ total: 0, users: [], totals: { stakes: 0, ggr: 0 } });
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/finance?from=2026-02-01&to=2026-01-01')).json()).toEqual({ error: 'invalidField|from' });
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/finance?from=yesterday')).json()).toEqual({ error: 'invalidField|from' });

      const coupons = await until(async () => (await call('kupon', 'kplayer1', 'GET', `/affiliate/coupons?${range}`)).json(), (c) => c.total > 0);
      expect(coupons.coupons).toEqual([expect.objectContaining({ userName: 'refone', stake: 1_500, status: 0, isLive: false })]);
      expect(coupons.total).toBe(1);

      // Another affiliate of the site, and the other site's affiliate, see none of it.
      expect((await call('kupon', 'kplayer2', 'GET', `/affiliate/finance?${range}`)).json()).toMatchObject({ total: 0, totals: { stakes: 0 } });
      expect((await call('kupon', 'kplayer2', 'GET', `/affiliate/coupons?${range}`)).json()).toMatchObject({ total: 0, coupons: [] });
      expect((await call('bahis', 'bplayer1', 'GET', `/affiliate/coupons?${range}`)).json()).toMatchObject({ total: 0, coupons: [] });
    });

    it('banners: the site logo in standard sizes until staff add banners of area affiliate; a paused affiliate gets none; turning the programme off closes it all', async () => {
      const logo = (await call('kupon', 'kplayer1', 'GET', '/affiliate/banners')).json();
      expect(logo.referralPath).toBe(`/tr/register/${code1}`);
      expect(logo.banners.map((b: { width: number; height: number }) => `${b.width}x${b.height}`)).toEqual(['728x90', '468x60', '300x250', '160x600']);
      expect(logo.banners[0]).toMatchObject({ image: '/brands/kupon.svg', title: 'Kupon' });

      const banner = { title: 'Kupon 300', image: 'https://cdn.example/aff-300.png', url: '', tag: '300x250', area: 'affiliate', order: 1, active: true, languages: [], from: null, until: null };
      expect((await call('kupon', 'kadmin', 'PUT', '/content-settings/banners/aff300', banner)).statusCode).toBe(200);
      const own = await until(async () => (await call('kupon', 'kplayer1', 'GET', '/affiliate/banners')).json(), (b) => b.banners.length === 1);
      expect(own.banners).toEqual([{ id: 'aff300', title: 'Kupon 300', image: 'https://cdn.example/aff-300.png', width: 300, height: 250 }]);

      const staffList = (await call('kupon', 'kregulator', 'GET', '/affiliate/accounts')).json();
      expect(staffList.affiliates.map((a: { userName: string; referredCount: number; referralCode: string }) => [a.userName, a.referralCode, a.referredCount])).toEqual([
        ['kplayer2', code2, 1],
        ['kplayer1', code1, 3],
      ]);
      expect((await call('bahis', 'badmin', 'GET', '/affiliate/accounts')).json().affiliates.map((a: { userName: string }) => a.userName)).toEqual(['bplayer1']);
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/accounts')).json()).toEqual({ error: 'permissionDenied|player' });

      const kplayer1 = api.login('kupon', 'kplayer1').userId;
      expect((await call('bahis', 'badmin', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'passive' })).json()).toEqual({ error: 'affiliateNotFound' });
      expect((await call('kupon', 'kplayer2', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'passive' })).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await call('kupon', 'koperator', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'passive' })).json()).toEqual({ userId: kplayer1, status: 'passive' });
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/me')).json().affiliate.status).toBe('passive');
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/banners')).json()).toEqual({ error: 'affiliatePassive' });
      expect((await call('kupon', 'kplayer1', 'GET', '/affiliate/users')).json().total).toBe(3);

      await call('kupon', 'kadmin', 'PATCH', '/sites/current/settings', { affiliateStatus: false });
      expect((await call('kupon', 'kplayer2', 'GET', '/affiliate/users')).json()).toEqual({ error: 'affiliateProgrammeClosed' });
      expect((await call('kupon', 'kplayer2', 'GET', '/affiliate/me')).json()).toMatchObject({ programmeOpen: false, affiliate: { referralCode: code2 } });
    });
  });
}
