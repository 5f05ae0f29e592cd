import { type MatchState, oddsBookOf, type OutcomeQuote } from '@kupon/domain';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KICKOFF, type MoneyApi, openMoneyApi, tip } from './money-harness';
import { fixture, fullTime, openSettlementFeed, type SettlementFeed } from './settlement-harness';

const SITE = 'kupon';
const MINUTE = 60_000;

/** The harness's football prices on m1…m5, and a tennis match winner on t1 and t2. */
function book() {
  const matches: Record<string, MatchState> = {};
  const quotes: Record<string, OutcomeQuote> = {};
  const quote = (odds: number): OutcomeQuote => ({ odds, suspended: false, hidden: false, limits: null });
  for (const matchId of ['m1', 'm2', 'm3', 'm4', 'm5']) {
    matches[matchId] = { phase: 'not_started', startsAt: KICKOFF };
    for (const outcomeId of ['1', 'X', '2'] as const) quotes[`${matchId}|FT_1X2||${outcomeId}`] = quote(tip(matchId, outcomeId).odds);
  }
  for (const matchId of ['t1', 't2']) {
    matches[matchId] = { phase: 'not_started', startsAt: KICKOFF };
    quotes[`${matchId}|TN_MATCH||1`] = quote(1600);
    quotes[`${matchId}|TN_MATCH||2`] = quote(2300);
  }
  return oddsBookOf(matches, quotes);
}

const tennis = (matchId: string, outcomeId: '1' | '2') => ({ matchId, marketId: 'TN_MATCH', special: '', outcomeId, odds: outcomeId === '1' ? 1600 : 2300, banker: false, isLive: false });

/**
 * Result → settlement reactor → coupon → wallet, as a player sees it over HTTP: the feed's bet
 * settlement, correction, rollback and bet cancel each move the money once, by the right amount. As
 * in `npm start`, the settlement reactor pays what it settles and the payouts reactor follows too:
 * the money still moves once.
 */
