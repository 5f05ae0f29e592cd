import type { Minor, Odds } from '../../shared/money';
import { assertNever } from '../../shared/decider';
import type { OutcomeResult } from '../../shared/results';
import { bonusAmount, bonusPercentOf, capPayout } from './bonus';
import { combinationsOf } from './combinations';
import { cappedNumber, sumMinor } from './constants';
import type { BonusRule, CouponType, SettlingLeg } from './types';

/**
 * The odds a settled leg counts with inside a combination, in half-thousandths (÷ 2000), so that
 * half results stay exact integers:
 * - won: the accepted odds o;
 * - void: 1.000 (the leg drops out, the combination stands on the others);
 * - half_won: (o + 1) / 2 — half the stake wins at o, half is returned;
 * - half_lost: 0.5 — half the stake is lost, half is returned;
 * - lost: 0.
 */
export function halfThousandthOdds(odds: Odds, result: OutcomeResult): bigint {
  switch (result) {
    case 'won':
      return 2n * BigInt(odds);
    case 'lost':
      return 0n;
    case 'void':
      return 2000n;
    case 'half_won':
      return BigInt(odds) + 1000n;
    case 'half_lost':
      return 1000n;
    default:
      return assertNever(result);
  }
}

export type CombinationState = 'open' | 'won' | 'lost';

export interface CombinationSettlement {
  readonly legIds: readonly string[];
  /** `won` = every leg is decided and none lost, so it pays a return (maybe only part of its stake). */
  readonly state: CombinationState;
  readonly payout: Minor;
}

/**
 * One combination is one combined bet: lost as soon as any leg is lost, decided when every leg is;
 * its return is stake × Π effective odds, rounded down to the minor unit once (held at
 * `MONEY_CEILING`).
 */
export function settleCombination(stake: Minor, legs: readonly SettlingLeg[]): CombinationSettlement {
  const legIds = legs.map((leg) => leg.id);
  if (legs.some((leg) => leg.result === 'lost')) return { legIds, state: 'lost', payout: 0 };
  if (legs.some((leg) => leg.result === null)) return { legIds, state: 'open', payout: 0 };
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const leg of legs) {
    numerator *= halfThousandthOdds(leg.odds, leg.result as OutcomeResult);
    denominator *= 2000n;
  }
  return { legIds, state: 'won', payout: cappedNumber(numerator / denominator) };
}

/** What `settleCoupon` needs: the coupon as placed plus each leg's result so far. */
export interface SettlementInput {
  readonly type: CouponType;
  readonly legs: readonly SettlingLeg[];
  /** SK only: legs per combination, bankers included. */
  readonly systemSizes: readonly number[];
  readonly stakePerCombination: Minor;
  /** The bonus rule the coupon was placed under (null: none). */
  readonly bonus: BonusRule | null;
  /** The max pay cap the coupon was placed under (0: none). */
  readonly maxPay: Minor;
}

export interface Settlement {
  /** Every combination is won or lost: nothing still to come can change the return. */
  readonly decided: boolean;
  /** waiting until decided; then won when the coupon returns anything, else lost. */
  readonly status: 'waiting' | 'won' | 'lost';
  readonly combinations: readonly CombinationSettlement[];
  /** Sum of the combinations' returns, before bonus and cap. */
  readonly winnings: Minor;
  readonly bonusPercent: number;
  /** The bonus actually paid (after the cap). */
  readonly bonus: Minor;
  /** What the coupon pays: min(winnings + bonus, maxPay). */
  readonly payout: Minor;
}

/**
 * Settles a coupon from its legs' results. Every type is a set of combined tickets
 * (`combinationsOf`); the coupon returns the sum of its winning tickets. One-ticket coupons
 * (TK, KK) add the bonus recomputed over the legs that were not void; the max pay caps the total.
 */
export function settleCoupon(input: SettlementInput): Settlement {
  const combinations = combinationsOf(input.type, input.legs, input.systemSizes).map((legs) =>
    settleCombination(input.stakePerCombination, legs),
  );
  const decided = combinations.every((combination) => combination.state !== 'open');
  const winnings = sumMinor(combinations.map((combination) => combination.payout));
  if (!decided) return { decided, status: 'waiting', combinations, winnings, bonusPercent: 0, bonus: 0, payout: 0 };
  const counted = input.legs.filter((leg) => leg.result !== 'void');
  const bonusPercent = bonusPercentOf(input.type, counted, input.bonus);
  const capped = capPayout(winnings, bonusAmount(winnings, input.stakePerCombination, bonusPercent), input.maxPay);
  return {
    decided,
    status: capped.payout > 0 ? 'won' : 'lost',
    combinations,
    winnings,
    bonusPercent,
    bonus: capped.bonus,
    payout: capped.payout,
  };
}
