import { creditOpeningBalance } from '@kupon/commands';
import { sessionCookie } from '@kupon/api/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formRegistrar } from './affiliate-harness';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

interface Row {
  userId: string;
  userName: string;
  referralCode: string;
  status: string;
  referredCount: number;
  stakes: number;
  ggr: number;
}

/**
 * The back office's view of the affiliate programme (api/AFFILIATE.md): site staff (admin, operator,
 * regulator) list the site's affiliates with their referred players' stakes and GGR over a day range and
 * open one affiliate's referred players; a dealer, a player and another site's staff see none of it.
 */
for (const backend of testBackends) {
  describe(`affiliate programme for staff over HTTP (${backend.name})`, () => {
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

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);
    const until: MoneyApi['until'] = (read, done) => api.until(read, done);

    const register = formRegistrar(() => api, { idPrefix: '5551000', mobilePrefix: '556', subnet: '10.19.0' });
    /** Each login from its own address, so the login rate limit never counts them together. */
    let logins = 0;
    const stake = async (userName: string, requestId: string, totalStake: number) => {
      const user = (await api.services.accounts.byUserName('kupon', userName))!;
      await creditOpeningBalance({ commands: api.commands, clock: api.clock.now }, user, 'TRY', 10_000);
      const session = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon' }, remoteAddress: `10.19.1.${++logins}`, payload: { userName, password: 'secret12' } });
      expect(session.statusCode, session.body).toBe(200);
      const placed = await api.app.inject({
        method: 'POST',
        url: '/api/v1/coupons',
        headers: { 'x-site-id': 'kupon', cookie: `kupon_sid=${sessionCookie(session)}` },
        payload: { requestId, tips: [tip('m1')], totalStake },
      });
      expect(placed.statusCode, placed.body).toBe(200);
    };

    const today = () => api.clock.now().toISOString().slice(0, 10);
    let kplayer1 = '';
    let kplayer2 = '';
    let refone = '';
    let reftwo = '';

    beforeAll(async () => {
      await call('kupon', 'kadmin', 'PATCH', '/sites/current/settings', { affiliateStatus: true });
      await call('bahis', 'badmin', 'PATCH', '/sites/current/settings', { affiliateStatus: true });
      const code1 = (await call('kupon', 'kplayer1', 'POST', '/affiliate/apply', {})).json().affiliate.referralCode as string;
      api.clock.advance(1_000);
      const code2 = (await call('kupon', 'kplayer2', 'POST', '/affiliate/apply', {})).json().affiliate.referralCode as string;
      await call('bahis', 'bplayer1', 'POST', '/affiliate/apply', {});
      kplayer1 = api.login('kupon', 'kplayer1').userId;
      kplayer2 = api.login('kupon', 'kplayer2').userId;
      refone = await register('kupon', 'srefone', code1);
      api.clock.advance(60_000);
      reftwo = await register('kupon', 'sreftwo', code1);
      await register('kupon', 'srefthree', code2);
      await stake('srefone', 'aff-staff-0001', 1_500);
      await stake('sreftwo', 'aff-staff-0002', 400);
      // The affiliate's own coupon is no referred player's money.
      await api.fund('kupon', 'kplayer1', 10_000);
      expect((await call('kupon', 'kplayer1', 'POST', '/coupons', { requestId: 'aff-staff-0003', tips: [tip('m2')], totalStake: 700 })).statusCode).toBe(200);
    }, 120_000);

    it('lists the site’s affiliates with referred count and the referred players’ stakes and GGR over the days asked', async () => {
      const range = `from=${today()}&to=${today()}`;
      const list = await until(
        async () => (await call('kupon', 'kregulator', 'GET', `/affiliate/accounts?${range}`)).json(),
        (body) => body.affiliates?.find((a: Row) => a.userName === 'kplayer1')?.stakes === 1_900,
      );
      expect([list.from, list.to, list.total]).toEqual([today(), today(), 2]);
      expect(list.affiliates.map((a: Row) => [a.userName, a.status, a.referredCount, a.stakes, a.ggr])).toEqual([
        ['kplayer2', 'active', 1, 0, 0],
        ['kplayer1', 'active', 2, 1_900, 1_900],
      ]);
      // The default range is the last 30 days, today included; a range before anything happened has no money.
      const byDefault = (await call('kupon', 'koperator', 'GET', '/affiliate/accounts')).json();
      expect(byDefault.affiliates.find((a: Row) => a.userName === 'kplayer1').stakes).toBe(1_900);
      const before = (await call('kupon', 'kadmin', 'GET', '/affiliate/accounts?from=2026-01-01&to=2026-01-31')).json();
      expect(before.affiliates.map((a: Row) => [a.userName, a.referredCount, a.stakes])).toEqual([
        ['kplayer2', 1, 0],
        ['kplayer1', 2, 0],
      ]);
      // Paged on the server; a reversed range is refused.
      const second = (await call('kupon', 'kadmin', 'GET', `/affiliate/accounts?${range}&offset=1&limit=1`)).json();
      expect([second.total, second.affiliates.map((a: Row) => [a.userName, a.stakes])]).toEqual([2, [['kplayer1', 1_900]]]);
      expect((await call('kupon', 'kadmin', 'GET', '/affiliate/accounts?from=2026-02-01&to=2026-01-01')).json()).toEqual({ error: 'invalidField|from' });
    });

    it('opens one affiliate: its figures and its referred players newest first, each with their stakes and GGR, paged', async () => {
      const range = `from=${today()}&to=${today()}`;
      const detail = await until(async () => (await call('kupon', 'kadmin', 'GET', `/affiliate/accounts/${kplayer1}/users?${range}`)).json(), (body) => body.affiliate?.stakes === 1_900);
      expect(detail.affiliate).toMatchObject({ userId: kplayer1, userName: 'kplayer1', status: 'active', referredCount: 2, stakes: 1_900, ggr: 1_900 });
      expect([detail.from, detail.to, detail.total]).toEqual([today(), today(), 2]);
      expect(detail.users.map((u: { userId: string; userName: string; status: string; stakes: number; ggr: number }) => [u.userId, u.userName, u.status, u.stakes, u.ggr])).toEqual([
        [reftwo, 'sreftwo', 'active', 400, 400],
        [refone, 'srefone', 'active', 1_500, 1_500],
      ]);
      const page = (await call('kupon', 'kregulator', 'GET', `/affiliate/accounts/${kplayer1}/users?${range}&offset=1&limit=1`)).json();
      expect([page.total, page.affiliate.referredCount, page.users.map((u: { userName: string }) => u.userName)]).toEqual([2, 2, ['srefone']]);
      // Past the last page: no rows, the count still right.
      const past = (await call('kupon', 'koperator', 'GET', `/affiliate/accounts/${kplayer1}/users?offset=10`)).json();
      expect([past.users, past.affiliate.referredCount]).toEqual([[], 2]);
      const other = (await call('kupon', 'koperator', 'GET', `/affiliate/accounts/${kplayer2}/users?${range}`)).json();
      expect(other.users.map((u: { userName: string; stakes: number }) => [u.userName, u.stakes])).toEqual([['srefthree', 0]]);
    });

    it('a dealer, a player, a guest and another site’s staff see no affiliate; a player who is none is not found', async () => {
      const detail = `/affiliate/accounts/${kplayer1}/users`;
      expect((await call('kupon', 'kdealer1', 'GET', detail)).json()).toEqual({ error: 'permissionDenied|dealer' });
      expect((await call('kupon', 'kdealer1', 'GET', '/affiliate/accounts')).json()).toEqual({ error: 'permissionDenied|dealer' });
      expect((await call('kupon', 'kplayer1', 'GET', detail)).json()).toEqual({ error: 'permissionDenied|player' });
      expect((await call('kupon', null, 'GET', detail)).statusCode).toBe(401);
      const elsewhere = await call('bahis', 'badmin', 'GET', detail);
      expect([elsewhere.statusCode, elsewhere.json()]).toEqual([404, { error: 'affiliateNotFound' }]);
      expect((await call('bahis', 'badmin', 'GET', '/affiliate/accounts')).json().affiliates.map((a: Row) => a.userName)).toEqual(['bplayer1']);
      expect((await call('kupon', 'kadmin', 'GET', `/affiliate/accounts/${refone}/users`)).json()).toEqual({ error: 'affiliateNotFound' });
      expect((await call('kupon', 'kadmin', 'GET', '/affiliate/accounts/not-an-id/users')).json()).toEqual({ error: 'invalidField|userId' });
    });

    it('the regulator only reads: pausing is for admin and operator, and the list shows it', async () => {
      expect((await call('kupon', 'kregulator', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'passive' })).json()).toEqual({ error: 'readOnlyRole' });
      expect((await call('kupon', 'koperator', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'passive' })).json()).toEqual({ userId: kplayer1, status: 'passive' });
      const paused = await until(async () => (await call('kupon', 'kregulator', 'GET', '/affiliate/accounts')).json(), (body) => body.affiliates.find((a: Row) => a.userId === kplayer1)?.status === 'passive');
      expect(paused.affiliates.find((a: Row) => a.userId === kplayer2).status).toBe('active');
      expect((await call('kupon', 'kadmin', 'PUT', `/affiliate/accounts/${kplayer1}/status`, { status: 'active' })).json()).toEqual({ userId: kplayer1, status: 'active' });
      await until(async () => (await call('kupon', 'kadmin', 'GET', `/affiliate/accounts/${kplayer1}/users`)).json(), (body) => body.affiliate.status === 'active');
    });
  });
}
