import type { CouponCaps, LimitGroup, SlipRules, StakeLimits, UserLimits } from './types';

/**
 * Spec §9 figures are in currency units; the domain counts minor units. Every currency the site
 * sells (§3 currency symbols) has two decimals, so one unit is 100 minor units.
 */
export const MINOR_PER_UNIT = 100;

/** Spec §9 coupon limits. */
export const COUPON_CAPS: CouponCaps = {
  maxOddsCoupon: 20,
  maxMultiOdds: 27,
  maxMultiCps: 10,
  maxSystemCps: 10,
};

/**
 * Spec §9 max payout tiers "1-100, 100-250, 250-500, 500-1000, 1000-5000, above 5000": the lowest total
 * stake of each band, minor units. A band runs from its floor up to the next band's floor, that
 * excluded (a stake of exactly 100 is in the second band); the first also holds stakes under 1 (the
 * shop flow's 0.10), the last has no top. The operator sets each band's amount (site setting
 * `maxPayoutTiers`; the spec does not show them).
 */
export const PAYOUT_TIER_FLOORS: readonly number[] = [0, 100, 250, 500, 1000, 5000].map((units) => units * MINOR_PER_UNIT);

/** Spec §9 "Bonus percent cap 25". */
export const BONUS_PERCENT_CAP = 25;

/** Spec §9 default user limit: minTip 1, minStake 1, maxStake 100, maxPay 1000, status 0. */
export const DEFAULT_LIMIT_GROUP: LimitGroup = {
  minTip: 1,
  minStake: 1 * MINOR_PER_UNIT,
  maxStake: 100 * MINOR_PER_UNIT,
  maxPay: 1000 * MINOR_PER_UNIT,
  status: 0,
};

export const DEFAULT_USER_LIMITS: UserLimits = {
  combine: DEFAULT_LIMIT_GROUP,
  multiple: DEFAULT_LIMIT_GROUP,
  system: DEFAULT_LIMIT_GROUP,
  minOdds: 0,
  maxOdds: 0,
};

/** Spec §9 default slip: stake minimum 1, maxStake 250, maxPayU 12500 (a guest's slip). */
export const DEFAULT_SLIP_LIMITS: StakeLimits = {
  minTip: 1,
  minStake: 1 * MINOR_PER_UNIT,
  maxStake: 250 * MINOR_PER_UNIT,
  maxPay: 12_500 * MINOR_PER_UNIT,
};

/** Spec §9 per-outcome defaults: min tip 1, min 1, max stake 250, max pay 12500 (the feed adapter fills them in). */
export const DEFAULT_OUTCOME_LIMITS: StakeLimits = DEFAULT_SLIP_LIMITS;

/** Spec §9 default stake of the shop flow: 0.10. */
export const DEFAULT_SHOP_STAKE = 10;

export const DEFAULT_SLIP_RULES: SlipRules = {
  limits: DEFAULT_USER_LIMITS,
  caps: COUPON_CAPS,
  bonus: null,
  payoutTiers: [],
};

/**
 * The largest amount of money the domain represents: `Number.MAX_SAFE_INTEGER` minor units (about 90
 * trillion in a two-decimal currency). A return that would be larger — only possible when no max pay
 * limit applies ("0 means none") — is held at this ceiling, so every amount stays an exact integer.
 */
export const MONEY_CEILING = Number.MAX_SAFE_INTEGER;

/** Adds amounts of money, held at `MONEY_CEILING`. */
export function sumMinor(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => Math.min(total + amount, MONEY_CEILING), 0);
}

/** A bigint amount (or odds) as a number, held at `MONEY_CEILING`. */
export function cappedNumber(value: bigint): number {
  return value > BigInt(MONEY_CEILING) ? MONEY_CEILING : Number(value);
}

/** Spec §5: "a limit of 0 means none". */
export function exceeds(value: number, limit: number): boolean {
  return limit > 0 && value > limit;
}
