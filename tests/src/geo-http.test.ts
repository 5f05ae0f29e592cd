import { StreamCommands } from '@kupon/commands';
import { CidrTableLocator } from '@kupon/api';
import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_BOOK } from './money-harness';

/** A table in the documented format (api/GEO.md): documentation ranges standing in for Germany and Turkey. */
const TABLE = `
# range          country
203.0.113.0/24   DE
198.51.100.0/24  TR
198.51.100.128/25 DE   # a longer prefix wins
2001:db8::/32    de
`;
const GERMANY = '203.0.113.5';
const TURKEY = '198.51.100.7';

for (const backend of testBackends) {
  describe(`country blocking (countryNotAllowed) over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage, {
        geo: CidrTableLocator.parse(TABLE),
        trustProxy: true,
        money: { commands: new StreamCommands(storage.store), odds: TEST_BOOK, paymentSecret: 'test-secret' },
      });
    }, 180_000);
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const player = () => api.login('kupon', 'kplayer1');
    const logIn = (remoteAddress: string, headers: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon', ...headers }, remoteAddress, payload: { userName: player().userName, password: player().password } });
    const block = async (countries: unknown) => (await api.as('kadmin'))('PATCH', '/sites/current/settings', { blockedCountries: countries });

    it('nobody is refused while the site blocks no country', async () => {
      expect((await logIn(GERMANY)).statusCode).toBe(200);
    });

    it('an admin blocks countries by their ISO codes; a code that is not one is refused', async () => {
      const bad = await block(['de']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'invalidField|blockedCountries' });
      expect((await block(['DE', 'DE'])).json()).toEqual({ error: 'invalidField|blockedCountries' });
      const saved = await block(['DE', 'NL']);
      expect(saved.statusCode, saved.body).toBe(200);
      const site = await api.app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { 'x-site-id': 'kupon' } });
      expect(site.json().settings.blockedCountries).toEqual(['DE', 'NL']);
    });

    it('a player from a blocked country cannot log in (IPv4, IPv6, longest prefix); elsewhere, private and unknown addresses can', async () => {
      const refused = await logIn(GERMANY);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'countryNotAllowed' });
      expect((await logIn('2001:db8::1')).json()).toEqual({ error: 'countryNotAllowed' });
      expect((await logIn('198.51.100.200')).json()).toEqual({ error: 'countryNotAllowed' });
      expect((await logIn(TURKEY)).statusCode).toBe(200);
      expect((await logIn('192.168.1.20')).statusCode).toBe(200);
      expect((await logIn('8.8.8.8')).statusCode).toBe(200);
    });

    it('behind a trusted proxy the client address in X-Forwarded-For is the one located', async () => {
      expect((await logIn('127.0.0.1', { 'x-forwarded-for': GERMANY })).json()).toEqual({ error: 'countryNotAllowed' });
      expect((await logIn('127.0.0.1', { 'x-forwarded-for': TURKEY })).statusCode).toBe(200);
    });

    it('registration and deposit requests from a blocked country are refused; withdrawals and staff logins are not geo-checked', async () => {
      const register = await api.app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { 'x-site-id': 'kupon' },
        remoteAddress: GERMANY,
        payload: { userName: 'geoblocked1', password: 'secret12', passwordRepeat: 'secret12', email: 'geo@example.com', firstName: 'A', lastName: 'B', captchaId: 'x', captchaCode: 'y' },
      });
      expect([register.statusCode, register.json()]).toEqual([403, { error: 'countryNotAllowed' }]);
      const session = await logIn(TURKEY);
      const cookie = String(session.headers['set-cookie']).split(';')[0]!;
      const ask = (transferType: '1' | '2', remoteAddress: string) =>
        api.app.inject({ method: 'POST', url: '/api/v1/payments/requests', headers: { 'x-site-id': 'kupon', cookie }, remoteAddress, payload: { requestId: `geo-${transferType}-${remoteAddress}`, payId: 1, payCatId: 1, amount: 1_000, transferType } });
      expect((await ask('1', GERMANY)).json()).toEqual({ error: 'countryNotAllowed' });
      expect((await ask('2', GERMANY)).json()).not.toEqual({ error: 'countryNotAllowed' });
      const admin = api.login('kupon', 'kadmin');
      const staff = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/operator', headers: { 'x-site-id': 'kupon' }, remoteAddress: GERMANY, payload: { userName: admin.userName, password: admin.password } });
      expect(staff.statusCode).toBe(200);
    });

    it('unblocking lets the country in again', async () => {
      expect((await block([])).statusCode).toBe(200);
      expect((await logIn(GERMANY)).statusCode).toBe(200);
    });
  });
}
