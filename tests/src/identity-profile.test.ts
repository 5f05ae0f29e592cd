import { openTestApi, type TestApi } from '@kupon/demo/testing';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Smaller than the defaults, so the test shows the routes obey what they are configured with. */
const RATE_LIMITS = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 3, timeWindow: 60_000 },
  forgotPassword: { max: 2, timeWindow: 60_000 },
};

for (const backend of testBackends) {
  describe(`profile update and the register / forgot-password rate limits over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: TestApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openTestApi(storage, { rateLimits: RATE_LIMITS });
      // A fresh migrated PGlite plus the demo seed: slow on a loaded 2-core machine, never a timing claim.
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    const kupon = { 'x-site-id': 'kupon' };
    const as = (userName: string) => api.as(userName, 'kupon');

    it('a player updates its profile and the change is there afterwards', async () => {
      const player = await as('kplayer1');
      const userId = api.login('kupon', 'kplayer1').userId;
      const changes = { sex: 'f', address: 'Atatürk Bulvarı 12', city: 'Ankara', postCode: '06100', countryId: 'TR' };
      const updated = await player('PATCH', '/me/profile', changes);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({ userId, userName: 'kplayer1' });

      // Read back: by the player's own session and in the admin view (which shows the address fields).
      expect((await player('GET', '/me')).json()).toMatchObject({ userId, userName: 'kplayer1', status: 'active' });
      const admin = await as('kadmin');
      const view = await admin('GET', `/staff/users/${userId}`);
      expect(view.statusCode).toBe(200);
      expect(view.json()).toMatchObject(changes);

      // A later partial update changes only what it names.
      expect((await player('PATCH', '/me/profile', { city: 'Eskişehir' })).statusCode).toBe(200);
      expect((await admin('GET', `/staff/users/${userId}`)).json()).toMatchObject({ ...changes, city: 'Eskişehir' });

      const refused = await player('PATCH', '/me/profile', { sex: 'x' });
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.json().error).toMatch(/^sexCanNotbeNull/);
      const anonymous = await api.app.inject({ method: 'PATCH', url: '/api/v1/me/profile', headers: kupon, payload: { city: 'Van' } });
      expect(anonymous.json()).toEqual({ error: 'loginRequired' });
    });

    it(`rate-limits registrations per address: request ${RATE_LIMITS.register.max + 1} within the window is 429`, async () => {
      // An incomplete form: refused by the rules, yet every attempt counts towards the limit.
      const attempt = (remoteAddress: string) => api.app.inject({ method: 'POST', url: '/api/v1/users', headers: kupon, remoteAddress, payload: { userName: 'ratelimited' } });
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.register.max; i++) statuses.push((await attempt('198.51.100.31')).statusCode);
      expect(statuses.slice(0, -1).every((status) => status !== 429)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      expect((await attempt('198.51.100.31')).json().error).toMatch(/^tooManyRequests\|\d+$/);
      // Another address, and the same address on another brand, are not affected.
      expect((await attempt('198.51.100.32')).statusCode).not.toBe(429);
      const otherBrand = await api.app.inject({ method: 'POST', url: '/api/v1/users', headers: { 'x-site-id': 'bahis' }, remoteAddress: '198.51.100.31', payload: { userName: 'ratelimited' } });
      expect(otherBrand.statusCode).not.toBe(429);
    });

    it(`rate-limits forgotten-password requests per address: request ${RATE_LIMITS.forgotPassword.max + 1} within the window is 429`, async () => {
      const attempt = (remoteAddress: string) => api.app.inject({ method: 'POST', url: '/api/v1/password/forgot', headers: kupon, remoteAddress, payload: { userName: 'nosuchuser' } });
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.forgotPassword.max; i++) statuses.push((await attempt('198.51.100.41')).statusCode);
      expect(statuses).toEqual([...Array(RATE_LIMITS.forgotPassword.max).fill(200), 429]);
      expect((await attempt('198.51.100.41')).json().error).toMatch(/^tooManyRequests\|\d+$/);
      expect((await attempt('198.51.100.42')).statusCode).toBe(200);
    });
  });
}
