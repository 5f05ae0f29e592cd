import type { Minor } from '../../shared/money';
import { BONUS_PERCENT_CAP, MONEY_CEILING } from './constants';
import type { BonusRule, CouponType, Leg } from './types';

/**
 * The bonus percent a combined coupon earns (spec §3 `bonusCoupon`, §5, §9):
 * - only one-ticket coupons (TK, KK) earn it;
 * - every counted selection needs odds ≥ `bonusOdds`, otherwise there is no bonus;
 * - percent = bonusPercent × (n − bonusTipCount) for n > bonusTipCount, else 0;
 * - never above 25 (`BONUS_PERCENT_CAP`).
 * E.g. bonusPercent 5, bonusTipCount 3: 3 selections 0 %, 4 → 5 %, 5 → 10 %, 8 or more → 25 %.
 * At settlement the caller passes only the legs that were not void (void legs stop counting).
 */
export function bonusPercentOf(type: CouponType, legs: readonly Pick<Leg, 'odds'>[], rule: BonusRule | null): number {
  if (!rule || (type !== 'TK' && type !== 'KK')) return 0;
  if (legs.length <= rule.bonusTipCount) return 0;
  if (legs.some((leg) => leg.odds < rule.bonusOdds)) return 0;
  return Math.min(BONUS_PERCENT_CAP, Math.max(0, Math.trunc(rule.bonusPercent)) * (legs.length - rule.bonusTipCount));
}

/**
 * The bonus is a percent of the net winnings (return − stake), rounded down: a coupon that only
 * gives the stake back earns none.
 */
export function bonusAmount(payout: Minor, stake: Minor, percent: number): Minor {
  if (percent <= 0 || payout <= stake) return 0;
  return Number((BigInt(payout - stake) * BigInt(percent)) / 100n);
}

/**
 * Spec §5 "max pay capped by user limit": the cap applies to the whole return, bonus included.
 * With no cap (0) the return is still held at `MONEY_CEILING`.
 */
export function capPayout(winnings: Minor, bonus: Minor, maxPay: Minor): { payout: Minor; bonus: Minor } {
  const cap = maxPay > 0 ? Math.min(maxPay, MONEY_CEILING) : MONEY_CEILING;
  if (winnings + bonus <= cap) return { payout: winnings + bonus, bonus };
  return { payout: cap, bonus: Math.max(0, cap - winnings) };
}
