import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';

const SITE = 'kupon';

for (const backend of testBackends) {
  describe(`site stake limits hold under concurrent stakes (${backend.name})`, () => {
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

    const call = async (userName: string, method: 'POST' | 'PATCH', url: string, payload: object) =>
      api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${await api.cookie(SITE, userName)}` }, payload });

    /** `count` coupon requests at once, spread over two api processes on one store; answers tallied by outcome. */
    async function race(userName: string, count: number, body: (i: number) => object): Promise<{ tally: Record<string, number>; accepted: string[] }> {
      const cookie = await api.cookie(SITE, userName);
      const apps = [api.app, api.otherProcess()];
      const answers = await Promise.all(
        Array.from({ length: count }, (_, i) =>
          apps[i % 2]!.inject({ method: 'POST', url: '/api/v1/coupons', headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, payload: body(i) }),
        ),
      );
      const tally: Record<string, number> = {};
      const accepted: string[] = [];
      for (const answer of answers) {
        const key = answer.statusCode === 200 ? 'accepted' : answer.json().error;
        tally[key] = (tally[key] ?? 0) + 1;
        if (answer.statusCode === 200) accepted.push(answer.json().coupon.ticketId);
      }
      return { tally, accepted };
    }

    it('20 identical coupons at once with a same-coupon limit of 3: exactly 3 staked, the rest sameCouponError|3', async () => {
      const settings = await call('kadmin', 'PATCH', '/sites/current/settings', { sameCouponLimit: 3, matchStakeLimit: 0 });
      expect(settings.statusCode, settings.body).toBe(200);
      expect(settings.json().settings).toMatchObject({ sameCouponLimit: 3, matchStakeLimit: 0 });
      // The book's risk limits are staff's to see: a player's and a guest's copy of the settings lack them.
      const shown = async (userName: string | null) =>
        (await api.app.inject({ method: 'GET', url: '/api/v1/sites/current', headers: { 'x-site-id': SITE, ...(userName ? { cookie: `kupon_sid=${await api.cookie(SITE, userName)}` } : {}) } })).json().settings;
      expect(await shown('kadmin')).toMatchObject({ sameCouponLimit: 3, matchStakeLimit: 0 });
      for (const viewer of ['kplayer1', null]) {
        const settings = await shown(viewer);
        expect([settings.defaultLang, 'sameCouponLimit' in settings, 'matchStakeLimit' in settings]).toEqual(['tr', false, false]);
      }
      const player = await api.fund(SITE, 'kplayer1', 100_000);

      const { tally } = await race('kplayer1', 20, (i) => ({ requestId: `same-${String(i).padStart(4, '0')}`, tips: [tip('m1'), tip('m2', 'X')], totalStake: 1_000 }));
      expect(tally).toEqual({ accepted: 3, 'sameCouponError|3': 17 });
      expect(await api.balance(player)).toBe(97_000);

      // Another outcome is another coupon.
      const other = await call('kplayer1', 'POST', '/coupons', { requestId: 'same-other-0001', tips: [tip('m1'), tip('m2', '2')], totalStake: 1_000 });
      expect(other.statusCode, other.body).toBe(200);
    });

    it('20 stakes on one match at once with a match limit of 50.00: exactly 45.00 staked, the rest told 5.00 is left; a cancel gives it back', async () => {
      const settings = await call('kadmin', 'PATCH', '/sites/current/settings', { sameCouponLimit: 0, matchStakeLimit: 5_000 });
      expect(settings.statusCode, settings.body).toBe(200);
      const player = await api.fund(SITE, 'kplayer2', 100_000);

      const outcomes = ['1', 'X', '2'] as const;
      const { tally, accepted } = await race('kplayer2', 20, (i) => ({ requestId: `match-${String(i).padStart(4, '0')}`, tips: [tip('m7', outcomes[i % 3])], totalStake: 1_500 }));
      expect(tally).toEqual({ accepted: 3, 'betLimitForMatches|500': 17 });
      expect(await api.balance(player)).toBe(100_000 - 4_500);

      // The limit is per match: another match still takes the whole limit.
      const elsewhere = await call('kplayer2', 'POST', '/coupons', { requestId: 'match-other-001', tips: [tip('m8')], totalStake: 5_000 });
      expect(elsewhere.statusCode, elsewhere.body).toBe(200);

      await api.settled();
      const cancelled = await call('kplayer2', 'POST', `/coupons/${accepted[0]}/cancel`, {});
      expect(cancelled.json().coupon.status).toBe(-2);
      await api.settled();
      const again = await call('kplayer2', 'POST', '/coupons', { requestId: 'match-again-001', tips: [tip('m7')], totalStake: 2_000 });
      expect(again.statusCode, again.body).toBe(200);
      const over = await call('kplayer2', 'POST', '/coupons', { requestId: 'match-over-0001', tips: [tip('m7')], totalStake: 100 });
      expect(over.json()).toEqual({ error: 'betLimitForMatches|0' });
    });
  });
}
