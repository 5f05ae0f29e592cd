import type { Minor, Odds } from '../../shared/money';
import type { OutcomeResult } from '../../shared/results';

/**
 * Coupon type codes of spec §3 `cType` (reading notes): TK single, KK combined, CK multiple,
 * SK system. `NA` is a slip that is not a coupon yet (nothing on it).
 */
export type CouponType = 'TK' | 'KK' | 'CK' | 'SK';
export type SlipType = CouponType | 'NA';

/** What pricing and settlement need to know about one pick. */
export interface Leg {
  /** The outcome's unique id on the slip (betslip item `o.uniq`); unique within a coupon. */
  readonly id: string;
  readonly matchId: string;
  /** Integer thousandths: 1.85 → 1850. */
  readonly odds: Odds;
  /** Banker ("banko"): in every combination of a system coupon. Ignored by the other types. */
  readonly banker: boolean;
}

export interface SettlingLeg extends Leg {
  /** null while the outcome is not yet decided. */
  readonly result: OutcomeResult | null;
}

/**
 * Stake and payout limits of one limit group (spec §3 user limits `multiple`, `combine`, `system`;
 * odd limits `single`, `combination`). Amounts are minor units. 0 means "no limit" (spec §5).
 */
export interface StakeLimits {
  readonly minTip: number;
  readonly minStake: Minor;
  readonly maxStake: Minor;
  readonly maxPay: Minor;
}

/** A user limit group: stake limits plus `status` (1 enables; only `multiple` is gated by it, §5). */
export interface LimitGroup extends StakeLimits {
  readonly status: number;
}

/** The player's limits (spec §3 user info). */
export interface UserLimits {
  /** TK and KK coupons. */
  readonly combine: LimitGroup;
  /** CK coupons; `status` 0 disables multiple betting. */
  readonly multiple: LimitGroup;
  /** SK coupons. */
  readonly system: LimitGroup;
  /** Lowest odds a selection may have (user `minOddsCoupon.limit`); 0 = none. */
  readonly minOdds: Odds;
  /** Highest odds a selection may have (user `maxOddsCoupon.limit`); 0 = none. */
  readonly maxOdds: Odds;
}

/** Per-outcome limits the feed attaches to an odd (spec §3 Odd `limits`). */
export interface OutcomeLimits {
  readonly single: StakeLimits;
  readonly combination: StakeLimits;
}

/** The site-wide coupon caps of spec §9 (0 = none). */
export interface CouponCaps {
  /** Most selections on any coupon. */
  readonly maxOddsCoupon: number;
  /** Most expanded tickets of a multiple (CK) coupon. */
  readonly maxMultiOdds: number;
  /** Most matches on a multiple (CK) coupon. */
  readonly maxMultiCps: number;
  /** Most selections on a system (SK) coupon. */
  readonly maxSystemCps: number;
}

/**
 * The combined-coupon bonus of spec §3 `bonusCoupon` / §5. Every counted selection needs odds of at
 * least `bonusOdds`; the percent is `bonusPercent × (selections − bonusTipCount)`, capped at 25.
 */
export interface BonusRule {
  /** Integer percent added per selection above `bonusTipCount`. */
  readonly bonusPercent: number;
  readonly bonusTipCount: number;
  readonly bonusOdds: Odds;
}

/** Everything the betslip and the decider check a slip against. */
export interface SlipRules {
  readonly limits: UserLimits;
  readonly caps: CouponCaps;
  /** null when the site runs no coupon bonus. */
  readonly bonus: BonusRule | null;
  /**
   * Spec §9 max payout tiers: the most a coupon may pay, by the band its total stake falls in
   * (`PAYOUT_TIER_FLOORS`), minor units, 0 = no cap of its own. Tightens the user's and the odds' max
   * pay limits; empty = none.
   */
  readonly payoutTiers: readonly Minor[];
}

/** A selection as the betslip holds it (spec §3 betslip item, flattened). */
export interface SlipSelection extends Leg {
  /** Odds group id (`od.oddsid`). */
  readonly marketId: string;
  /** The line of the market (`od.special`), '' when none. */
  readonly special: string;
  readonly outcomeId: string;
  /** Picked from the live list (`type` live): such a coupon can never be cancelled. */
  readonly isLive: boolean;
  /** The odd's own limits, when the feed carries them. */
  readonly limits?: OutcomeLimits | null;
}

export interface Betslip {
  readonly selections: readonly SlipSelection[];
  /** Chosen system sizes (`cSystem.c`): legs per combination, bankers included. */
  readonly systemSizes: readonly number[];
  /** The total stake the player wants on the coupon (minor units). */
  readonly stake: Minor;
  /** The player accepts odds changes at placement. */
  readonly oddChangeOk: boolean;
}
