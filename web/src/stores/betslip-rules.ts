import { COUPON_CAPS, DEFAULT_SLIP_LIMITS, type BonusRule, type SlipRules, type UserLimits } from '@kupon/domain';

/**
 * Spec §9 "Default slip: maxStake 250, maxPayU 12500, stake minimum 1" for a visitor whose limits
 * are not known (a guest). Multiples are allowed on a guest's slip; the server applies the player's
 * own limits when the coupon is placed (product choice).
 */
export const GUEST_LIMITS: UserLimits = {
  combine: { ...DEFAULT_SLIP_LIMITS, status: 1 },
  multiple: { ...DEFAULT_SLIP_LIMITS, status: 1 },
  system: { ...DEFAULT_SLIP_LIMITS, status: 1 },
  minOdds: 0,
  maxOdds: 0,
};

/** The rules the slip runs: the player's limits (or the guest defaults), the §9 caps, the site's bonus and max payout tiers. */
export function slipRulesFor(limits: UserLimits | null | undefined, bonus: BonusRule | null = null, payoutTiers: readonly number[] = []): SlipRules {
  return { limits: limits ?? GUEST_LIMITS, caps: COUPON_CAPS, bonus, payoutTiers };
}
