import type { OutcomeResult } from '../shared/results';
import { settleByStatus } from './match-result';
import type { MatchResult } from './match-result';
import { isMarketCode, marketByCode } from './markets';
import type { MarketCode } from './markets';
import type { SportId } from './sports';

/** Why a selection (market, special, outcome) cannot be offered or settled. */
export type SelectionProblem = 'unknown_market' | 'market_not_for_sport' | 'bad_special' | 'unknown_outcome';

/** Checks a selection as the feed or a betslip sends it; `null` when the catalog knows it. */
export function selectionProblem(
  marketCode: string,
  special: string,
  outcomeCode: string,
  sportId?: SportId,
): SelectionProblem | null {
  if (!isMarketCode(marketCode)) return 'unknown_market';
  const definition = marketByCode(marketCode);
  if (sportId !== undefined && !definition.sports.includes(sportId)) return 'market_not_for_sport';
  if (!definition.isSpecial(special)) return 'bad_special';
  if (!definition.outcomes.some((o) => o.code === outcomeCode)) return 'unknown_outcome';
  return null;
}

/**
 * How one outcome of a market settles on a match result: won, lost, void, half_won or half_lost,
 * or `null` while the result does not decide it yet. Throws a RangeError on a selection the
 * catalog does not know (check it first with `selectionProblem`).
 */
export function resolveOutcome(
  marketCode: MarketCode,
  special: string,
  outcomeCode: string,
  result: MatchResult,
): OutcomeResult | null {
  const problem = selectionProblem(marketCode, special, outcomeCode, result.sportId);
  if (problem !== null) {
    throw new RangeError(`${problem}: ${marketCode} "${special}" ${outcomeCode} on sport ${result.sportId}`);
  }
  return settleByStatus(result, marketByCode(marketCode).verdict(result, special, outcomeCode));
}

export interface OutcomeSettlement {
  readonly outcomeCode: string;
  readonly result: OutcomeResult | null;
}

/** Every outcome of a market under one special, in the market's outcome order. */
export function resolveMarket(
  marketCode: MarketCode,
  special: string,
  result: MatchResult,
): readonly OutcomeSettlement[] {
  return marketByCode(marketCode).outcomes.map(({ code }) => ({
    outcomeCode: code,
    result: resolveOutcome(marketCode, special, code, result),
  }));
}
