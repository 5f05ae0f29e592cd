import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openReportsApi, type ReportsApi, tip } from './reports-harness';

interface Winners {
  enabled: boolean;
  currency: string;
  winners: { userName: string; payout: number; stake: number; couponType: string; wonAt: string }[];
}

for (const backend of testBackends) {
  describe(`§3 top winners over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: ReportsApi;

    const winners = async (siteId = 'kupon') => {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/sites/current/top-winners', headers: { 'x-site-id': siteId } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Winners;
    };
    const place = async (requestId: string, matchId: string, stake: number) => {
      const response = await api.call('kplayer1', 'POST', '/coupons', { requestId, tips: [tip(matchId, '1')], totalStake: stake });
      expect(response.statusCode, response.body).toBe(200);
    };

    beforeAll(async () => {
      storage = await backend.open();
      api = await openReportsApi(storage);
      for (const m of ['m1', 'm2']) await api.fixture(m, 1);
      await api.fund('kupon', 'kplayer1', 50_000);
    }, 180_000);
    afterAll(async () => {
      await api.close();
      await storage.close();
    });

    it('off by default; once the admin turns it on, guests see the week’s won coupons, biggest first, names masked, lost ones left out, and nothing older than 7 days', async () => {
      expect(await winners()).toEqual({ enabled: false, currency: 'TRY', winners: [] });
      const admin = await api.as('kadmin', 'kupon');
      expect((await admin('PATCH', '/sites/current/settings', { topWinners: true })).statusCode).toBe(200);

      await place('topwin-small', 'm1', 1_000);
      await place('topwin-big', 'm1', 3_000);
      await place('topwin-lost', 'm2', 2_000);
      await api.result('m1', 2, 1);
      await api.result('m2', 0, 1);
      await api.quiet();

      const shown = await api.poll(winners, (w) => w.winners.length >= 2);
      expect(shown.enabled).toBe(true);
      expect(shown.winners.map((w) => [w.userName, w.stake])).toEqual([
        ['kp***1', 3_000],
        ['kp***1', 1_000],
      ]);
      expect(shown.winners[0]!.payout).toBeGreaterThan(shown.winners[1]!.payout);
      expect(JSON.stringify(shown)).not.toContain('kplayer1');
      // Another brand's strip does not show this brand's players.
      expect((await winners('bahis')).winners).toEqual([]);

      api.advance(8 * 86_400_000);
      expect((await winners()).winners).toEqual([]);
    });
  });
}
