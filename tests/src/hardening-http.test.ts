import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

/**
 * Defects found when the api was attacked from outside (issue 23, part 1): permission is decided before
 * a body is looked at, NUL characters never reach the database, and writes racing on one stream answer
 * with their result or a 409, never a 500.
 */
for (const backend of testBackends) {
  describe(`the api hardened against ordinary abuse (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    });
    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const call: MoneyApi['callAs'] = (...args) => api.callAs(...args);

    /** Staff writes, each with a body that would fail validation: who may not write is told so first. */
    const staffWrites = [
      ['POST', '/matches/m1/result', { result: 'nonsense' }],
      ['POST', '/matches/m1/bet-cancellations', { from: 7 }],
      ['POST', '/cards', { amount: 'lots' }],
      ['PUT', '/content-settings/pages/rules', { titles: 3 }],
      ['POST', '/reports/replays', { report: 42 }],
      ['PATCH', '/sites/current/settings', { maintenance: 'maybe' }],
    ] as const;

    it('a player, a dealer or the regulator posting a bad body to a staff route gets 403, never a 400 naming the fields', async () => {
      for (const userName of ['kplayer1', 'kregulator']) {
        for (const [method, url, body] of staffWrites) {
          const answer = await call('kupon', userName, method, url, body);
          expect([answer.statusCode, `${userName} ${method} ${url}`]).toEqual([403, `${userName} ${method} ${url}`]);
          expect(answer.json().error).toMatch(/^(permissionDenied|readOnlyRole)/);
        }
      }
      // A guest is asked to log in, whatever the body.
      const guest = await call('kupon', null, 'POST', '/matches/m1/result', { result: 'nonsense' });
      expect([guest.statusCode, guest.json()]).toEqual([401, { error: 'loginRequired' }]);
      // Staff who may write get the validation's answer.
      const admin = await call('kupon', 'kadmin', 'POST', '/matches/m1/result', { result: 'nonsense' });
      expect(admin.statusCode).toBe(400);
    });

    it('refuses a NUL character in any text input at the wire, naming the field; nothing reaches the database', async () => {
      const read = await call('kupon', 'kplayer1', 'POST', '/content/notifications/read', { notificationIds: ['a\u0000b'] });
      expect([read.statusCode, read.json()]).toEqual([400, { error: 'invalidCharacter|notificationIds.0' }]);
      const profile = await call('kupon', 'kplayer1', 'PATCH', '/me/profile', { city: 'Bur\u0000sa' });
      expect([profile.statusCode, profile.json()]).toEqual([400, { error: 'invalidCharacter|city' }]);
      const query = await call('kupon', 'kplayer1', 'GET', '/wallet/transactions?from=2026-01-01%00');
      expect([query.statusCode, query.json()]).toEqual([400, { error: 'invalidCharacter|from' }]);
      // The same requests without it are served.
      expect((await call('kupon', 'kplayer1', 'POST', '/content/notifications/read', { notificationIds: ['ab'] })).statusCode).toBe(200);
    });

    it('writes racing on one stream each get their result or a 409, never a 500', async () => {
      const cities = Array.from({ length: 12 }, (_, i) => `City${i}`);
      const profiles = await Promise.all(cities.map((city) => call('kupon', 'kplayer1', 'PATCH', '/me/profile', { city })));
      const settings = await Promise.all(cities.map((_, i) => call('kupon', 'kadmin', 'PATCH', '/sites/current/settings', { registerMobileRequired: i % 2 === 0 })));
      for (const answer of [...profiles, ...settings]) {
        expect([200, 409], answer.body).toContain(answer.statusCode);
        if (answer.statusCode === 409) expect(answer.json()).toEqual({ error: 'concurrentUpdate' });
      }
      // A second api process on the same store (its own command runner and cache) writes the same stream at once.
      const other = api.otherProcess();
      const cookie = await api.cookie('kupon', 'kplayer1');
      const elsewhere = (city: string) => other.inject({ method: 'PATCH', url: '/api/v1/me/profile', headers: { 'x-site-id': 'kupon', cookie: `kupon_sid=${cookie}` }, payload: { city } });
      const both = await Promise.all(cities.flatMap((city) => [call('kupon', 'kplayer1', 'PATCH', '/me/profile', { city }), elsewhere(`${city}b`)]));
      for (const answer of both) expect([200, 409], answer.body).toContain(answer.statusCode);
    });
  });
}
