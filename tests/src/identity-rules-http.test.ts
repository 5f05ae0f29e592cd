import { buildDemoApp as buildApp, fastTestHasher, openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** A complete, valid §3 registration; `n` makes every unique value (username, e-mail, phone, ID number) its own. */
function form(n: number, overrides: Record<string, string | undefined> = {}) {
  const digits = String(n).padStart(6, '0');
  return {
    firstName: 'Deniz',
    lastName: 'Kaya',
    birthDate: '02.03.1985',
    idNumber: `IDR${digits}`,
    sex: 'm',
    address: 'İstiklal Caddesi 5',
    city: 'Izmir',
    postCode: '35000',
    countryId: 'TR',
    phoneCode: '+90',
    mobile: `5557${digits}`,
    userName: `rules${n}`,
    password: 'secret12',
    passwordRepeat: 'secret12',
    email: `rules${n}@example.com`,
    ...overrides,
  };
}

for (const backend of testBackends) {
  describe(`identity rules over HTTP: races on every unique value, codes that expire, what an operator may touch (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated store plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const headers = (siteId = 'kupon') => ({ 'x-site-id': siteId });
    const captcha = async (siteId = 'kupon') => {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/captcha', headers: headers(siteId) });
      return { captchaId: response.json().captchaId as string, captchaCode: api.captchaTexts.at(-1)! };
    };
    // Each registration from an address of its own: the register rate limit is not what these tests are about.
    let caller = 0;
    const address = () => `10.40.${Math.floor(++caller / 250)}.${caller % 250}`;
    const register = async (payload: object, siteId = 'kupon') =>
      api.app.inject({ method: 'POST', url: '/api/v1/users', headers: headers(siteId), remoteAddress: address(), payload: { ...payload, ...(await captcha(siteId)) } });
    const id = (userName: string, siteId = 'kupon') => api.login(siteId, userName).userId;

    const races: [string, number, (i: number) => Record<string, string>, string][] = [
      ['one e-mail (written differently)', 100, (i) => ({ email: i % 2 ? 'Same.Mail@Example.com' : ' same.mail@example.com ' }), 'emailInUse'],
      ['one phone number (spaced differently)', 200, (i) => ({ mobile: i % 2 ? '555 900 00 01' : '5559000001' }), 'phoneInUse'],
      ['one ID number (any case)', 300, (i) => ({ idNumber: i % 2 ? 'race12345' : 'RACE12345' }), 'idNumberInUse'],
    ];
    it.each(races)('20 racing registrations with %s make exactly one account; the others get 409 and keep nothing', async (_name, base, same, key) => {
      const payloads = [];
      for (let i = 0; i < 20; i++) payloads.push({ ...form(base + i, same(i)), ...(await captcha()) });
      const responses = await Promise.all(payloads.map((payload) => api.app.inject({ method: 'POST', url: '/api/v1/users', headers: headers(), remoteAddress: address(), payload })));
      expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((r) => r.statusCode !== 201).map((r) => [r.statusCode, r.json().error])).toEqual(Array(19).fill([409, key]));
      // Each loser released its user name again.
      const loser = responses.findIndex((r) => r.statusCode === 409);
      const availability = await api.app.inject({ method: 'GET', url: `/api/v1/users/availability/username?value=rules${base + loser}`, headers: headers() });
      expect(availability.json()).toEqual({ available: true });
    });

    it('refuses a missing password and a missing repeat with their keys', async () => {
      expect((await register(form(901, { password: undefined }))).json()).toEqual({ error: 'isRequiredArea|password' });
      expect((await register(form(902, { passwordRepeat: undefined }))).json()).toEqual({ error: 'passwordRepeatMismatch' });
    });

    it('a security code (captcha) older than 10 minutes is refused', async () => {
      const challenge = await captcha();
      api.clock.advance(10 * 60_000 + 1);
      const late = await api.app.inject({ method: 'POST', url: '/api/v1/users', headers: headers(), remoteAddress: address(), payload: { ...form(903), ...challenge } });
      expect([late.statusCode, late.json()]).toEqual([422, { error: 'securityCodeWrong' }]);
      expect((await register(form(903))).statusCode).toBe(201);
    });

    it('an activation code expires after 48 hours', async () => {
      // bahis has mail activation on.
      expect((await register(form(904), 'bahis')).json().status).toBe('pending');
      const admin = await api.as('badmin', 'bahis');
      const mail = (await admin('GET', '/staff/mail-outbox?to=rules904@example.com')).json().messages[0];
      const code = /activation code: (\S+)/.exec(mail.text)![1]!;
      api.clock.advance(48 * 60 * 60_000);
      const late = await api.app.inject({ method: 'POST', url: '/api/v1/users/activation', headers: headers('bahis'), payload: { activationCode: code } });
      expect([late.statusCode, late.json()]).toEqual([422, { error: 'activationCodeWrong' }]);
      const login = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: headers('bahis'), remoteAddress: address(), payload: { userName: 'rules904', password: 'secret12' } });
      expect([login.statusCode, login.json()]).toEqual([403, { error: 'userNotActivated' }]);
    });

    it('an operator manages players and dealers but no admin, operator or regulator: 403 thisOperatorNotYour, nothing written', async () => {
      const operator = await api.as('koperator');
      const before = await api.eventCount();
      for (const target of ['kadmin', 'kregulator']) {
        const writes: ['PUT' | 'PATCH' | 'DELETE', string, object | undefined][] = [
          ['PUT', `/staff/users/${id(target)}/status`, { status: 'passive' }],
          ['PATCH', `/staff/users/${id(target)}/profile`, { city: 'Ankara' }],
          ['DELETE', `/staff/users/${id(target)}/sessions`, undefined],
          ['PUT', `/staff/users/${id(target)}/permissions`, { permissions: [] }],
        ];
        for (const [method, url, payload] of writes) {
          const response = await operator(method, url, payload);
          expect([target, method, url, response.statusCode, response.json()]).toEqual([target, method, url, 403, { error: 'thisOperatorNotYour' }]);
        }
      }
      expect(await api.eventCount()).toBe(before);
      // It still reads them (the site's user list), and it does manage a player.
      expect((await operator('GET', `/staff/users/${id('kadmin')}`)).statusCode).toBe(200);
      expect((await operator('PUT', `/staff/users/${id('kplayer2')}/status`, { status: 'passive' })).json().status).toBe('passive');
      expect((await operator('PUT', `/staff/users/${id('kplayer2')}/status`, { status: 'active' })).json().status).toBe('active');
      // An admin may end the operator's sessions.
      const operatorSession = await api.logIn('kupon', 'koperator');
      expect((await (await api.as('kadmin'))('DELETE', `/staff/users/${id('koperator')}/sessions`)).statusCode).toBe(200);
      const me = await api.app.inject({ method: 'GET', url: '/api/v1/me', headers: headers(), cookies: { kupon_sid: operatorSession } });
      expect(me.json()).toEqual({ error: 'loginRequired' });
    });

    it('a profile update never blanks a §5 mandatory field (own or by staff), and nothing is written', async () => {
      const player = await api.as('kplayer1');
      const admin = await api.as('kadmin');
      const before = await api.eventCount();
      expect((await player('PATCH', '/me/profile', { address: '   ' })).json()).toEqual({ error: 'isRequiredArea|address' });
      expect((await player('PATCH', '/me/profile', { postCode: '' })).json()).toEqual({ error: 'isRequiredArea|postCode' });
      const byStaff = await admin('PATCH', `/staff/users/${id('kplayer1')}/profile`, { city: '' });
      expect([byStaff.statusCode, byStaff.json()]).toEqual([422, { error: 'isRequiredArea|city' }]);
      expect(await api.eventCount()).toBe(before);
      const trimmed = await admin('PATCH', `/staff/users/${id('kplayer1')}/profile`, { city: '  Bodrum ' });
      expect(trimmed.json().city).toBe('Bodrum');
    });

    it('a dealer can neither open an account under nor look at the sessions or IP log of a user outside its subtree; nothing is written', async () => {
      const sub = await api.as('ksubdealer1');
      const outsider = id('kplayer2');
      const before = await api.eventCount();
      const open = await sub('POST', '/staff/users', { userName: 'k1foreign', password: 'pass1234', role: 'terminal', parentId: id('kdealer2') });
      expect([open.statusCode, open.json()]).toEqual([403, { error: 'thisOperatorNotYour' }]);
      for (const url of [`/staff/users/${outsider}/sessions`, `/staff/users/${outsider}/session-history`]) {
        const response = await sub('GET', url);
        expect([url, response.statusCode, response.json()]).toEqual([url, 403, { error: 'thisOperatorNotYour' }]);
      }
      const asForeign = await sub('POST', '/sessions/as-user', { userId: outsider });
      expect([asForeign.statusCode, asForeign.json()]).toEqual([403, { error: 'thisOperatorNotYour' }]);
      expect(await api.eventCount()).toBe(before);
      // A top dealer, which does hold ipLogView, still reads no one's log outside its subtree: bahis is another brand.
      const top = await api.as('ktopdealer');
      expect((await top('GET', `/staff/ip-logs?userId=${id('bplayer1', 'bahis')}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
    });

    it('opening limits hold under a race: 8 accounts opened at once against one free slot make exactly one', async () => {
      const admin = await api.as('kadmin');
      // kdealer2 opened kplayer2 in the seed: a user limit of 2 leaves one slot, and no dealer slot.
      expect((await admin('PUT', `/staff/users/${id('kdealer2')}/opening-limits`, { dealers: 0, users: 2 })).statusCode).toBe(200);
      const dealer = await api.as('kdealer2');
      const opened = await Promise.all(Array.from({ length: 8 }, (_, i) => dealer('POST', '/staff/users', { userName: `k2race${i}`, password: 'pass1234', role: 'terminal' })));
      expect(opened.filter((r) => r.statusCode === 201)).toHaveLength(1);
      expect(opened.filter((r) => r.statusCode !== 201).map((r) => r.json().error)).toEqual(Array(7).fill('userSizeError'));
      const subDealer = await dealer('POST', '/staff/users', { userName: 'k2racesub', password: 'pass1234', role: 'subDealer' });
      expect(subDealer.json()).toEqual({ error: 'dealerOpeningLimitExpired' });
      const view = (await admin('GET', `/staff/users/${id('kdealer2')}`)).json();
      expect([view.openingLimits, view.opened]).toEqual([{ dealers: 0, users: 2 }, { dealers: 0, users: 2 }]);
    });

    it('login popup (§5): user name and password 4–20 at the player and operator doors, refused with their keys before any lookup', async () => {
      const before = await api.eventCount();
      const cases: [string, object, string][] = [
        ['/api/v1/sessions', { userName: 'kplayer1', password: 'abc' }, 'minLengthMaxLength|password|4|20'],
        ['/api/v1/sessions', { userName: 'kplayer1', password: 'p'.repeat(21) }, 'minLengthMaxLength|password|4|20'],
        ['/api/v1/sessions', { userName: 'k'.repeat(21), password: 'play1234' }, 'minLengthMaxLength|userName|4|20'],
        ['/api/v1/sessions', { password: 'play1234' }, 'isRequiredArea|userName'],
        ['/api/v1/sessions/operator', { userName: 'kadmin', password: 'adm' }, 'minLengthMaxLength|password|4|20'],
      ];
      for (const [url, payload, key] of cases) {
        const response = await api.app.inject({ method: 'POST', url, headers: headers(), remoteAddress: '10.41.0.1', payload });
        expect([url, response.statusCode, response.json()]).toEqual([url, 400, { error: key }]);
      }
      // Refused by the schema: no failed login was even recorded.
      expect(await api.eventCount()).toBe(before);
    });

    it('behind a proxy (TRUST_PROXY, SECURE_COOKIES): the IP log records the forwarded client address and the cookie is Secure', async () => {
      const proxied = buildApp({ store: storage.store, pool: storage.pool, clock: api.clock.now, passwords: fastTestHasher, trustProxy: true, secureCookies: true });
      try {
        const login = await proxied.inject({ method: 'POST', url: '/api/v1/sessions', headers: { ...headers(), 'x-forwarded-for': '203.0.113.77' }, remoteAddress: '127.0.0.1', payload: { userName: 'kplayer1', password: 'play1234' } });
        expect(login.statusCode).toBe(200);
        expect(login.cookies.find((cookie) => cookie.name === 'kupon_sid')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax' });
        await api.caughtUp();
        const log = await (await api.as('kadmin'))('GET', `/staff/ip-logs?userId=${id('kplayer1')}&ip=203.0.113.77`);
        expect(log.json().entries.map((entry: { ip: string; success: boolean }) => [entry.ip, entry.success])).toEqual([['203.0.113.77', true]]);
      } finally {
        await proxied.close();
      }
    });

    it.each([
      // Unknown names: a known account would be locked after five failures (throttle-http.test.ts).
      ['operator', '/api/v1/sessions/operator', { userName: 'nosuchdealer', password: 'wrong123' }, '198.51.100.61'],
      ['terminal', '/api/v1/sessions/terminal', { userName: 'nosuchterminal', password: '654321' }, '198.51.100.62'],
    ])('rate-limits the %s login door too: the 11th attempt within a minute is 429', async (_door, url, payload, remoteAddress) => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await api.app.inject({ method: 'POST', url, headers: headers(), remoteAddress, payload })).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
    });
  });
}
