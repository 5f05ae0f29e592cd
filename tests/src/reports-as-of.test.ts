import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY1, openReportsApi, type ReportsApi, tip } from './reports-harness';

interface LiabilityLine {
  matchId: string;
  outcome: string;
  openStake: number;
  potentialPayout: number;
  coupons: number;
}
interface Wager {
  couponId: string;
  userName: string;
  stake: number;
  status: string;
  payout: number;
  cancelledByName: string | null;
  reason: string | null;
}
interface IpLogLine {
  userName: string;
  success: boolean;
  at: string;
}

/** `hh:mm` or `hh:mm:ss` on the scenario's day. */
const at = (time: string) => `${DAY1}T${time.length === 5 ? `${time}:00` : time}.000Z`;

/**
 * Liability, wagers and IP logs "as of" a past time or log position (issue 8), like the money
 * reports: each shows what stood then, not what stands now.
 *
 * The day (the clock starts at 12:00): 13:00 two players log in and place three single coupons
 * (kplayer1 on m1 and m3, kplayer2 on m2) and a double (kplayer2 on m4 and m5); 13:01 kplayer1 logs
 * in again and cancels the m3 coupon; 15:00 m1, m2 and m4 end (kplayer1's m1 coupon won, kplayer2's
 * single lost, and so did the double, its m5 leg still without a result); 16:00 the m1 result is
 * rolled back, so the won coupon waits again; 17:00 the staff read the reports.
 */
