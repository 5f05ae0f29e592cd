import { isMarketCode, isSportId, MATCH_STATUSES, type SportId, sportOf } from '@kupon/domain';
import { z } from 'zod';

/**
 * Wire shapes of match results entry and correction (issue 8, "match results entry (goals, corners,
 * cards by period) and correction, which settle and resettle") and of the staff coupon search.
 *
 *   GET  /matches?state=awaiting|recorded|all&sportId=&search=   MatchList   matches awaiting a result (past kick-off or
 *                                                                             finished, none recorded), with one, or all
 *   GET  /matches/:matchId                                       MatchRow
 *   POST /matches/:matchId/result  { requestId, result }         MatchRow    record the result (settles the coupons)
 *   PUT  /matches/:matchId/result  { requestId, result }         MatchRow    correct it (resettles by the difference)
 *   POST /matches/:matchId/bet-cancellations  { requestId, from, to, markets, reason }   MatchRow   void the selections
 *                                                                             placed in the window (refunded; decided coupons resettle)
 *   POST /matches/:matchId/settlement-rollback  { requestId }    MatchRow    withdraw the result: settled selections reopen,
 *                                                                             payouts are taken back until a new result
 *   GET  /coupon-search?userName=&userId=&status=&from=&to=&matchId=   CouponSearchResult   coupons of my site or subtree
 *
 * The result is the domain's `MatchResult`: regular periods in order (halves, quarters, periods,
 * innings; tennis and volleyball sets as games or points), overtime and penalties where the sport
 * has them, corners and cards per period for football.
 */

const count = z.number({ message: 'invalidScore' }).int('invalidScore').min(0, 'invalidScore').max(999, 'invalidScore');
export const ScoreBody = z.object({ home: count, away: count });
export const PeriodScoreBody = ScoreBody.extend({ tieBreak: ScoreBody.optional() });
export const PeriodCardsBody = z.object({ yellow: ScoreBody, red: ScoreBody });
const side = z.enum(['home', 'away'], { message: 'invalidField|side' });

/** Sports whose matches may end in a shoot-out (penalties, 7-metres, shoot-out) after overtime. */
export const SHOOTOUT_SPORTS: readonly SportId[] = [1, 4, 6];
/** The sport whose feed reports corners and cards per period. */
export const CORNERS_AND_CARDS_SPORTS: readonly SportId[] = [1];
/** Sports with a tie-break per set. */
export const TIE_BREAK_SPORTS: readonly SportId[] = [5];

/** Most periods a match of the sport can have: its regular periods, or five sets (maps). */
export function maxPeriods(sportId: SportId): number {
  const format = sportOf(sportId).format;
  return format.kind === 'timed' ? format.regularPeriods : 5;
}

const MatchResultShape = z.object({
  sportId: z.number().int().refine((id) => isSportId(id), 'unknownSport'),
  status: z.enum(MATCH_STATUSES, { message: 'invalidField|status' }),
  periods: z.array(PeriodScoreBody).max(9, 'invalidField|periods'),
  completedPeriods: z.number().int('invalidField|completedPeriods').min(0, 'invalidField|completedPeriods').optional(),
  overtime: ScoreBody.optional(),
  penalties: ScoreBody.optional(),
  corners: z.array(ScoreBody).max(9, 'invalidField|corners').optional(),
  cards: z.array(PeriodCardsBody).max(9, 'invalidField|cards').optional(),
  retired: side.optional(),
  walkover: side.optional(),
});

/**
 * A result as staff enter it, with the rules of its sport: no more periods than the sport plays, a
 * completed timed match has all of them, overtime only in timed sports, a shoot-out only where the
 * sport has one, corners and cards only in football and never for a period not played, a tie-break
 * only in tennis, a retirement or walkover only in set sports.
 */
export const MatchResultBody = MatchResultShape.superRefine((result, context) => {
  if (!isSportId(result.sportId)) return;
  const sportId = result.sportId;
  const timed = sportOf(sportId).format.kind === 'timed';
  const problem = (key: string, path: (string | number)[]) => context.addIssue({ code: 'custom', message: `${key}|${path.join('.')}`, path });
  if (result.periods.length > maxPeriods(sportId)) problem('tooManyPeriods', ['periods']);
  const played = result.status === 'completed' && result.retired === undefined && result.walkover === undefined;
  if (timed && played && result.periods.length !== maxPeriods(sportId)) problem('periodsMissing', ['periods']);
  if (result.completedPeriods !== undefined && result.completedPeriods > result.periods.length) problem('invalidField', ['completedPeriods']);
  if (result.overtime && !timed) problem('notInThisSport', ['overtime']);
  if (result.penalties && !SHOOTOUT_SPORTS.includes(sportId)) problem('notInThisSport', ['penalties']);
  if (result.penalties && result.penalties.home === result.penalties.away) problem('shootoutUndecided', ['penalties']);
  for (const extra of ['corners', 'cards'] as const) {
    const perPeriod = result[extra];
    if (!perPeriod) continue;
    if (!CORNERS_AND_CARDS_SPORTS.includes(sportId)) problem('notInThisSport', [extra]);
    else if (perPeriod.length > result.periods.length) problem('periodNotPlayed', [extra]);
  }
  result.periods.forEach((period, index) => {
    if (period.tieBreak && !TIE_BREAK_SPORTS.includes(sportId)) problem('notInThisSport', ['periods', index, 'tieBreak']);
  });
  for (const ending of ['retired', 'walkover'] as const) {
    if (result[ending] === undefined) continue;
    if (timed) problem('notInThisSport', [ending]);
    else if (result.status !== 'completed') problem('invalidField', [ending]);
  }
  if (result.walkover !== undefined && result.periods.length > 0) problem('walkoverPlayed', ['periods']);
});
export type MatchResultBody = z.infer<typeof MatchResultBody>;

