import type { Fixture, MatchResult, MatchState, OddsBook, OutcomeQuote, SportId } from '@kupon/domain';
import { FeedIngestor } from '@kupon/api/feed';
import type { ApiClient } from '@kupon/demo/testing';
import { ReactorRunner, settlementReactor } from '@kupon/commands';
import { type TestStorage, testBackends } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MoneyApi, openMoneyApi } from './money-harness';

const SITE = 'kupon';
const MINUTE = 60_000;

interface Tip {
  readonly matchId: string;
  readonly marketId: string;
  readonly special: string;
  readonly outcomeId: string;
  readonly odds: number;
  readonly banker: false;
  readonly isLive: false;
}

/**
 * A book the test fills as it opens matches (the feed's place in the product): each match kicks off
 * 20 minutes after it is opened, so coupons are placed before and the result is entered after.
 */
function growingBook() {
  const matches = new Map<string, MatchState>();
  const quotes = new Map<string, OutcomeQuote>();
  const book: OddsBook = {
    match: (matchId) => matches.get(matchId),
    quote: (ref) => quotes.get(`${ref.matchId}|${ref.marketId}|${ref.special}|${ref.outcomeId}`),
  };
  const offer = (matchId: string, startsAt: string, tips: readonly Tip[]) => {
    matches.set(matchId, { phase: 'not_started', startsAt });
    for (const t of tips) quotes.set(`${matchId}|${t.marketId}|${t.special}|${t.outcomeId}`, { odds: t.odds, suspended: false, hidden: false, limits: null });
  };
  return { book, offer };
}

const tip = (matchId: string, marketId: string, special: string, outcomeId: string, odds: number): Tip => ({ matchId, marketId, special, outcomeId, odds, banker: false, isLive: false });
const football = (matchId: string) => ({
  home: tip(matchId, 'FT_1X2', '', '1', 1850),
  draw: tip(matchId, 'FT_1X2', '', 'X', 3400),
  away: tip(matchId, 'FT_1X2', '', '2', 4100),
  firstHalfCornersOver: tip(matchId, '1H_CORNERS_OU', '4.5', 'over', 1900),
  cardsUnder: tip(matchId, 'CARDS_OU', '3.5', 'under', 1750),
});
const tennis = (matchId: string) => ({ home: tip(matchId, 'TN_MATCH', '', '1', 1600), away: tip(matchId, 'TN_MATCH', '', '2', 2300) });

/** A football result as the back office's form sends it: halves, corners and cards per half. */
function footballResult(first: [number, number], second: [number, number], corners: [[number, number], [number, number]], yellows: [number, number] = [1, 1]): MatchResult {
  const score = ([home, away]: [number, number]) => ({ home, away });
  return {
    sportId: 1,
    status: 'completed',
    periods: [score(first), score(second)],
    corners: corners.map(score),
    cards: [
      { yellow: score(yellows), red: { home: 0, away: 0 } },
      { yellow: { home: 0, away: 0 }, red: { home: 0, away: 0 } },
    ],
  };
}

/**
 * Match results entered in the back office (api/src/routes/match-results.ts) go down the feed's own
 * path: the `match-…` stream, the settlement reactor, the coupon, the payouts reactor, the wallet. And
 * the staff coupon search (api/src/routes/coupon-search.ts) shows each account's coupons to its tree only.
 */
