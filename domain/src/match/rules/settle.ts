import type { MatchResult } from '../../catalog/match-result';
import { isMarketCode } from '../../catalog/markets';
import { resolveOutcome, selectionProblem } from '../../catalog/settlement';
import type { OutcomeResult } from '../../shared/results';
import type { BetsCancelled } from '../events';

/** A coupon selection as settlement sees it. */
export interface SettlingSelection {
  readonly market: string;
  readonly special: string;
  readonly outcome: string;
  /** ISO instant the coupon was placed. */
  readonly placedAt: string;
}

export type Cancellation = Pick<BetsCancelled['data'], 'cancellationId' | 'from' | 'to' | 'markets'>;

/** A bet cancel voids a selection placed inside its window, on its markets (all when null). */
export function isCancelled(selection: SettlingSelection, cancellation: Cancellation): boolean {
  const placed = Date.parse(selection.placedAt);
  if (placed < Date.parse(cancellation.from)) return false;
  if (cancellation.to !== null && placed > Date.parse(cancellation.to)) return false;
  return cancellation.markets === null || (cancellation.markets as readonly string[]).includes(selection.market);
}

/**
 * How a selection stands on its match: void when a bet cancel covers it, else the catalog's verdict
 * on the result in force; `null` while undecided (no result, or the result does not decide it yet).
 * A selection the catalog does not know is void: it can never be settled otherwise.
 */
export function selectionOutcome(selection: SettlingSelection, result: MatchResult | null, cancellations: readonly Cancellation[]): OutcomeResult | null {
  if (cancellations.some((c) => isCancelled(selection, c))) return 'void';
  if (result === null) return null;
  if (!isMarketCode(selection.market) || selectionProblem(selection.market, selection.special, selection.outcome, result.sportId) !== null) return 'void';
  return resolveOutcome(selection.market, selection.special, selection.outcome, result);
}