export const MatchResultRequest = z.object({
  /** A client request id: a retry with the same id appends nothing new. */
  requestId: z.string().min(8, 'requestIdRequired').max(80, 'requestIdRequired').regex(/^[A-Za-z0-9_.:-]+$/, 'requestIdRequired'),
  result: MatchResultBody,
});
export type MatchResultRequest = z.infer<typeof MatchResultRequest>;

export const MatchIdParams = z.object({ matchId: z.string().min(1).max(80) });

const RequestId = MatchResultRequest.shape.requestId;
const Instant = z.iso.datetime({ offset: true, message: 'datetimeRequired' });

/**
 * A bet cancel (the feed's `bet_cancel`, entered by staff): every selection on the match placed from
 * `from` until `to` (open-ended when null), on the given markets (every market when null), is void;
 * a single is refunded, a combination goes on without the leg. The reason is kept in the log.
 */
export const CancelBetsRequest = z
  .object({
    requestId: RequestId,
    from: Instant,
    to: Instant.nullable().default(null),
    markets: z
      .array(z.string().refine(isMarketCode, 'unknownMarket'))
      .min(1, 'invalidField|markets')
      .max(40, 'invalidField|markets')
      .nullable()
      .default(null),
    reason: z.string().trim().min(3, 'minLengthMaxLength|reason|3|200').max(200, 'minLengthMaxLength|reason|3|200'),
  })
  .refine((body) => body.to === null || Date.parse(body.to) >= Date.parse(body.from), { message: 'badCancelWindow', path: ['to'] });
export type CancelBetsRequest = z.infer<typeof CancelBetsRequest>;

/** Withdraws the result in force (the feed's `rollback_bet_settlement`); the match waits for a new one. */
export const RollBackSettlementRequest = z.object({ requestId: RequestId });
export type RollBackSettlementRequest = z.infer<typeof RollBackSettlementRequest>;

export const MATCH_LIST_STATES = ['awaiting', 'recorded', 'all'] as const;
export const MatchListQuery = z.object({
  state: z.enum(MATCH_LIST_STATES, { message: 'invalidField|state' }).default('awaiting'),
  sportId: z.coerce.number().int().refine((id) => isSportId(id), 'unknownSport').optional(),
  search: z.string().max(40, 'unexpectedLength|search').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type MatchListQuery = z.infer<typeof MatchListQuery>;

const Localized = z.object({ tr: z.string(), en: z.string() });
const Score = z.object({ home: z.number().int(), away: z.number().int() });

export const MatchRow = z.object({
  matchId: z.string(),
  sportId: z.number().int(),
  category: Localized,
  tournament: Localized,
  home: Localized,
  away: Localized,
  startsAt: z.string(),
  /** The feed's live status (`not_started`, `2p`, `ended`…). */
  status: z.string(),
  finished: z.boolean(),
  /** What the feed's scoreboard says now, to start the form from. */
  scoreboard: z.object({ score: Score, periods: z.array(Score), cards: z.object({ yellow: Score, red: Score }), corners: Score }).nullable(),
  result: MatchResultShape.nullable(),
  resultAt: z.string().nullable(),
});
export type MatchRow = z.infer<typeof MatchRow>;
export const MatchList = z.object({ matches: z.array(MatchRow), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type MatchList = z.infer<typeof MatchList>;

/** §4 coupon status codes by name: 0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold. */
export const COUPON_STATUS_CODES = { waiting: 0, won: 1, lost: -1, cancelled: -2, sold: 2 } as const;
export type CouponStatusName = keyof typeof COUPON_STATUS_CODES;

export const CouponSearchQuery = z.object({
  userName: z.string().max(40, 'unexpectedLength|userName').optional(),
  userId: z.uuid('noSuchUser').optional(),
  status: z.enum(['waiting', 'won', 'lost', 'cancelled', 'sold'], { message: 'invalidField|status' }).optional(),
  from: z.iso.datetime({ message: 'dateRequired|from' }).optional(),
  to: z.iso.datetime({ message: 'dateRequired|to' }).optional(),
  matchId: z.string().max(80, 'unexpectedLength|matchId').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type CouponSearchQuery = z.infer<typeof CouponSearchQuery>;

export const CouponSearchRow = z.object({
  couponId: z.string(),
  userId: z.string(),
  userName: z.string(),
  couponType: z.string(),
  isLive: z.boolean(),
  stake: z.number().int(),
  potentialPayout: z.number().int(),
  status: z.enum(['waiting', 'won', 'lost', 'cancelled', 'sold']),
  /** What went back to the wallet: payout, sale or refund. */
  payout: z.number().int(),
  paid: z.boolean(),
  selections: z.number().int(),
  placedAt: z.string(),
  updatedAt: z.string(),
});
export type CouponSearchRow = z.infer<typeof CouponSearchRow>;
export const CouponSearchResult = z.object({ coupons: z.array(CouponSearchRow), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type CouponSearchResult = z.infer<typeof CouponSearchResult>;
