import type { Minor, Odds } from '../../shared/money';
import { PAYOUT_TIER_FLOORS } from './constants';
import { assertNever, domainError, type DomainError } from '../../shared/decider';
import { formatOdds } from './odds-format';
import type { CouponType, LimitGroup, SlipSelection, StakeLimits, UserLimits } from './types';

/** The user limit group a coupon type answers to. */
export function limitGroupOf(type: CouponType, limits: UserLimits): LimitGroup {
  switch (type) {
    case 'TK':
    case 'KK':
      return limits.combine;
    case 'CK':
      return limits.multiple;
    case 'SK':
      return limits.system;
    default:
      return assertNever(type);
  }
}

/** Spec §5 "Multiple betting disabled when multiple status is '0'". */
export function multipleEnabled(limits: UserLimits): boolean {
  return Number(limits.multiple.status) !== 0;
}

/**
 * The limits a coupon is held to: the user's group for its type, tightened by each selection's own
 * odd limits (`single` for a TK coupon, `combination` otherwise). Spec §5 "a limit of 0 means none;
 * limit can only be raised": a minimum is the highest of the minimums, a maximum the lowest non-zero
 * maximum.
 */
export function effectiveLimits(type: CouponType, selections: readonly Pick<SlipSelection, 'limits'>[], limits: UserLimits): StakeLimits {
  let result: StakeLimits = limitGroupOf(type, limits);
  for (const selection of selections) {
    if (!selection.limits) continue;
    const own = type === 'TK' ? selection.limits.single : selection.limits.combination;
    result = {
      minTip: Math.max(result.minTip, own.minTip),
      minStake: Math.max(result.minStake, own.minStake),
      maxStake: lowestLimit(result.maxStake, own.maxStake),
      maxPay: lowestLimit(result.maxPay, own.maxPay),
    };
  }
  return result;
}

/**
 * The max pay a coupon of this total stake is held to: the lowest of the limits' own and its band's
 * max payout tier (spec §9), where 0 is none.
 */
export function maxPayFor(totalStake: Minor, limits: StakeLimits, payoutTiers: readonly Minor[]): Minor {
  return lowestLimit(limits.maxPay, payoutTiers[payoutTierOf(totalStake)] ?? 0);
}

/** The index of the §9 max payout band a total stake falls in (see `PAYOUT_TIER_FLOORS`). */
export function payoutTierOf(totalStake: Minor): number {
  let tier = 0;
  while (tier + 1 < PAYOUT_TIER_FLOORS.length && totalStake >= (PAYOUT_TIER_FLOORS[tier + 1] ?? Infinity)) tier++;
  return tier;
}

function lowestLimit(a: number, b: number): number {
  if (a <= 0) return Math.max(b, 0);
  if (b <= 0) return a;
  return Math.min(a, b);
}

/** Spec §5: an odd below the user's minimum or above the maximum is refused as `min limit: X` / `max limit: X`. */
export function oddsLimitProblem(odds: Odds, limits: UserLimits): DomainError | null {
  if (limits.minOdds > 0 && odds < limits.minOdds) return domainError('minLimit', formatOdds(limits.minOdds));
  if (limits.maxOdds > 0 && odds > limits.maxOdds) return domainError('maxLimit', formatOdds(limits.maxOdds));
  return null;
}