for (const backend of testBackends) {
  describe(`match results entered by staff settle and resettle (${backend.name})`, () => {
    let storage: TestStorage;
    let api: MoneyApi;
    let settlement: ReactorRunner;
    let ingestor: FeedIngestor;
    let offer: ReturnType<typeof growingBook>['offer'];
    let sent = 0;

    beforeAll(async () => {
      storage = await backend.open();
      const grown = growingBook();
      offer = grown.offer;
      api = await openMoneyApi(storage, { odds: grown.book });
      settlement = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: api.commands, reactors: [settlementReactor(storage.pool)] });
      await settlement.start();
      ingestor = new FeedIngestor(storage.store);
      await api.fund(SITE, 'kplayer1', 50_000);
      await api.fund(SITE, 'kplayer2', 50_000);
    });
    afterAll(async () => {
      await settlement.stop();
      await api.close();
      await storage.close();
    });

    /** Settlement, then the money reactors, then the read models, until nothing is left to do. */
    async function settled(): Promise<void> {
      for (let i = 0; i < 2; i++) {
        await settlement.waitUntilCaughtUp();
        await api.settled();
      }
    }

    /** The feed announces the match (kick-off in 20 minutes) and the book prices it. */
    async function openMatch(matchId: string, sportId: SportId, tips: readonly Tip[]): Promise<void> {
      const startsAt = new Date(api.clock.now().getTime() + 20 * MINUTE).toISOString();
      const fixture: Fixture = {
        matchId,
        sportId,
        category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
        tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
        home: { id: `${matchId}-h`, name: { tr: `Ev ${matchId}`, en: `Home ${matchId}` } },
        away: { id: `${matchId}-a`, name: { tr: `Deplasman ${matchId}`, en: `Away ${matchId}` } },
        startsAt,
        liveCoverage: false,
      };
      await ingestor.ingest({ kind: 'fixture_change', fixture, id: `fixture-${++sent}`, at: api.clock.now().toISOString() });
      offer(matchId, startsAt, tips);
    }

    const players = new Map<string, ApiClient>();
    const player = async (userName: string): Promise<ApiClient> => {
      if (!players.has(userName)) players.set(userName, await api.as(userName));
      return players.get(userName)!;
    };
    const balance = async (userName: string): Promise<number> => (await (await player(userName))('GET', '/wallet')).json().balance;
    const place = async (userName: string, requestId: string, tips: readonly Tip[], totalStake: number): Promise<string> => {
      const placed = await (await player(userName))('POST', '/coupons', { requestId, tips, totalStake });
      expect(placed.statusCode, placed.body).toBe(200);
      return placed.json().coupon.ticketId;
    };
    const coupon = async (userName: string, ticketId: string) => (await (await player(userName))('GET', `/coupons/${ticketId}`)).json().coupon as { status: number; income: number; lines: { status: string | null }[] };
    /** Kick-off has passed: the clock moves on (less than the session idle timeout) and staff sign in afresh. */
    const kickOffPassed = () => {
      api.clock.advance(25 * MINUTE);
      players.clear();
    };

    it('an admin records a football result by period: the winner and the first-half corners bet are paid exactly, the losers nothing', async () => {
      const m = football('r1');
      await openMatch('r1', 1, Object.values(m));
      const start = await balance('kplayer1');
      const winner = await place('kplayer1', 'req-r1-home-001', [m.home], 1_000);
      const loser = await place('kplayer1', 'req-r1-away-001', [m.away], 1_000);
      const corners = await place('kplayer1', 'req-r1-corner-01', [m.firstHalfCornersOver], 500);
      const cards = await place('kplayer1', 'req-r1-cards-001', [m.cardsUnder], 500);
      await settled();
      expect(await balance('kplayer1')).toBe(start - 3_000);
      kickOffPassed();
      const admin = await api.as('kadmin');

      const awaiting = (await admin('GET', '/matches?state=awaiting')).json();
      expect(awaiting.matches.map((row: { matchId: string }) => row.matchId)).toContain('r1');

      // 2:1 (1:0 at half time), 3 + 2 corners in the first half, 2 yellows in the first half.
      const recorded = await admin('POST', '/matches/r1/result', { requestId: 'result-r1-0001', result: footballResult([1, 0], [1, 1], [[3, 2], [1, 1]]) });
      expect(recorded.statusCode, recorded.body).toBe(200);
      expect(recorded.json()).toMatchObject({ matchId: 'r1', result: { status: 'completed', periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }], corners: [{ home: 3, away: 2 }, { home: 1, away: 1 }] } });
      await settled();

      expect(await balance('kplayer1')).toBe(start - 3_000 + 1_850 + 950 + 875);
      expect(await coupon('kplayer1', winner)).toMatchObject({ status: 1, income: 1_850, lines: [{ status: 'won' }] });
      expect(await coupon('kplayer1', loser)).toMatchObject({ status: -1, income: 0, lines: [{ status: 'lost' }] });
      expect(await coupon('kplayer1', corners)).toMatchObject({ status: 1, income: 950, lines: [{ status: 'won' }] });
      expect(await coupon('kplayer1', cards)).toMatchObject({ status: 1, income: 875, lines: [{ status: 'won' }] });

      // The match leaves the list of those awaiting a result and is among the recorded ones, with who entered it in the log.
      await api.caughtUp();
      expect((await admin('GET', '/matches?state=awaiting')).json().matches.map((row: { matchId: string }) => row.matchId)).not.toContain('r1');
      const listed = (await admin('GET', '/matches?state=recorded&search=ev%20r1')).json();
      expect(listed).toMatchObject({ total: 1, matches: [{ matchId: 'r1', result: { periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] } }] });
      expect(listed.matches[0].resultAt).not.toBeNull();
      const { rows } = await storage.pool.query<{ actor: { userId: string; role: string } }>(`select metadata->'actor' as actor from es_events where stream_name = 'match-r1' and event_type = 'ResultRecorded'`);
      expect(rows.map((row) => row.actor)).toEqual([expect.objectContaining({ userId: api.login(SITE, 'kadmin').userId, role: 'admin' })]);
    });

    it('a correction resettles by the difference once, however often it is sent', async () => {
      const m = football('r2');
      await openMatch('r2', 1, Object.values(m));
      const home = await place('kplayer1', 'req-r2-home-001', [m.home], 1_000);
      const draw = await place('kplayer1', 'req-r2-draw-001', [m.draw], 1_000);
      const corners = await place('kplayer1', 'req-r2-corner-01', [m.firstHalfCornersOver], 1_000);
      kickOffPassed();
      const operator = await api.as('koperator');
      expect((await operator('POST', '/matches/r2/result', { requestId: 'result-r2-0001', result: footballResult([1, 0], [0, 0], [[2, 2], [3, 0]]) })).statusCode).toBe(200);
      await settled();
      const afterResult = await balance('kplayer1');
      expect(await coupon('kplayer1', home)).toMatchObject({ status: 1, income: 1_850 });
      expect(await coupon('kplayer1', corners)).toMatchObject({ status: -1, income: 0 });

      // The away side's goal was missed and a first-half corner was miscounted: 1:1, 5 corners before half time.
      const correction = { requestId: 'result-r2-0002', result: footballResult([1, 0], [0, 1], [[3, 2], [3, 0]]) };
      const corrected = await operator('PUT', '/matches/r2/result', correction);
      expect(corrected.statusCode, corrected.body).toBe(200);
      await settled();
      expect(await balance('kplayer1')).toBe(afterResult - 1_850 + 3_400 + 1_900);

      // The same request again, and the same result under a new request id: nothing moves.
      expect((await operator('PUT', '/matches/r2/result', correction)).statusCode).toBe(200);
      expect((await operator('PUT', '/matches/r2/result', { ...correction, requestId: 'result-r2-0003' })).statusCode).toBe(200);
      await settled();
      expect(await balance('kplayer1')).toBe(afterResult - 1_850 + 3_400 + 1_900);
      expect(await coupon('kplayer1', home)).toMatchObject({ status: -1, income: 0 });
      expect(await coupon('kplayer1', draw)).toMatchObject({ status: 1, income: 3_400 });
      expect(await coupon('kplayer1', corners)).toMatchObject({ status: 1, income: 1_900 });
      const moves = (await (await player('kplayer1'))('GET', '/wallet/transactions')).json().transactions.filter((t: { type: string }) => t.type === 'PayoutCorrected');
      expect(moves.map((t: { amount: number }) => t.amount).sort((a: number, b: number) => a - b)).toEqual([-1_850, 1_900, 3_400]);
      const { rows } = await storage.pool.query<{ n: string }>(`select count(*) as n from es_events where stream_name = 'match-r2' and event_type = 'ResultCorrected'`);
      expect(Number(rows[0]!.n)).toBe(1);
    });

    it('tennis by sets and games, with a tie-break: the match winner is paid', async () => {
      const t = tennis('r3');
      await openMatch('r3', 5, Object.values(t));
      const start = await balance('kplayer1');
      const away = await place('kplayer1', 'req-r3-away-001', [t.away], 1_000);
      kickOffPassed();
      const admin = await api.as('kadmin');
      const result: MatchResult = { sportId: 5, status: 'completed', periods: [{ home: 6, away: 4 }, { home: 6, away: 7, tieBreak: { home: 5, away: 7 } }, { home: 3, away: 6 }] };
      expect((await admin('POST', '/matches/r3/result', { requestId: 'result-r3-0001', result })).statusCode).toBe(200);
      await settled();
      expect(await coupon('kplayer1', away)).toMatchObject({ status: 1, income: 2_300, lines: [{ status: 'won' }] });
      expect(await balance('kplayer1')).toBe(start - 1_000 + 2_300);
    });

    it('refuses a result that breaks the rules of its sport or of the match, with the key and the field, and writes nothing', async () => {
      const m = football('r4');
      await openMatch('r4', 1, Object.values(m));
      const admin = await api.as('kadmin');
      const before = await api.eventCount();
      const post = async (matchId: string, result: object) => {
        const answer = await admin('POST', `/matches/${matchId}/result`, { requestId: 'result-r4-0001', result });
        return [answer.statusCode, answer.json().error];
      };
      // Kick-off is still 20 minutes away.
      expect(await post('r4', footballResult([0, 0], [0, 0], [[0, 0], [0, 0]]))).toEqual([422, 'matchNotStarted|r4']);
      kickOffPassed();
      const half = { home: 1, away: 0 };
      expect(await post('r4', { sportId: 1, status: 'completed', periods: [half, half, half] })).toEqual([400, 'tooManyPeriods|periods']);
      expect(await post('r4', { sportId: 1, status: 'completed', periods: [half] })).toEqual([400, 'periodsMissing|periods']);
      expect(await post('r4', { sportId: 1, status: 'in_play', periods: [half], corners: [half, half] })).toEqual([400, 'periodNotPlayed|corners']);
      expect(await post('r4', { sportId: 1, status: 'completed', periods: [half, { home: -1, away: 0 }] })).toEqual([400, 'invalidScore']);
      expect(await post('r4', { sportId: 1, status: 'completed', periods: [half, half], penalties: { home: 4, away: 4 } })).toEqual([400, 'shootoutUndecided|penalties']);
      expect(await post('r4', { sportId: 5, status: 'completed', periods: [{ home: 6, away: 0 }], corners: [half] })).toEqual([400, 'notInThisSport|corners']);
      expect(await post('r4', { sportId: 2, status: 'completed', periods: [half, half, half, half], penalties: { home: 1, away: 0 } })).toEqual([400, 'notInThisSport|penalties']);
      expect(await post('r4', { sportId: 1, status: 'done', periods: [] })).toEqual([400, 'invalidField|status']);
      // A basketball result for a football match: the match's own sport decides.
      expect(await post('r4', { sportId: 2, status: 'completed', periods: [half, half, half, half] })).toEqual([422, 'resultSportMismatch']);
      expect(await post('no-such-match', footballResult([0, 0], [0, 0], [[0, 0], [0, 0]]))).toEqual([404, 'matchNotFound|no-such-match']);
      const correction = await admin('PUT', '/matches/r4/result', { requestId: 'result-r4-0002', result: footballResult([0, 0], [0, 0], [[0, 0], [0, 0]]) });
      expect([correction.statusCode, correction.json().error]).toEqual([409, 'resultNotRecorded']);
      expect(await api.eventCount()).toBe(before);

      // Once recorded, a different result is a correction, not a second recording.
      expect((await admin('POST', '/matches/r4/result', { requestId: 'result-r4-0003', result: footballResult([0, 0], [0, 0], [[0, 0], [0, 0]]) })).statusCode).toBe(200);
      const again = await admin('POST', '/matches/r4/result', { requestId: 'result-r4-0004', result: footballResult([1, 0], [0, 0], [[0, 0], [0, 0]]) });
      expect([again.statusCode, again.json().error]).toEqual([409, 'resultAlreadyRecorded']);
    });

    it('an operator cancels the bets placed in a window: the single placed in it is refunded once, the earlier one and other markets stand', async () => {
      const m = football('r7');
      await openMatch('r7', 1, Object.values(m));
      const start = await balance('kplayer1');
      const early = await place('kplayer1', 'req-r7-early-01', [m.home], 1_000);
      api.clock.advance(5 * MINUTE);
      const windowFrom = api.clock.now().toISOString();
      api.clock.advance(MINUTE);
      const late = await place('kplayer1', 'req-r7-late-001', [m.home], 700);
      const corners = await place('kplayer1', 'req-r7-corner-01', [m.firstHalfCornersOver], 300);
      await settled();
      expect(await balance('kplayer1')).toBe(start - 2_000);
      const operator = await api.as('koperator');
      const body = { requestId: 'cancel-r7-0001', from: windowFrom, to: null, markets: ['FT_1X2'], reason: 'odds offered in error' };

      const cancelled = await operator('POST', '/matches/r7/bet-cancellations', body);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json()).toMatchObject({ matchId: 'r7', result: null });
      await settled();
      expect(await coupon('kplayer1', late)).toMatchObject({ status: 1, income: 700, lines: [{ status: 'void' }] });
      expect(await coupon('kplayer1', early)).toMatchObject({ status: 0, lines: [{ status: null }] });
      expect(await coupon('kplayer1', corners)).toMatchObject({ status: 0, lines: [{ status: null }] });
      expect(await balance('kplayer1')).toBe(start - 2_000 + 700);

      // The same request again cancels nothing more.
      expect((await operator('POST', '/matches/r7/bet-cancellations', body)).statusCode).toBe(200);
      await settled();
      expect(await balance('kplayer1')).toBe(start - 2_000 + 700);
      const { rows } = await storage.pool.query<{ n: string; reason: string }>(
        `select count(*) over () as n, data->>'reason' as reason from es_events where stream_name = 'match-r7' and event_type = 'BetsCancelled'`,
      );
      expect(rows).toEqual([{ n: '1', reason: 'odds offered in error' }]);

      // The result settles what the cancel left: the earlier home win is paid, the void single stays refunded.
      kickOffPassed();
      const admin = await api.as('kadmin');
      expect((await admin('POST', '/matches/r7/result', { requestId: 'result-r7-0001', result: footballResult([1, 0], [0, 0], [[1, 1], [0, 0]]) })).statusCode).toBe(200);
      await settled();
      expect(await coupon('kplayer1', early)).toMatchObject({ status: 1, income: 1_850 });
      expect(await coupon('kplayer1', late)).toMatchObject({ status: 1, income: 700, lines: [{ status: 'void' }] });
      expect(await coupon('kplayer1', corners)).toMatchObject({ status: -1, income: 0 });
      expect(await balance('kplayer1')).toBe(start - 2_000 + 700 + 1_850);
    });

    it('an admin rolls a settlement back: the payout is taken back, the coupon waits, and the next result settles it afresh', async () => {
      const m = football('r8');
      await openMatch('r8', 1, Object.values(m));
      const start = await balance('kplayer2');
      const home = await place('kplayer2', 'req-r8-home-001', [m.home], 1_000);
      kickOffPassed();
      const admin = await api.as('kadmin');
      const noResult = await admin('POST', '/matches/r8/settlement-rollback', { requestId: 'rollback-r8-001' });
      expect([noResult.statusCode, noResult.json().error]).toEqual([409, 'resultNotRecorded']);
      expect((await admin('POST', '/matches/r8/result', { requestId: 'result-r8-0001', result: footballResult([2, 0], [0, 0], [[0, 0], [0, 0]]) })).statusCode).toBe(200);
      await settled();
      expect(await balance('kplayer2')).toBe(start - 1_000 + 1_850);

      const rolledBack = await admin('POST', '/matches/r8/settlement-rollback', { requestId: 'rollback-r8-002' });
      expect(rolledBack.statusCode, rolledBack.body).toBe(200);
      expect(rolledBack.json()).toMatchObject({ matchId: 'r8', result: null, resultAt: null });
      await settled();
      expect(await balance('kplayer2')).toBe(start - 1_000);
      expect(await coupon('kplayer2', home)).toMatchObject({ status: 0, income: 0, lines: [{ status: null }] });
      await api.caughtUp();
      expect((await admin('GET', '/matches?state=awaiting&search=ev%20r8')).json().matches.map((row: { matchId: string }) => row.matchId)).toEqual(['r8']);

      // The right result now: a draw, the coupon loses and no money comes back.
      expect((await admin('POST', '/matches/r8/result', { requestId: 'result-r8-0002', result: footballResult([0, 0], [1, 1], [[0, 0], [0, 0]]) })).statusCode).toBe(200);
      await settled();
      expect(await coupon('kplayer2', home)).toMatchObject({ status: -1, income: 0, lines: [{ status: 'lost' }] });
      expect(await balance('kplayer2')).toBe(start - 1_000);
    });

    it('refuses a bet cancel with a window that ends before it starts, an unknown market or no reason, and writes nothing', async () => {
      const m = football('r9');
      await openMatch('r9', 1, Object.values(m));
      const operator = await api.as('koperator');
      const before = await api.eventCount();
      const from = api.clock.now().toISOString();
      const cancel = async (body: object) => {
        const answer = await operator('POST', '/matches/r9/bet-cancellations', { requestId: 'cancel-r9-0001', from, to: null, markets: null, reason: 'feed error', ...body });
        return [answer.statusCode, answer.json().error];
      };
      expect(await cancel({ to: new Date(Date.parse(from) - MINUTE).toISOString() })).toEqual([400, 'badCancelWindow']);
      expect(await cancel({ markets: ['NO_SUCH'] })).toEqual([400, 'unknownMarket']);
      // A market the sport does not have: the match's own sport decides.
      expect(await cancel({ markets: ['TN_MATCH'] })).toEqual([422, 'unknownMarket|TN_MATCH']);
      expect(await cancel({ reason: ' ' })).toEqual([400, 'minLengthMaxLength|reason|3|200']);
      expect(await cancel({ from: 'yesterday' })).toEqual([400, 'datetimeRequired']);
      const elsewhere = await operator('POST', '/matches/no-such-match/bet-cancellations', { requestId: 'cancel-r9-0002', from, reason: 'feed error' });
      expect([elsewhere.statusCode, elsewhere.json().error]).toEqual([404, 'matchNotFound|no-such-match']);
      expect(await api.eventCount()).toBe(before);
    });

    it('a dealer, a player and the read-only regulator cannot enter results, cancel bets or roll a settlement back', async () => {
      const m = football('r5');
      await openMatch('r5', 1, Object.values(m));
      kickOffPassed();
      // Each sign-in below writes its own events: count the match's stream.
      const matchEvents = async () => Number((await storage.pool.query<{ n: string }>(`select count(*) as n from es_events where stream_name = 'match-r5'`)).rows[0]!.n);
      const before = await matchEvents();
      const body = { requestId: 'result-r5-0001', result: footballResult([1, 0], [0, 0], [[0, 0], [0, 0]]) };
      for (const [userName, error] of [
        ['ktopdealer', 'permissionDenied|topDealer'],
        ['kdealer1', 'permissionDenied|dealer'],
        ['kplayer2', 'permissionDenied|player'],
        ['kregulator', 'readOnlyRole'],
      ] as const) {
        const client = await api.as(userName);
        for (const method of ['POST', 'PUT'] as const) {
          const answer = await client(method, '/matches/r5/result', body);
          expect([userName, answer.statusCode, answer.json().error]).toEqual([userName, 403, error]);
        }
        const cancel = await client('POST', '/matches/r5/bet-cancellations', { requestId: 'cancel-r5-0001', from: api.clock.now().toISOString(), reason: 'feed error' });
        const rollback = await client('POST', '/matches/r5/settlement-rollback', { requestId: 'rollback-r5-001' });
        expect([userName, cancel.statusCode, cancel.json().error, rollback.statusCode, rollback.json().error]).toEqual([userName, 403, error, 403, error]);
      }
      expect((await (await api.as('kdealer1'))('GET', '/matches')).statusCode).toBe(403);
      expect((await (await api.as('kregulator'))('GET', '/matches?state=all&search=r5')).json().matches.map((row: { matchId: string }) => row.matchId)).toEqual(['r5']);
      expect(await matchEvents()).toBe(before);
    });

    it('the coupon search shows each dealer its own subtree only, by player, status, date range and match, paged', async () => {
      const m = football('r6');
      await openMatch('r6', 1, Object.values(m));
      const placedFrom = api.clock.now().toISOString();
      // A second apart, so newest first is one order.
      const mine = await place('kplayer1', 'req-r6-home-001', [m.home], 700);
      api.clock.advance(1_000);
      const other = await place('kplayer2', 'req-r6-away-001', [m.away], 800);
      api.clock.advance(1_000);
      await place('kplayer2', 'req-r6-draw-001', [m.draw], 900);
      kickOffPassed();
      const admin = await api.as('kadmin');
      expect((await admin('POST', '/matches/r6/result', { requestId: 'result-r6-0001', result: footballResult([0, 0], [0, 2], [[0, 0], [0, 0]]) })).statusCode).toBe(200);
      await settled();

      type Row = { couponId: string; userName: string; stake: number; status: string; payout: number };
      const search = async (userName: string, query: string): Promise<{ total: number; coupons: Row[] }> => {
        const answer = await (await api.as(userName))('GET', `/coupon-search?${query}`);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json();
      };
      const onMatch = 'matchId=r6';
      expect((await search('kadmin', onMatch)).coupons.map((c) => [c.userName, c.stake, c.status, c.payout])).toEqual([
        ['kplayer2', 900, 'lost', 0],
        ['kplayer2', 800, 'won', 3_280],
        ['kplayer1', 700, 'lost', 0],
      ]);
      // kplayer1 is under kdealer1 (via ksubdealer1), kplayer2 under kdealer2; the top dealer sees both.
      expect((await search('kdealer1', onMatch)).coupons.map((c) => c.couponId)).toEqual([mine]);
      expect((await search('kdealer2', onMatch)).coupons.map((c) => c.userName)).toEqual(['kplayer2', 'kplayer2']);
      expect((await search('ktopdealer', onMatch)).total).toBe(3);
      expect((await search('kdealer1', `${onMatch}&userName=kplayer2`)).total).toBe(0);
      expect((await search('kdealer2', `${onMatch}&status=won`)).coupons.map((c) => c.couponId)).toEqual([other]);
      expect((await search('kadmin', `${onMatch}&userName=KPLAYER1`)).coupons.map((c) => c.couponId)).toEqual([mine]);
      expect((await search('kadmin', `${onMatch}&from=${encodeURIComponent(api.clock.now().toISOString())}`)).total).toBe(0);
      expect((await search('kadmin', `${onMatch}&from=${encodeURIComponent(placedFrom)}&limit=2&offset=2`))).toMatchObject({ total: 3, coupons: [{ couponId: mine }] });
      // Another brand's admin sees none of this site's coupons.
      expect((await (await api.as('badmin', 'bahis'))('GET', `/coupon-search?${onMatch}`)).json()).toMatchObject({ total: 0, coupons: [] });

      const refused = await (await api.as('kadmin'))('GET', '/coupon-search?status=paid');
      expect([refused.statusCode, refused.json().error]).toEqual([400, 'invalidField|status']);
      const byPlayer = await (await player('kplayer1'))('GET', '/coupon-search');
      expect([byPlayer.statusCode, byPlayer.json().error]).toEqual([403, 'permissionDenied|player']);
    });
  });
}
