import type { Minor, Odds } from '../../shared/money';
import { domainError, type DomainError } from '../../shared/decider';
import { cappedNumber } from './constants';
import { halfThousandthOdds } from './settlement';
import type { SettlingLeg } from './types';

/** A leg of a coupon being sold: its accepted odds, its result so far and, while open, its current odds. */
export interface SellingLeg extends SettlingLeg {
  /** The odds the book offers now for this outcome; null when it offers none (suspended, hidden). */
  readonly currentOdds: Odds | null;
}

export interface SellInput {
  /** Stake of the one ticket (TK/KK). */
  readonly stake: Minor;
  readonly legs: readonly SellingLeg[];
  /** Operator margin on the fair value, in basis points (500 = 5 %). */
  readonly marginBp: number;
  /** The coupon's potential payout: a sale never pays more than waiting would. */
  readonly potentialPayout: Minor;
}

/**
 * Cash-out value of a one-ticket coupon (see RULES.md "Cash-out"):
 *
 *   value = stake × Π settled effective odds × Π open (accepted odds ÷ current odds) × (1 − margin)
 *
 * i.e. the coupon's fair value at today's prices (its potential return divided by the current
 * price of what is still to come), less the operator margin; rounded down once, never above the
 * potential payout. `sellCouponWarningNowNot` when a leg is lost or an open leg has no price now.
 */
export function sellValue(input: SellInput): Minor | DomainError {
  const margin = Math.min(10_000, Math.max(0, Math.trunc(input.marginBp)));
  let numerator = BigInt(input.stake) * BigInt(10_000 - margin);
  let denominator = 10_000n;
  for (const leg of input.legs) {
    if (leg.result === 'lost') return domainError('sellCouponWarningNowNot');
    if (leg.result !== null) {
      numerator *= halfThousandthOdds(leg.odds, leg.result);
      denominator *= 2000n;
      continue;
    }
    if (leg.currentOdds === null || leg.currentOdds < 1000) return domainError('sellCouponWarningNowNot');
    numerator *= BigInt(leg.odds);
    denominator *= BigInt(leg.currentOdds);
  }
  const value = cappedNumber(numerator / denominator);
  return Math.min(value, input.potentialPayout);
}