for (const backend of testBackends) {
  describe(`settlement reaches the wallet over HTTP (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let settlement: SettlementFeed;

    beforeAll(async () => {
      storage = await backend.open();
      api = await openMoneyApi(storage, { odds: book() });
      settlement = await openSettlementFeed(storage, api);
      await api.fund(SITE, 'kplayer1', 50_000);
      for (const matchId of ['m1', 'm2', 'm3', 'm4', 'm5', 't1', 't2']) await feed({ kind: 'fixture_change', fixture: fixture(matchId, matchId.startsWith('t') ? 5 : 1) });
    });
    afterAll(async () => {
      await settlement.stop();
      await api.close();
      await storage.close();
    });

    const feed: SettlementFeed['feed'] = (message) => settlement.feed(message);
    const settled = () => settlement.settled();

    const call = async (method: 'GET' | 'POST', url: string, payload?: object) => {
      const cookie = await api.cookie(SITE, 'kplayer1');
      return api.app.inject({ method, url: `/api/v1${url}`, headers: { 'x-site-id': SITE, cookie: `kupon_sid=${cookie}` }, ...(payload ? { payload } : {}) });
    };
    const balance = async (): Promise<number> => (await call('GET', '/wallet')).json().balance;
    const coupon = async (ticketId: string) => (await call('GET', `/coupons/${ticketId}`)).json().coupon as { status: number; income: number; lines: { status: string | null }[] };
    const place = async (requestId: string, tips: (ReturnType<typeof tip> | ReturnType<typeof tennis>)[], totalStake: number): Promise<string> => {
      const placed = await call('POST', '/coupons', { requestId, tips, totalStake });
      expect(placed.statusCode, placed.body).toBe(200);
      await settled();
      return placed.json().coupon.ticketId;
    };

    it('a recorded result pays the winner into the wallet and marks the coupon won; the loser gets nothing', async () => {
      const start = await balance();
      const winner = await place('req-settle-win-1', [tip('m1', '1')], 1_000);
      const loser = await place('req-settle-lose-1', [tip('m1', '2')], 1_000);
      expect(await balance()).toBe(start - 2_000);

      await feed({ kind: 'bet_settlement', matchId: 'm1', result: fullTime(2, 1) });
      await settled();
      expect(await balance()).toBe(start - 2_000 + 1_850);
      expect(await coupon(winner)).toMatchObject({ status: 1, income: 1_850, lines: [{ status: 'won' }] });
      expect(await coupon(loser)).toMatchObject({ status: -1, income: 0, lines: [{ status: 'lost' }] });
      const listed = (await call('GET', '/coupons')).json().coupons.find((c: { ticketId: string }) => c.ticketId === winner);
      expect(listed).toMatchObject({ status: 1, income: 1_850 });
      // The line in words, as the catalog names the match (§3 coupon detail line), in the asked language.
      expect(listed.lines[0]).toMatchObject({ home: 'Ev', away: 'Dep', sportId: 1, matchDate: KICKOFF, typeName: 'Maç Sonucu (Normal Süre)', outComeName: 'Ev Sahibi' });
      const english = (await call('GET', `/coupons/${winner}?lang=en`)).json().coupon.lines[0];
      expect(english).toMatchObject({ home: 'Home', away: 'Away', typeName: 'Match Result (Regular Time)' });
    });

    it('a corrected result moves only the difference, exactly once however often it is delivered', async () => {
      const home = await place('req-correct-home', [tip('m2', '1')], 1_000);
      const away = await place('req-correct-away', [tip('m2', '2')], 1_000);
      await feed({ kind: 'bet_settlement', matchId: 'm2', result: fullTime(1, 0) });
      await settled();
      const afterResult = await balance();

      const correction = await feed({ kind: 'bet_settlement', matchId: 'm2', result: fullTime(1, 2) });
      await settled();
      // Home's 1 850 taken back, away's 4 100 paid.
      expect(await balance()).toBe(afterResult - 1_850 + 4_100);
      await feed({ kind: 'bet_settlement', id: correction, matchId: 'm2', result: fullTime(1, 2) });
      await settled();
      expect(await balance()).toBe(afterResult - 1_850 + 4_100);
      expect(await coupon(home)).toMatchObject({ status: -1, income: 0 });
      expect(await coupon(away)).toMatchObject({ status: 1, income: 4_100 });
      const moves = (await call('GET', '/wallet/transactions')).json().transactions.filter((t: { type: string }) => t.type === 'PayoutCorrected');
      expect(moves.map((t: { amount: number }) => t.amount).sort((a: number, b: number) => a - b)).toEqual([-1_850, 4_100]);
    });

    it('a settlement rollback takes the payout back and the coupon waits; the next result settles it afresh', async () => {
      const ticket = await place('req-rollback-001', [tip('m3', '1')], 1_000);
      const start = await balance();
      await feed({ kind: 'bet_settlement', matchId: 'm3', result: fullTime(3, 0) });
      await settled();
      expect(await balance()).toBe(start + 1_850);

      await feed({ kind: 'rollback_bet_settlement', matchId: 'm3' });
      await settled();
      expect(await balance()).toBe(start);
      expect(await coupon(ticket)).toMatchObject({ status: 0, income: 0, lines: [{ status: null }] });

      await feed({ kind: 'bet_settlement', matchId: 'm3', result: fullTime(0, 0) });
      await settled();
      expect(await balance()).toBe(start);
      expect(await coupon(ticket)).toMatchObject({ status: -1, lines: [{ status: 'lost' }] });
    });

    it('a bet cancel voids the selections placed in its window: that stake comes back, the earlier coupon stands', async () => {
      const start = await balance();
      const early = await place('req-cancel-early', [tip('m4', '1')], 1_000);
      api.clock.advance(10 * MINUTE);
      const late = await place('req-cancel-late1', [tip('m4', '1')], 1_000);
      const combo = await place('req-cancel-combo', [tip('m4', 'X'), tip('m5', '1')], 1_000);
      await feed({ kind: 'bet_cancel', matchId: 'm4', from: new Date(api.clock.now().getTime() - 5 * MINUTE).toISOString(), to: null, markets: null, reason: 'odds offered in error' });
      await settled();
      expect(await coupon(late)).toMatchObject({ status: 1, income: 1_000, lines: [{ status: 'void' }] });
      expect(await balance()).toBe(start - 3_000 + 1_000);

      await feed({ kind: 'bet_settlement', matchId: 'm4', result: fullTime(2, 0) });
      await feed({ kind: 'bet_settlement', matchId: 'm5', result: fullTime(1, 0) });
      await settled();
      expect(await coupon(early)).toMatchObject({ status: 1, income: 1_850 });
      // The void leg drops out: the combination stands on m5 alone.
      expect(await coupon(combo)).toMatchObject({ status: 1, income: 1_850, lines: [{ status: 'void' }, { status: 'won' }] });
      expect(await balance()).toBe(start - 3_000 + 1_000 + 1_850 + 1_850);
    });

    it('tennis: a retirement after a completed set pays the player who went through; a walkover voids and refunds', async () => {
      const start = await balance();
      const through = await place('req-tennis-ret-1', [tennis('t1', '1')], 1_000);
      const retiredSide = await place('req-tennis-ret-2', [tennis('t1', '2')], 1_000);
      const walkover = await place('req-tennis-wo-01', [tennis('t2', '1')], 1_000);
      // Home lost the first set, led the second when away retired.
      await feed({ kind: 'bet_settlement', matchId: 't1', result: { sportId: 5, status: 'completed', periods: [{ home: 4, away: 6 }, { home: 3, away: 1 }], completedPeriods: 1, retired: 'away' } });
      await feed({ kind: 'bet_settlement', matchId: 't2', result: { sportId: 5, status: 'completed', periods: [], walkover: 'home' } });
      await settled();
      expect(await coupon(through)).toMatchObject({ status: 1, income: 1_600, lines: [{ status: 'won' }] });
      expect(await coupon(retiredSide)).toMatchObject({ status: -1, income: 0 });
      expect(await coupon(walkover)).toMatchObject({ status: 1, income: 1_000, lines: [{ status: 'void' }] });
      expect(await balance()).toBe(start - 3_000 + 1_600 + 1_000);
    });
  });
}
