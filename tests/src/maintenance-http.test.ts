import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';

/**
 * The site's maintenance switch over HTTP (api/MAINTENANCE.md): the player site closes (players and
 * terminals are refused, and so are its logins and registration) while staff and dealers keep working,
 * and the site's settings stay readable so the player site can show its maintenance page.
 */
for (const backend of testBackends) {
  describe(`maintenance (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      await api.fund(SITE, 'kplayer1', 100_000);
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string | null, payload?: object) =>
      api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, ...(cookie ? { cookie: `kupon_sid=${cookie}` } : {}) }, ...(payload ? { payload } : {}) });
    const as = async (userName: string) => api.cookie(SITE, userName);
    const logIn = (door: '/sessions' | '/sessions/operator' | '/sessions/terminal', userName: string) => inject('POST', door, null, { userName, password: api.login(SITE, userName).password });
    const switchTo = async (maintenance: boolean) => {
      const answer = await inject('PATCH', '/sites/current/settings', await as('kadmin'), { maintenance });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().settings.maintenance).toBe(maintenance);
    };
    const place = async (cookie: string, requestId: string) => inject('POST', '/coupons', cookie, { requestId, tips: [tip('m1')], totalStake: 1_000 });

    it('closes the player site to players, terminals and their logins, keeps the settings readable and staff and dealers at work, and opens again', async () => {
      const player = await as('kplayer1');
      expect((await inject('GET', '/sites/current', null)).json().settings.maintenance).toBe(false);
      await switchTo(true);

      // The player site learns it from its settings, guest or logged in.
      expect((await inject('GET', '/sites/current', null)).json().settings.maintenance).toBe(true);
      expect((await inject('GET', '/sites/current', player)).json().settings.maintenance).toBe(true);
      // A logged-in player can neither bet nor read the wallet; logins and registration are closed.
      for (const answer of [await place(player, 'maint-0001'), await inject('GET', '/wallet', player), await logIn('/sessions', 'kplayer1'), await logIn('/sessions/terminal', 'kterminal1')]) {
        expect([answer.statusCode, answer.json()]).toEqual([503, { error: 'maintenance' }]);
      }
      expect((await inject('POST', '/users', null, {})).json()).toEqual({ error: 'maintenance' });

      // Staff and dealers log in and work in the back office.
      const dealerLogin = await logIn('/sessions/operator', 'kdealer1');
      expect(dealerLogin.statusCode, dealerLogin.body).toBe(200);
      expect((await inject('GET', '/wallet', await as('kdealer1'))).statusCode).toBe(200);

      // The player may still log out; nothing was staked meanwhile.
      expect((await inject('DELETE', '/sessions/current', player)).statusCode).toBe(200);
      await switchTo(false);
      const back = await logIn('/sessions', 'kplayer1');
      expect(back.statusCode, back.body).toBe(200);
      const cookie = /kupon_sid=([^;]+)/.exec(String(back.headers['set-cookie']))?.[1] ?? '';
      expect((await inject('GET', '/wallet', cookie)).json().balance).toBe(100_000);
      const placed = await place(cookie, 'maint-0002');
      expect(placed.statusCode, placed.body).toBe(200);
    });
  });
}
