import { settleCoupon } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi, tip } from './money-harness';
import { fixture, fullTime, openSettlementFeed, type SettlementFeed } from './settlement-harness';

const SITE = 'kupon';
const MINUTE = 60_000;

interface Coupon {
  ticketId: string;
  status: number;
  income: number;
  bonusPercent: number;
  bonusPay: number;
  cancelable: boolean;
  lines: { matchId: string; status: string | null; results: string | null }[];
}

/**
 * A site's coupon settings as a player meets them over HTTP (spec §3 bonusCoupon and `canceled`,
 * §4 sell and cancel, §9 cancel duration): the bonus the site sets is the one paid, the cancel period
 * the site sets is the one kept, and the coupon says whether it may be cancelled now.
 */
for (const backend of testBackends) {
  describe(`a site's coupon bonus and cancel/sell policy (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let settlement: SettlementFeed;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage);
      settlement = await openSettlementFeed(storage, api);
      await api.fund(SITE, 'kplayer1', 100_000);
      for (const matchId of ['m1', 'm2', 'm3', 'm4']) await feed({ kind: 'fixture_change', fixture: fixture(matchId) });
    });
    afterAll(async () => {
      await settlement.stop();
      await api.close();
      await storage.close();
    });

    const feed: SettlementFeed['feed'] = (message) => settlement.feed(message);
    const settled = () => settlement.settled();
    const call = async (userName: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${await api.cookie(SITE, userName)}` }, ...(payload ? { payload } : {}) });
    const settings = async (changes: object) => {
      const answer = await call('kadmin', 'PATCH', '/sites/current/settings', changes);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().settings;
    };
    const player = (method: 'GET' | 'POST', url: string, payload?: object) => call('kplayer1', method, url, payload);
    const balance = async (): Promise<number> => (await player('GET', '/wallet')).json().balance;
    const detail = async (ticketId: string) => (await player('GET', `/coupons/${ticketId}`)).json() as { coupon: Coupon; sellType: boolean };
    const listed = async (ticketId: string) => ((await player('GET', '/coupons')).json().coupons as Coupon[]).find((c) => c.ticketId === ticketId);
    const place = async (requestId: string, tips: ReturnType<typeof tip>[], totalStake: number): Promise<Coupon> => {
      const placed = await player('POST', '/coupons', { requestId, tips, totalStake });
      expect(placed.statusCode, placed.body).toBe(200);
      await settled();
      return placed.json().coupon;
    };

    it('a site bonus pays exactly the domain’s figure on a qualifying combined coupon, and each line shows its match’s score', async () => {
      const bonusCoupon = { bonusPercent: 5, bonusTipCount: 2, bonusOdds: 1500 };
      expect(await settings({ bonusCoupon })).toMatchObject({ bonusCoupon });
      // The player site reads the same rule the server prices with; the sell margin stays staff's.
      const shown = (await player('GET', '/sites/current')).json().settings;
      expect([shown.bonusCoupon, 'couponSell' in shown, shown.couponCancel]).toEqual([bonusCoupon, false, { enabled: true, periodMinutes: 5 }]);

      const tips = ['m1', 'm2', 'm3', 'm4'].map((m) => tip(m, '1'));
      // The domain's own settlement of these four winning picks at 1.85 under this rule: 10 % on the net winnings.
      const domain = settleCoupon({ type: 'KK', legs: tips.map((t, i) => ({ id: `l${i}`, matchId: t.matchId, odds: t.odds, banker: false, result: 'won' })), systemSizes: [], stakePerCombination: 1_000, bonus: bonusCoupon, maxPay: 0 });
      expect([domain.bonusPercent, domain.bonus, domain.payout]).toEqual([10, 1_071, 12_784]);

      const start = await balance();
      const coupon = await place('policy-bonus-0001', tips, 1_000);
      expect(coupon).toMatchObject({ bonusPercent: 10, bonusPay: domain.bonus, status: 0 });
      expect((await detail(coupon.ticketId)).coupon).toMatchObject({ bonusPercent: 10, bonusPay: domain.bonus, lines: tips.map(() => ({ results: null })) });

      for (const matchId of ['m1', 'm2', 'm3', 'm4']) await feed({ kind: 'bet_settlement', matchId, result: fullTime(2, 1) });
      await settled();
      expect(await balance()).toBe(start - 1_000 + domain.payout);
      const won = (await detail(coupon.ticketId)).coupon;
      expect(won).toMatchObject({ status: 1, income: domain.payout, bonusPay: domain.bonus, cancelable: false });
      expect(won.lines.map((line) => [line.status, line.results])).toEqual(tips.map(() => ['won', '2:1 (0:0, 2:1)']));
      expect((await listed(coupon.ticketId))?.lines[0]?.results).toBe('2:1 (0:0, 2:1)');

      // Too few selections earn nothing; with the bonus off again, neither do four.
      expect(await place('policy-bonus-0002', ['m5', 'm6'].map((m) => tip(m, '1')), 1_000)).toMatchObject({ bonusPercent: 0, bonusPay: 0 });
      await settings({ bonusCoupon: { ...bonusCoupon, bonusPercent: 0 } });
      expect(await place('policy-bonus-0003', ['m5', 'm6', 'm7', 'm8'].map((m) => tip(m, '1')), 1_000)).toMatchObject({ bonusPercent: 0, bonusPay: 0 });
    });

    it('a changed cancel period is honoured: cancelable within it, not after it, and the cancel is refused then', async () => {
      expect(await settings({ couponCancel: { enabled: true, periodMinutes: 10 } })).toMatchObject({ couponCancel: { enabled: true, periodMinutes: 10 } });
      const early = await place('policy-cancel-001', [tip('m9')], 1_000);
      const late = await place('policy-cancel-002', [tip('m10')], 1_000);
      expect([early.cancelable, (await detail(late.ticketId)).coupon.cancelable]).toEqual([true, true]);

      // Past the 5 minutes a new site allows, within the site's 10.
      api.clock.advance(6 * MINUTE);
      expect((await detail(early.ticketId)).coupon.cancelable).toBe(true);
      const start = await balance();
      const cancelled = await player('POST', `/coupons/${early.ticketId}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json().coupon).toMatchObject({ status: -2, cancelable: false });
      await settled();
      expect(await balance()).toBe(start + 1_000);

      api.clock.advance(5 * MINUTE);
      expect((await detail(late.ticketId)).coupon.cancelable).toBe(false);
      expect((await listed(late.ticketId))?.cancelable).toBe(false);
      expect((await player('POST', `/coupons/${late.ticketId}/cancel`)).json()).toEqual({ error: 'couponCancellationPeriodOver' });
    });

    it('cancelling switched off: no coupon is cancelable and a cancel is refused', async () => {
      await settings({ couponCancel: { enabled: false, periodMinutes: 10 } });
      const coupon = await place('policy-cancel-003', [tip('m11')], 1_000);
      expect([coupon.cancelable, (await detail(coupon.ticketId)).coupon.cancelable]).toEqual([false, false]);
      expect((await player('POST', `/coupons/${coupon.ticketId}/cancel`)).json()).toEqual({ error: 'couponCancelPermission' });
      await settings({ couponCancel: { enabled: true, periodMinutes: 5 } });
      expect((await detail(coupon.ticketId)).coupon.cancelable).toBe(true);
    });

    it('selling switched off: the coupon is not offered for sale and a sale is refused', async () => {
      const coupon = await place('policy-sell-0001', [tip('m12')], 1_000);
      expect((await detail(coupon.ticketId)).sellType).toBe(true);
      expect(await settings({ couponSell: { enabled: false, marginBp: 500 } })).toMatchObject({ couponSell: { enabled: false, marginBp: 500 } });
      expect((await detail(coupon.ticketId)).sellType).toBe(false);
      expect((await player('POST', `/coupons/${coupon.ticketId}/sell`, { sellok: 500 })).json()).toEqual({ error: 'sellCouponPermission' });
    });

    it('out-of-bounds values are refused under their field, by the contract and by the domain alike', async () => {
      const refused = async (changes: object) => (await call('kadmin', 'PATCH', '/sites/current/settings', changes)).json();
      expect(await refused({ bonusCoupon: { bonusPercent: 30, bonusTipCount: 2, bonusOdds: 1500 } })).toEqual({ error: 'invalidField|bonusCoupon.bonusPercent' });
      expect(await refused({ couponCancel: { enabled: true, periodMinutes: 0 } })).toEqual({ error: 'invalidField|couponCancel.periodMinutes' });
      expect(await refused({ couponSell: { enabled: true, marginBp: 9_000 } })).toEqual({ error: 'invalidField|couponSell.marginBp' });
      // §9 max payout tiers: the contract counts the bands, the domain refuses a larger stake capped lower
      expect(await refused({ maxPayoutTiers: [10_000, 25_000] })).toEqual({ error: 'invalidField|maxPayoutTiers' });
      expect(await refused({ maxPayoutTiers: [50_000, 40_000, 0, 0, 0, 0] })).toEqual({ error: 'invalidField|maxPayoutTiers.1' });
      expect((await player('GET', '/sites/current')).json().settings.maxPayoutTiers).toEqual([0, 0, 0, 0, 0, 0]);
    });

    it('max payout tiers (§9): a coupon is held to its stake band’s cap, shown on the player site, and paid no more when it wins', async () => {
      const maxPayoutTiers = [10_000, 25_000, 0, 0, 0, 0];
      expect(await settings({ maxPayoutTiers })).toMatchObject({ maxPayoutTiers });
      expect((await player('GET', '/sites/current')).json().settings.maxPayoutTiers).toEqual(maxPayoutTiers);
      const matches = ['m13', 'm14', 'm15', 'm16'];
      for (const matchId of matches) await feed({ kind: 'fixture_change', fixture: fixture(matchId) });
      const tips = matches.map((m) => tip(m, '1'));
      // Four picks at 1.85 for 10.00 return 117.13 uncapped (the player's own limit is 1,000.00): the first band pays 100.00
      const uncapped = settleCoupon({ type: 'KK', legs: tips.map((t, i) => ({ id: `l${i}`, matchId: t.matchId, odds: t.odds, banker: false, result: 'won' })), systemSizes: [], stakePerCombination: 1_000, bonus: null, maxPay: 0 });
      expect(uncapped.payout).toBe(11_713);
      const start = await balance();
      const coupon = await place('policy-tiers-0001', tips, 1_000);
      expect(coupon).toMatchObject({ maxPay: 10_000, status: 0 });
      for (const matchId of matches) await feed({ kind: 'bet_settlement', matchId, result: fullTime(2, 1) });
      await settled();
      expect((await detail(coupon.ticketId)).coupon).toMatchObject({ status: 1, income: 10_000 });
      expect(await balance()).toBe(start - 1_000 + 10_000);
      await settings({ maxPayoutTiers: [0, 0, 0, 0, 0, 0] });
    });
  });
}