for (const backend of testBackends) {
  describe(`reports as of a past moment: liability, wagers, IP logs (${backend.name})`, () => {
    let storage: TestStorage;
    let api: ReportsApi;
    /** The log position right after the three coupons were placed. */
    let afterPlacement: string;
    const coupons: Record<'won' | 'lost' | 'cancelled' | 'double', string> = { won: '', lost: '', cancelled: '', double: '' };

    const lastPosition = async () => {
      const { rows } = await storage.pool.query<{ c: string; p: string }>('select transaction_id::text as c, global_position::text as p from es_events order by transaction_id desc, global_position desc limit 1');
      return `${rows[0]!.c}:${rows[0]!.p}`;
    };

    beforeAll(async () => {
      storage = await backend.open();
      api = await openReportsApi(storage);
      for (const m of ['m1', 'm2', 'm3', 'm4', 'm5']) await api.fixture(m, 1);
      await api.fund('kupon', 'kplayer1', 10_000);
      await api.fund('kupon', 'kplayer2', 10_000);

      api.advance(3600_000); // 13:00
      const place = async (userName: string, requestId: string, matchIds: string | string[], totalStake: number) => {
        const placed = await api.call(userName, 'POST', '/coupons', { requestId, tips: [matchIds].flat().map((m) => tip(m)), totalStake });
        expect(placed.statusCode, placed.body).toBe(200);
        return (placed.json() as { coupon: { ticketId: string } }).coupon.ticketId;
      };
      coupons.won = await place('kplayer1', 'asof-coupon-won', 'm1', 1_000);
      coupons.lost = await place('kplayer2', 'asof-coupon-lost', 'm2', 2_000);
      coupons.cancelled = await place('kplayer1', 'asof-coupon-cancelled', 'm3', 500);
      coupons.double = await place('kplayer2', 'asof-coupon-double', ['m4', 'm5'], 1_000);
      await api.quiet();
      afterPlacement = await lastPosition();

      api.advance(60_000); // 13:01, within the cancel period
      const cancelled = await api.call('kplayer1', 'POST', `/coupons/${coupons.cancelled}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      await api.quiet();

      api.advance(2 * 3600_000 - 60_000); // 15:00
      await api.result('m1', 2, 1);
      await api.result('m2', 0, 1);
      await api.result('m4', 0, 1);
      await api.quiet();

      api.advance(3600_000); // 16:00
      await api.rollBack('m1');
      await api.quiet();
      api.advance(3600_000); // 17:00
    }, 240_000);

    afterAll(async () => {
      await api?.close();
      await storage?.close();
    });

    const json = async <T>(url: string): Promise<T> => {
      const response = await api.call('kadmin', 'GET', url);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as T;
    };
    const liability = async (query: string) => {
      const report = await json<{ rows: LiabilityLine[]; total: number; asOf: unknown }>(`/reports/liability${query}`);
      return report.rows.map((r) => [r.matchId, r.outcome, r.openStake, r.potentialPayout, r.coupons] as const);
    };
    const singles = async (query: string) => (await liability(query)).filter(([matchId]) => ['m1', 'm2', 'm3'].includes(matchId));

    it('liability as of a moment counts the coupons open then: none before placement, each until its result or cancel, none after, the rolled-back one again', async () => {
      const open = [
        ['m2', '1', 2_000, 3_700, 1],
        ['m1', '1', 1_000, 1_850, 1],
        ['m3', '1', 500, 925, 1],
      ];
      expect(await liability(`?asOf=${at('12:30')}`)).toEqual([]);
      expect(await singles(`?asOf=${at('13:00:30')}`)).toEqual(open);
      expect(await singles(`?asOfPosition=${afterPlacement}`)).toEqual(open);
      expect(await singles(`?asOf=${at('14:00')}`)).toEqual(open.slice(0, 2));
      expect(await liability(`?asOf=${at('15:30')}`)).toEqual([]);
      // The m1 result was withdrawn at 16:00: its coupon is open again, now and as of any moment since.
      expect(await liability(`?asOf=${at('16:30')}`)).toEqual([['m1', '1', 1_000, 1_850, 1]]);
      expect(await liability('')).toEqual([['m1', '1', 1_000, 1_850, 1]]);
      expect(await liability(`?asOf=${at('13:00:30')}&matchId=m3`)).toEqual([['m3', '1', 500, 925, 1]]);
      // The double counts on both its legs until m4 decides it lost; its m5 leg, still without a result, then no longer counts.
      const double = async (query: string) => (await liability(query)).filter(([matchId]) => matchId === 'm4' || matchId === 'm5');
      const both = [
        ['m4', '1', 1_000, 3_422, 1],
        ['m5', '1', 1_000, 3_422, 1],
      ];
      expect(await double(`?asOf=${at('14:00')}`)).toEqual(both);
      expect(await double(`?asOfPosition=${afterPlacement}`)).toEqual(both);
      expect(await double(`?asOf=${at('15:30')}`)).toEqual([]);
      expect(await double('')).toEqual([]);
      const report = await json<{ asOf: unknown }>(`/reports/liability?asOfPosition=${afterPlacement}`);
      expect(report.asOf).toEqual({ at: null, position: afterPlacement });
    });

    it('wagers as of a moment show each coupon as it stood then: waiting before the results, won, lost or cancelled after', async () => {
      const wagers = async (query: string) => {
        const report = await json<{ rows: Wager[]; total: number }>(`/reports/wagers${query}`);
        const byId = new Map(report.rows.map((r) => [r.couponId, [r.status, r.payout, r.cancelledByName, r.reason]]));
        return { total: report.total, won: byId.get(coupons.won), lost: byId.get(coupons.lost), cancelled: byId.get(coupons.cancelled), double: byId.get(coupons.double) };
      };
      expect(await wagers(`?asOf=${at('12:30')}`)).toEqual({ total: 0, won: undefined, lost: undefined, cancelled: undefined, double: undefined });
      const waiting = ['waiting', 0, null, null];
      const cancelled = ['cancelled', 0, 'kplayer1', 'cancelledByPlayer'];
      const lost = ['lost', 0, null, null];
      expect(await wagers(`?asOf=${at('13:00:30')}`)).toEqual({ total: 4, won: waiting, lost: waiting, cancelled: waiting, double: waiting });
      expect(await wagers(`?asOfPosition=${afterPlacement}`)).toEqual({ total: 4, won: waiting, lost: waiting, cancelled: waiting, double: waiting });
      expect(await wagers(`?asOf=${at('14:00')}`)).toEqual({ total: 4, won: waiting, lost: waiting, cancelled, double: waiting });
      expect(await wagers(`?asOf=${at('15:30')}`)).toEqual({ total: 4, won: ['won', 1_850, null, null], lost, cancelled, double: lost });
      // Now the rolled-back coupon waits again; the others keep their fate.
      expect(await wagers('')).toEqual({ total: 4, won: waiting, lost, cancelled, double: lost });

      // The status filter asks about the fate then, not now.
      expect((await json<{ rows: Wager[] }>(`/reports/wagers?status=cancelled&asOf=${at('13:00:30')}`)).rows).toEqual([]);
      expect((await json<{ rows: Wager[] }>(`/reports/wagers?status=cancelled&asOf=${at('14:00')}`)).rows.map((r) => r.couponId)).toEqual([coupons.cancelled]);
      const csv = await api.call('kadmin', 'GET', `/reports/wagers?asOf=${at('13:00:30')}&format=csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.body.split('\r\n').filter((line) => line.includes(',waiting,'))).toHaveLength(4);
    });

    it('IP logs as of a moment hide the logins after it', async () => {
      const logins = async (query: string) => {
        const report = await json<{ entries: IpLogLine[]; asOf: unknown }>(`/reports/ip-logs?limit=500${query}`);
        return report.entries.filter((e) => e.userName === 'kplayer1' || e.userName === 'kadmin').map((e) => [e.userName, e.success, e.at]);
      };
      // The staff member reading logs in on the first call; the IP log read model follows the log a moment behind.
      await json('/reports/catalog');
      await api.caughtUp();
      const now = await logins('');
      expect(now).toEqual(expect.arrayContaining([['kadmin', true, at('17:00')], ['kplayer1', true, at('13:01')], ['kplayer1', true, at('13:00')]]));
      expect(await logins(`&asOf=${at('13:00:30')}`)).toEqual([['kplayer1', true, at('13:00')]]);
      expect(await logins(`&asOf=${at('14:00')}`)).toEqual([
        ['kplayer1', true, at('13:01')],
        ['kplayer1', true, at('13:00')],
      ]);
      expect(await logins(`&asOfPosition=${afterPlacement}`)).toEqual([['kplayer1', true, at('13:00')]]);
      expect(await logins(`&asOf=${at('12:30')}`)).toEqual([]);
      const report = await json<{ asOf: unknown; total: number }>(`/reports/ip-logs?asOf=${at('14:00')}`);
      expect(report.asOf).toEqual({ at: at('14:00'), position: null });
    });

    it('a replay rebuilds each from position 0 and answers the same as of every moment', async () => {
      const moments = ['', `?asOf=${at('13:00:30')}`, `?asOf=${at('14:00')}`, `?asOf=${at('15:30')}`, `?asOfPosition=${afterPlacement}`];
      const answers = async () => Promise.all(['liability', 'wagers', 'ip-logs'].flatMap((report) => moments.map((moment) => json<object>(`/reports/${report}${moment}${moment ? '&' : '?'}limit=500`))));
      await api.caughtUp();
      const before = await answers();
      for (const report of ['liability', 'wagers', 'ip-logs']) {
        const started = await api.call('kadmin', 'POST', '/reports/replays', { report });
        expect(started.statusCode, started.body).toBe(202);
        const { replayId } = started.json() as { replayId: string };
        const done = await api.poll(
          () => json<{ state: string; build: number }>(`/reports/replays/${replayId}`),
          (view) => view.state === 'live' || view.state === 'failed',
        );
        expect([report, done.state, done.build]).toEqual([report, 'live', 1]);
      }
      expect(await answers()).toEqual(before);
    });

    it('the report catalog says every report can be asked as of a past moment', async () => {
      const catalog = await json<{ reports: { report: string; supportsAsOf: boolean }[] }>('/reports/catalog');
      expect(catalog.reports.filter((r) => !r.supportsAsOf).map((r) => r.report)).toEqual([]);
      expect(catalog.reports.map((r) => r.report)).toEqual(expect.arrayContaining(['wagers', 'liability', 'ip-logs']));
    });
  });
}
