import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

for (const backend of testBackends) {
  describe(`dealer tree, permissions and brands over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage);
      // A fresh migrated PGlite plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const id = (userName: string, siteId = 'kupon') => api.login(siteId, userName).userId;
    const as = (userName: string, siteId = 'kupon') => api.as(userName, siteId);
    const eventCount = () => api.eventCount();
    const limits = (maxStake: number) => {
      const kind = { minTip: 1, minStake: 100, maxStake, maxPay: 100_000, status: 1 as const };
      return { multiple: kind, combine: kind, system: kind, minOddsCoupon: 0, maxOddsCoupon: 0 };
    };

    /** Every write a staff member can aim at one user. */
    const writesOn = (userId: string): [string, 'PUT' | 'PATCH' | 'DELETE', string, object | undefined][] => [
      ['status', 'PUT', `/staff/users/${userId}/status`, { status: 'passive' }],
      ['products', 'PUT', `/staff/users/${userId}/products`, { sportUser: 0, liveUser: 0, casinoUser: 0, slotUser: 0, virtualUser: 0, bingoUser: 0, tvgamesUser: 0 }],
      ['limits', 'PUT', `/staff/users/${userId}/limits`, limits(20_000)],
      ['permissions', 'PUT', `/staff/users/${userId}/permissions`, { permissions: [] }],
      ['profile', 'PATCH', `/staff/users/${userId}/profile`, { city: 'Ankara' }],
      ['sessions', 'DELETE', `/staff/users/${userId}/sessions`, undefined],
    ];

    it('a dealer reading or changing a user outside its subtree gets 403 thisOperatorNotYour and nothing is written', async () => {
      const sub = await as('ksubdealer1');
      const outsider = id('kplayer2'); // under kdealer2, not under ksubdealer1
      const read = await sub('GET', `/staff/users/${outsider}`);
      expect(read.statusCode).toBe(403);
      expect(read.json()).toEqual({ error: 'thisOperatorNotYour' });
      const dealer2 = await as('kdealer2');
      const before = await eventCount();
      for (const [name, method, url, payload] of writesOn(outsider)) {
        const response = await sub(method, url, payload);
        expect([name, response.statusCode, response.json()]).toEqual([name, 403, { error: 'thisOperatorNotYour' }]);
      }
      // A dealer above in another branch is outside too: kdealer2 cannot touch ksubdealer1's player.
      expect((await dealer2('PUT', `/staff/users/${id('kplayer1')}/status`, { status: 'passive' })).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect(await eventCount()).toBe(before);
      expect((await (await as('kadmin'))('GET', `/staff/users/${outsider}`)).json().status).toBe('active');
    });

    it('a dealer manages its own subtree, down every level', async () => {
      const top = await as('ktopdealer');
      const player = id('kplayer1'); // topdealer → dealer1 → subdealer1 → player1
      const read = await top('GET', `/staff/users/${player}`);
      expect(read.statusCode).toBe(200);
      expect(read.json().ancestors).toEqual([id('kadmin'), id('ktopdealer'), id('kdealer1'), id('ksubdealer1')]);
      const products = await top('PUT', `/staff/users/${player}/products`, { sportUser: 1, liveUser: 0, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 0, tvgamesUser: 1 });
      expect(products.statusCode).toBe(200);
      expect(products.json().products).toMatchObject({ liveUser: 0, bingoUser: 0 });

      await api.caughtUp();
      const list = await (await as('kdealer1'))('GET', '/staff/users');
      expect(list.json().users.map((u: { userName: string }) => u.userName).sort()).toEqual(['kplayer1', 'ksubdealer1', 'kterminal1']);
      const tree = await (await as('kdealer2'))('GET', '/staff/dealer-tree');
      expect(tree.json().nodes.map((n: { userName: string }) => n.userName)).toEqual(['kplayer2']);
    });

    it('betting limits: 0 means none, a dealer may only raise them, an admin may set any', async () => {
      const dealer = await as('kdealer2');
      const player = id('kplayer2');
      expect((await dealer('PUT', `/staff/users/${player}/limits`, limits(20_000))).statusCode).toBe(200);
      const lower = await dealer('PUT', `/staff/users/${player}/limits`, limits(15_000));
      expect(lower.statusCode).toBe(422);
      expect(lower.json()).toEqual({ error: 'limitCanOnlyBeRaised|multiple.maxStake|20000' });
      expect((await dealer('PUT', `/staff/users/${player}/limits`, limits(0))).json().limits.multiple.maxStake).toBe(0);
      expect((await dealer('PUT', `/staff/users/${player}/limits`, limits(50_000))).json()).toEqual({ error: 'limitCanOnlyBeRaised|multiple.maxStake|0' });
      const admin = await as('kadmin');
      expect((await admin('PUT', `/staff/users/${player}/limits`, limits(5_000))).json().limits.multiple.maxStake).toBe(5_000);
      const negative = await admin('PUT', `/staff/users/${player}/limits`, { ...limits(5_000), minOddsCoupon: -1 });
      expect(negative.statusCode).toBe(400);
    });

    it('opening limits: a dealer opens sub-dealers and users only up to its limits, and nothing of a refused account remains', async () => {
      const admin = await as('kadmin');
      const dealerId = id('kdealer2');
      expect((await admin('PUT', `/staff/users/${dealerId}/opening-limits`, { dealers: 1, users: 2 })).statusCode).toBe(200);
      const dealer = await as('kdealer2');
      const open = (userName: string, role: string) => dealer('POST', '/staff/users', { userName, password: 'pass1234', role, ...(role === 'player' ? personal(userName) : {}) });

      expect((await open('k2sub1', 'subDealer')).statusCode).toBe(201);
      const secondSub = await open('k2sub2', 'subDealer');
      expect(secondSub.statusCode).toBe(422);
      expect(secondSub.json()).toEqual({ error: 'dealerOpeningLimitExpired' });

      // kdealer2 opened kplayer2 in the seed already: one user slot left.
      expect((await open('k2player1', 'player')).statusCode).toBe(201);
      const tooMany = await open('k2player2', 'player');
      expect(tooMany.json()).toEqual({ error: 'userSizeError' });
      const terminal = await open('k2terminal', 'terminal');
      expect(terminal.json()).toEqual({ error: 'userSizeError' });
      // The refused names were released: another brand-mate may take them.
      const available = await api.app.inject({ method: 'GET', url: '/api/v1/users/availability/username?value=k2player2', headers: { 'x-site-id': 'kupon' } });
      expect(available.json()).toEqual({ available: true });

      const cannotOpenAdmin = await open('k2admin1', 'admin');
      expect(cannotOpenAdmin.json()).toEqual({ error: 'permissionDenied|admin' });
    });

    it('editable permissions: without userOpen a dealer opens no one; nobody grants what it does not hold', async () => {
      const admin = await as('kadmin');
      const top = await as('ktopdealer');
      const dealerId = id('kdealer1');
      expect((await top('PUT', `/staff/users/${dealerId}/permissions`, { permissions: ['reportsView', 'couponSell'] })).statusCode).toBe(200);
      const dealer = await as('kdealer1');
      const refused = await dealer('POST', '/staff/users', { userName: 'k1player9', password: 'pass1234', role: 'player', ...personal('k1player9') });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'permissionDenied|userOpen' });
      // ksubdealer1 may not hand kplayer-level permissions it lacks to anyone; a dealer cannot grant what it lacks.
      const grant = await dealer('PUT', `/staff/users/${id('ksubdealer1')}/permissions`, { permissions: ['couponCancel'] });
      expect(grant.json()).toEqual({ error: 'permissionDenied|couponCancel' });
      const restored = await admin('PUT', `/staff/users/${dealerId}/permissions`, { permissions: ['couponCancel', 'couponPaymentView', 'couponSell', 'userOpen', 'dealerOpen', 'userEdit', 'limitsEdit', 'reportsView'] });
      expect(restored.statusCode).toBe(200);
    });

    it('an admin edits a dealer role’s permission set: every dealer logs in again and works within it', async () => {
      const admin = await as('kadmin');
      const dealerSession = await api.logIn('kupon', 'kdealer2');
      const me = (sid: string) => api.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-site-id': 'kupon' }, cookies: { kupon_sid: sid } });
      const narrowed = await admin('PUT', '/sites/current/role-permissions/dealer', { permissions: ['reportsView', 'couponSell'] });
      expect(narrowed.statusCode).toBe(200);
      expect(narrowed.json().roles.dealer).toEqual(['couponSell', 'reportsView']);
      expect((await me(dealerSession)).statusCode).toBe(401);
      // Sub-dealers' sessions are untouched by an edit of the dealer role.
      const sub = await api.logIn('kupon', 'ksubdealer1');
      await admin('PUT', '/sites/current/role-permissions/dealer', { permissions: ['reportsView', 'couponSell', 'userEdit'] });
      expect((await me(sub)).statusCode).toBe(200);

      const dealer = await as('kdealer2');
      const refused = await dealer('POST', '/staff/users', { userName: 'k2roleless', password: 'pass1234', role: 'player', ...personal('k2roleless') });
      expect(refused.json()).toEqual({ error: 'permissionDenied|userOpen' });
      const regulatorCannot = await (await as('kregulator'))('PUT', '/sites/current/role-permissions/dealer', { permissions: [] });
      expect(regulatorCannot.json()).toEqual({ error: 'readOnlyRole' });
      const restored = await admin('PUT', '/sites/current/role-permissions/dealer', { permissions: ['couponCancel', 'couponPaymentView', 'couponSell', 'creditSend', 'creditCut', 'userOpen', 'dealerOpen', 'userEdit', 'limitsEdit', 'reportsView'] });
      expect(restored.statusCode).toBe(200);
      expect((await (await as('kdealer2'))('GET', '/staff/dealer-tree')).statusCode).toBe(200);
    });

    it('a passive user cannot log in and loses its sessions', async () => {
      const sid = await api.logIn('kupon', 'kterminal1');
      const sub = await as('ksubdealer1');
      expect((await sub('PUT', `/staff/users/${id('kterminal1')}/status`, { status: 'passive' })).json().status).toBe('passive');
      const me = await api.app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-site-id': 'kupon' }, cookies: { kupon_sid: sid } });
      expect(me.statusCode).toBe(401);
      const login = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/terminal', headers: { 'x-site-id': 'kupon' }, remoteAddress: '10.6.0.1', payload: { userName: 'kterminal1', password: '123456' } });
      expect(login.json()).toEqual({ error: 'userPassive' });
      expect((await sub('PUT', `/staff/users/${id('kterminal1')}/status`, { status: 'active' })).statusCode).toBe(200);
    });

    it('the regulator reads users, the dealer tree and IP logs, and every write is refused with nothing written', async () => {
      await api.caughtUp();
      const regulator = await as('kregulator');
      expect((await regulator('GET', '/staff/users')).statusCode).toBe(200);
      expect((await regulator('GET', `/staff/users/${id('kplayer1')}`)).statusCode).toBe(200);
      expect((await regulator('GET', '/staff/dealer-tree')).statusCode).toBe(200);
      expect((await regulator('GET', '/staff/ip-logs')).statusCode).toBe(200);
      const before = await eventCount();
      const writes: [string, 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, object | undefined][] = [
        ...writesOn(id('kplayer1')),
        ['open account', 'POST', '/staff/users', { userName: 'regplayer', password: 'pass1234', role: 'player', ...personal('regplayer') }],
        ['opening limits', 'PUT', `/staff/users/${id('kdealer1')}/opening-limits`, { dealers: 5, users: 5 }],
        ['own profile', 'PATCH', '/me/profile', { city: 'Izmir' }],
        ['own password', 'POST', '/me/password', { currentPassword: 'regu1234', newPassword: 'regu5678' }],
        ['site settings', 'PATCH', '/sites/current/settings', { loginScreen: true }],
        ['login as user', 'POST', '/sessions/as-user', { userId: id('kplayer1') }],
      ];
      for (const [name, method, url, payload] of writes) {
        const response = await regulator(method, url, payload);
        expect([name, response.statusCode, response.json()]).toEqual([name, 403, { error: 'readOnlyRole' }]);
      }
      expect(await eventCount()).toBe(before);
      // Logging out is not a change to anything: allowed.
      expect((await regulator('DELETE', '/sessions/current')).statusCode).toBe(200);
    });

    it('brands are isolated: staff of one site neither see nor change users of another', async () => {
      const bahisAdmin = await as('badmin', 'bahis');
      const kuponPlayer = id('kplayer1');
      expect((await bahisAdmin('GET', `/staff/users/${kuponPlayer}`)).json()).toEqual({ error: 'thisOperatorNotYour' });
      expect((await bahisAdmin('PUT', `/staff/users/${kuponPlayer}/status`, { status: 'passive' })).json()).toEqual({ error: 'thisOperatorNotYour' });
      await api.caughtUp();
      const list = await bahisAdmin('GET', '/staff/users?limit=200');
      expect(list.json().users.every((u: { userName: string }) => u.userName.startsWith('b'))).toBe(true);
      const logs = await bahisAdmin('GET', `/staff/ip-logs?userId=${kuponPlayer}`);
      expect(logs.json()).toEqual({ error: 'thisOperatorNotYour' });
      // A kupon session sent to bahis is no session there.
      const kuponAdmin = await api.logIn('kupon', 'kadmin');
      const crossed = await api.app.inject({ method: 'GET', url: '/api/v1/staff/users', headers: { 'x-site-id': 'bahis' }, cookies: { kupon_sid: kuponAdmin } });
      expect(crossed.json()).toEqual({ error: 'loginRequired' });
    });

    it('players and terminals reach no staff route', async () => {
      const player = await as('kplayer1');
      const response = await player('GET', '/staff/users');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'permissionDenied|player' });
      const anonymous = await api.app.inject({ method: 'GET', url: '/api/v1/staff/users', headers: { 'x-site-id': 'kupon' } });
      expect(anonymous.json()).toEqual({ error: 'loginRequired' });
    });
  });
}

function personal(userName: string) {
  return { firstName: 'Demo', lastName: userName, birthDate: '01.01.1990', sex: 'm', address: 'Street 1', city: 'Bursa', postCode: '16000', countryId: 'TR' };
}
