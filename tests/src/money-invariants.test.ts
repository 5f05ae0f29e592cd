import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';

for (const backend of testBackends) {
  describe(`no double spend under concurrent stakes (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
    });
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    it('200 concurrent stakes against a balance that covers 10: exactly 10 accepted, the rest Insufficient credit!, balance exact', async () => {
      const player = await api.fund(SITE, 'kplayer2', 10_000);
      const cookie = await api.cookie(SITE, 'kplayer2');
      // Two api instances on one store, as two processes behind a balancer would be.
      const apps = [api.app, api.otherProcess()];
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          apps[i % 2]!.inject({
            method: 'POST',
            url: '/api/v1/coupons',
            headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` },
            payload: { requestId: `race-${String(i).padStart(4, '0')}`, tips: [tip(`m${(i % 12) + 1}`)], totalStake: 1_000 },
          }),
        ),
      );
      const byStatus = new Map<string, number>();
      for (const answer of answers) {
        const key = answer.statusCode === 200 ? 'accepted' : answer.json().error;
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      }
      expect(Object.fromEntries(byStatus)).toEqual({ accepted: 10, insufficientCredit: 190 });
      expect(await api.balance(player)).toBe(0);
      const wallet = await storage.store.readStream(`wallet-${player}`);
      expect(wallet.filter((e) => e.type === 'CouponStaked')).toHaveLength(10);
      await api.settled();
      const coupons = await storage.pool.query(`select count(*)::int as n from coupons where user_id = $1`, [player]);
      expect(coupons.rows[0]).toEqual({ n: 10 });
    });
  });
}
