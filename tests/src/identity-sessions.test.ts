import { openTestApi, sessionCookie, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

for (const backend of testBackends) {
  describe(`sessions and login over HTTP (${backend.name})`, () => {
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

    const kupon = { 'x-site-id': 'kupon' };
    const me = (sid: string, app = api.app, site = 'kupon') => app.inject({ method: 'GET', url: '/api/v1/me', headers: { 'x-site-id': site }, cookies: { kupon_sid: sid } });
    let address = 0;
    const playerLogin = (userName: string, password: string, cookies: Record<string, string> = {}) =>
      api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: `10.9.0.${++address % 250}`, cookies, payload: { userName, password } });

    it('sets a fresh, httpOnly, SameSite session cookie at every login (no session fixation)', async () => {
      const planted = 'attacker-chosen-session-id-0123456789';
      const first = await playerLogin('kplayer1', 'play1234', { kupon_sid: planted });
      expect(first.statusCode).toBe(200);
      const cookie = first.cookies.find((c) => c.name === 'kupon_sid')!;
      expect(cookie.value).not.toBe(planted);
      expect(cookie.value.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits as base64url
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect((await me(planted)).statusCode).toBe(401);

      // Logging in again from a live session replaces it: the old id stops working.
      const second = await playerLogin('kplayer1', 'play1234', { kupon_sid: cookie.value });
      const renewed = sessionCookie(second)!;
      expect(renewed).not.toBe(cookie.value);
      expect((await me(cookie.value)).statusCode).toBe(401);
      expect((await me(renewed)).json().userName).toBe('kplayer1');
    });

    it('refuses a wrong password and an unknown user alike, and logs every attempt by IP', async () => {
      const wrong = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '192.0.2.7', payload: { userName: 'kplayer2', password: 'nope1234' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'incorrectUsernameOrPassword' });
      const unknown = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '192.0.2.7', payload: { userName: 'nobody99', password: 'nope1234' } });
      expect(unknown.json()).toEqual({ error: 'incorrectUsernameOrPassword' });
      const ok = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { ...kupon, 'user-agent': 'test-browser' }, remoteAddress: '192.0.2.8', payload: { userName: 'kplayer2', password: 'play1234' } });
      expect(ok.statusCode).toBe(200);

      await api.caughtUp();
      const admin = await api.logIn('kupon', 'kadmin');
      const log = await api.app.inject({ method: 'GET', url: `/api/v1/staff/ip-logs?userId=${api.login('kupon', 'kplayer2').userId}`, headers: kupon, cookies: { kupon_sid: admin } });
      expect(log.statusCode).toBe(200);
      const entries = log.json().entries as { ip: string; success: boolean; reason: string | null; userAgent: string }[];
      expect(entries.map((e) => [e.ip, e.success, e.reason])).toEqual([
        ['192.0.2.8', true, null],
        ['192.0.2.7', false, 'incorrectUsernameOrPassword'],
      ]);
      expect(entries[0]!.userAgent).toBe('test-browser');
    });

    it('rate-limits login attempts per address: the 11th within a minute is 429', async () => {
      // An unknown name: a known account would be locked after five failures (throttle-http.test.ts).
      const attempt = () => api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '198.51.100.1', payload: { userName: 'nosuchplayer', password: 'wrong123' } });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([...Array(10).fill(401), 429]);
      const limited = await attempt();
      expect(limited.json().error).toMatch(/^tooManyRequests\|\d+$/);
      // Another address is not affected.
      const other = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '198.51.100.2', payload: { userName: 'kplayer2', password: 'play1234' } });
      expect(other.statusCode).toBe(200);
    });

    it('each door takes its own roles: players at userLogin, staff at operator login, terminals at hand login', async () => {
      const asPlayer = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '10.8.0.1', payload: { userName: 'kadmin', password: 'admin123' } });
      expect(asPlayer.json()).toEqual({ error: 'incorrectUsernameOrPassword' });
      const playerAsOperator = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/operator', headers: kupon, remoteAddress: '10.8.0.1', payload: { userName: 'kplayer1', password: 'play1234' } });
      expect(playerAsOperator.json()).toEqual({ error: 'incorrectUsernameOrPassword' });
      const terminal = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/terminal', headers: kupon, remoteAddress: '10.8.0.1', payload: { userName: 'kterminal1', password: '123456', machineId: 'shop-1' } });
      expect(terminal.statusCode).toBe(200);
      expect(terminal.json().user.role).toBe('terminal');
      const keypadTooLong = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/terminal', headers: kupon, remoteAddress: '10.8.0.1', payload: { userName: 'kterminal1', password: '1234567' } });
      expect(keypadTooLong.json()).toEqual({ error: 'minLengthMaxLength|password|4|6' });
      const shortName = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: kupon, remoteAddress: '10.8.0.1', payload: { userName: 'abc', password: 'play1234' } });
      expect(shortName.json()).toEqual({ error: 'minLengthMaxLength|userName|4|20' });
    });

    it('loginwithuser: a dealer opens a session as a player of its subtree, never of another', async () => {
      const sub = await api.logIn('kupon', 'ksubdealer1');
      const own = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/as-user', headers: kupon, cookies: { kupon_sid: sub }, payload: { userId: api.login('kupon', 'kplayer1').userId } });
      expect(own.statusCode).toBe(200);
      expect((await me(sessionCookie(own)!)).json().userName).toBe('kplayer1');
      const foreign = await api.app.inject({ method: 'POST', url: '/api/v1/sessions/as-user', headers: kupon, cookies: { kupon_sid: sub }, payload: { userId: api.login('kupon', 'kplayer2').userId } });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({ error: 'thisOperatorNotYour' });
      expect(sessionCookie(foreign)).toBeUndefined();
    });

    it('ends an idle session after 30 minutes and any session after 12 hours', async () => {
      const sid = await api.logIn('kupon', 'kplayer1');
      api.clock.advance(29 * 60_000);
      expect((await me(sid)).statusCode).toBe(200);
      api.clock.advance(29 * 60_000);
      expect((await me(sid)).statusCode).toBe(200);
      api.clock.advance(30 * 60_000);
      expect((await me(sid)).json()).toEqual({ error: 'loginRequired' });

      // Used every 20 minutes: alive until its 12th hour, however busy.
      const busy = await api.logIn('kupon', 'kplayer1');
      const seen: number[] = [];
      for (let step = 1; step <= 36; step++) {
        api.clock.advance(20 * 60_000);
        seen.push((await me(busy)).statusCode);
      }
      expect(seen).toEqual([...Array(35).fill(200), 401]);
    });

    it('logout ends one session; logout everywhere ends them all, in every api process', async () => {
      const phone = await api.logIn('kupon', 'kplayer1');
      const laptop = await api.logIn('kupon', 'kplayer1');
      const other = api.secondApp();
      expect((await me(laptop, other)).statusCode).toBe(200);

      const out = await api.app.inject({ method: 'DELETE', url: '/api/v1/sessions/current', headers: kupon, cookies: { kupon_sid: phone } });
      expect(out.statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      expect((await me(laptop)).statusCode).toBe(200);

      const tablet = await api.logIn('kupon', 'kplayer1');
      const everywhere = await other.inject({ method: 'DELETE', url: '/api/v1/sessions', headers: kupon, cookies: { kupon_sid: tablet } });
      expect(everywhere.statusCode).toBe(200);
      expect((await me(laptop)).statusCode).toBe(401);
      expect((await me(tablet)).statusCode).toBe(401);
      expect((await me(await api.logIn('kupon', 'kplayer1'))).statusCode).toBe(200);
    });

    it('staff end a user’s sessions; a permission change forces the dealer to log in again with the new set', async () => {
      const player = await api.logIn('kupon', 'kplayer2');
      const dealer = await api.logIn('kupon', 'kdealer2');
      const ended = await api.app.inject({ method: 'DELETE', url: `/api/v1/staff/users/${api.login('kupon', 'kplayer2').userId}/sessions`, headers: kupon, cookies: { kupon_sid: dealer } });
      expect(ended.statusCode).toBe(200);
      expect((await me(player)).statusCode).toBe(401);
      await api.caughtUp();
      const history = await api.app.inject({ method: 'GET', url: `/api/v1/staff/users/${api.login('kupon', 'kplayer2').userId}/session-history`, headers: kupon, cookies: { kupon_sid: dealer } });
      const sessions = history.json().sessions as { endedAt: string | null; endReason: string | null }[];
      expect(sessions.length).toBeGreaterThan(0);
      expect(sessions.every((s) => s.endedAt !== null)).toBe(true);
      expect(sessions[0]!.endReason).toBe('sessionsEnded');

      const admin = await api.logIn('kupon', 'kadmin');
      const dealerId = api.login('kupon', 'kdealer2').userId;
      const changed = await api.app.inject({ method: 'PUT', url: `/api/v1/staff/users/${dealerId}/permissions`, headers: kupon, cookies: { kupon_sid: admin }, payload: { permissions: ['reportsView', 'userOpen'] } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().permissions).toEqual(['reportsView', 'userOpen']);
      expect((await me(dealer)).statusCode).toBe(401);
      const again = await api.logIn('kupon', 'kdealer2');
      expect((await me(again)).json().permissions).toEqual(['reportsView', 'userOpen']);
    });

    it('change password: wrong current password refused; afterwards old sessions end and the new password works', async () => {
      const sid = await api.logIn('kupon', 'kplayer2');
      const elsewhere = await api.logIn('kupon', 'kplayer2');
      const wrong = await api.app.inject({ method: 'POST', url: '/api/v1/me/password', headers: kupon, cookies: { kupon_sid: sid }, payload: { currentPassword: 'nope1234', newPassword: 'fresh123' } });
      expect(wrong.json()).toEqual({ error: 'currentPasswordIncorrect' });
      const tooShort = await api.app.inject({ method: 'POST', url: '/api/v1/me/password', headers: kupon, cookies: { kupon_sid: sid }, payload: { currentPassword: 'play1234', newPassword: 'abc' } });
      expect(tooShort.json()).toEqual({ error: 'minLengthMaxLength|newPassword|4|20' });
      const ok = await api.app.inject({ method: 'POST', url: '/api/v1/me/password', headers: kupon, cookies: { kupon_sid: sid }, payload: { currentPassword: 'play1234', newPassword: 'fresh123' } });
      expect(ok.json()).toEqual({ status: true, message: 'userPassChangeSuccess' });
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await me(sessionCookie(ok)!)).statusCode).toBe(200);
      expect((await playerLogin('kplayer2', 'play1234')).statusCode).toBe(401);
      expect((await playerLogin('kplayer2', 'fresh123')).statusCode).toBe(200);
    });

    it('a session of one brand is no session on another', async () => {
      const sid = await api.logIn('kupon', 'kplayer1');
      expect((await me(sid, api.app, 'kupon')).statusCode).toBe(200);
      expect((await me(sid, api.app, 'bahis')).json()).toEqual({ error: 'loginRequired' });
      const wrongBrand = await api.app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'bahis' }, remoteAddress: '10.7.0.1', payload: { userName: 'kplayer1', password: 'play1234' } });
      expect(wrongBrand.json()).toEqual({ error: 'incorrectUsernameOrPassword' });
    });
  });
}
