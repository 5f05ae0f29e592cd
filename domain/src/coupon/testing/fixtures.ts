import { isDomainError, errorKey } from '../../shared/decider';
import type { Minor, Odds } from '../../shared/money';
import type { PlaceCoupon } from '../commands';
import { outcomeKey, type CouponContext, type MatchState, type OddsBook, type OutcomeQuote } from '../context';
import { couponDecider } from '../decider';
import type { CouponPlaced } from '../events';
import { COUPON_CAPS, DEFAULT_LIMIT_GROUP, DEFAULT_USER_LIMITS } from '../rules/constants';
import type { SlipRules, SlipSelection } from '../rules/types';

export const NOW = '2025-05-01T12:00:00.000Z';
export const KICKOFF = '2025-05-01T18:00:00.000Z';

/** The spec §9 defaults, with multiple betting switched on. */
export const TEST_RULES: SlipRules = {
  limits: { ...DEFAULT_USER_LIMITS, multiple: { ...DEFAULT_LIMIT_GROUP, status: 1 } },
  caps: COUPON_CAPS,
  bonus: null,
  payoutTiers: [],
};

/** A 1X2 pick: outcome `pick` of match `matchId` at `odds`. */
export function pick(matchId: string, odds: Odds, outcome = '1', extra: Partial<SlipSelection> = {}): SlipSelection {
  return {
    id: `${matchId}:${outcome}`,
    matchId,
    marketId: 'FT_1X2',
    special: '',
    outcomeId: outcome,
    odds,
    banker: false,
    isLive: false,
    ...extra,
  };
}

export interface TestBook {
  readonly quotes?: readonly (SlipSelection & Partial<OutcomeQuote>)[];
  readonly matches?: Readonly<Record<string, MatchState>>;
}

export function testBook(book: TestBook = {}): OddsBook {
  const quotes = new Map<string, OutcomeQuote>(
    (book.quotes ?? []).map((q) => [outcomeKey(q), { odds: q.odds, suspended: q.suspended ?? false, hidden: q.hidden ?? false, limits: q.limits ?? null }]),
  );
  return {
    match: (matchId) => book.matches?.[matchId] ?? { phase: 'not_started', startsAt: KICKOFF },
    quote: (outcome) => quotes.get(outcomeKey(outcome)),
  };
}

export function testContext(overrides: Partial<CouponContext> & TestBook = {}): CouponContext {
  const { quotes, matches, ...rest } = overrides;
  return {
    odds: testBook({ quotes: quotes ?? [], matches: matches ?? {} }),
    rules: TEST_RULES,
    availableBalance: null,
    sell: { enabled: true, marginBp: 500 },
    cancel: { enabled: true, periodMs: 10 * 60_000 },
    ...rest,
  };
}

export function placeCommand(selections: readonly SlipSelection[], stake: Minor, extra: Partial<PlaceCoupon> = {}): PlaceCoupon {
  return {
    type: 'PlaceCoupon',
    couponId: 'c-1',
    userId: 'u-1',
    now: NOW,
    selections: selections.map(({ limits: _limits, ...s }) => s),
    systemSizes: [],
    stake,
    oddChangeOk: false,
    ...extra,
  };
}

/** The CouponPlaced the decider produces for these picks at their own odds (test setup). */
export function placed(selections: readonly SlipSelection[], stake: Minor, extra: Partial<PlaceCoupon> = {}, rules: SlipRules = TEST_RULES): CouponPlaced {
  const outcome = couponDecider.decide(placeCommand(selections, stake, extra), couponDecider.initialState, testContext({ quotes: selections, rules }));
  if (isDomainError(outcome)) throw new Error(`setup: ${errorKey(outcome)}`);
  return outcome[0] as CouponPlaced;
}
