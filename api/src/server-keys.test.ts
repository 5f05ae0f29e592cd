import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadServerKeys } from './server-keys';

for (const backend of testBackends) {
  describe(`server keys (${backend.name})`, () => {
    let storage: TestStorage;
    beforeEach(async () => {
      storage = await backend.open();
    });
    afterEach(async () => {
      await storage.close();
    });

    it('a restart and a second process get the keys the first start drew; two first starts at once agree', async () => {
      const [first, racing] = await Promise.all([loadServerKeys(storage.pool, {}), loadServerKeys(storage.pool, {})]);
      expect(racing).toEqual(first);
      expect(new Set([first.casino, first.payment, first.ticket]).size).toBe(3);
      expect(first.ticket).toMatch(/^[0-9a-f]{64}$/);
      expect(await loadServerKeys(storage.pool, {})).toEqual(first);
    });

    it("the operator's environment wins, key by key, and leaves the drawn ones as they are", async () => {
      const drawn = await loadServerKeys(storage.pool, {});
      expect(await loadServerKeys(storage.pool, { KUPON_TICKET_SECRET: 'shop-key' })).toEqual({ ...drawn, ticket: 'shop-key' });
      expect(await loadServerKeys(storage.pool, {})).toEqual(drawn);
    });
  });
}
