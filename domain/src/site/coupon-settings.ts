import { BONUS_PERCENT_CAP, MONEY_CEILING, PAYOUT_TIER_FLOORS } from '../coupon/rules/constants';
import type { BonusRule } from '../coupon/rules/types';
import type { CouponCancelSetting, CouponSellSetting, SiteSettings } from './events';

/**
 * The bounds of a site's coupon settings, checked by the site decider and by the api's contract
 * (the back office validates with the contract), so all three refuse the same values.
 * - `bonusPercent`: 0 runs no bonus; at most the §9 cap (25), more could never be paid.
 * - `bonusTipCount`: selections that earn nothing before the bonus starts (a coupon holds at most 40).
 * - `bonusOdds`: thousandths, from 1.00 up to 100.00.
 * - `marginBp`: the operator's cut of a sale's fair value, up to half of it (product choice).
 * - `periodMinutes`: how long after placement a pre-match coupon may be cancelled, a minute to a day.
 */
export const COUPON_SETTING_BOUNDS = {
  bonusPercent: { min: 0, max: BONUS_PERCENT_CAP },
  bonusTipCount: { min: 0, max: 40 },
  bonusOdds: { min: 1000, max: 100_000 },
  marginBp: { min: 0, max: 5000 },
  periodMinutes: { min: 1, max: 1440 },
} as const;

type Bounded = keyof typeof COUPON_SETTING_BOUNDS;

/** Whether `value` is a whole number within the bounds of `key`. */
export function withinCouponBounds(key: Bounded, value: unknown): boolean {
  const { min, max } = COUPON_SETTING_BOUNDS[key];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** The field of a coupon setting that is not acceptable (`bonusCoupon.bonusOdds` …), or null. */
export function couponSettingsProblem(settings: Pick<SiteSettings, 'bonusCoupon' | 'couponSell' | 'couponCancel' | 'maxPayoutTiers'>): string | null {
  const { bonusCoupon, couponSell, couponCancel } = settings;
  if (!bonusCoupon || typeof bonusCoupon !== 'object') return 'bonusCoupon';
  for (const key of ['bonusPercent', 'bonusTipCount', 'bonusOdds'] as const) {
    if (!withinCouponBounds(key, bonusCoupon[key])) return `bonusCoupon.${key}`;
  }
  if (!couponSell || typeof couponSell !== 'object' || typeof couponSell.enabled !== 'boolean') return 'couponSell';
  if (!withinCouponBounds('marginBp', couponSell.marginBp)) return 'couponSell.marginBp';
  if (!couponCancel || typeof couponCancel !== 'object' || typeof couponCancel.enabled !== 'boolean') return 'couponCancel';
  if (!withinCouponBounds('periodMinutes', couponCancel.periodMinutes)) return 'couponCancel.periodMinutes';
  return payoutTiersProblem(settings.maxPayoutTiers);
}

/**
 * The §9 max payout tiers are refused under `maxPayoutTiers.<band>` (0 the first) unless there is one
 * whole amount for each band and a larger stake can never be held to a smaller payout: a band's cap
 * is 0 (none) or at least its top stake (the last band's: its floor), a capped band never follows an
 * uncapped one, and the caps never fall from one band to the next.
 */
export function payoutTiersProblem(tiers: unknown): string | null {
  if (!Array.isArray(tiers) || tiers.length !== PAYOUT_TIER_FLOORS.length) return 'maxPayoutTiers';
  for (const [band, cap] of tiers.entries()) {
    if (typeof cap !== 'number' || !Number.isSafeInteger(cap) || cap < 0 || cap > MONEY_CEILING) return `maxPayoutTiers.${band}`;
    if (cap === 0) continue;
    const top = PAYOUT_TIER_FLOORS[band + 1] ?? PAYOUT_TIER_FLOORS[band] ?? 0;
    // The band below was checked already: a number, 0 when uncapped.
    const below = band > 0 ? (tiers[band - 1] as number) : null;
    if (cap < top || below === 0 || (below !== null && cap < below)) return `maxPayoutTiers.${band}`;
  }
  return null;
}

/** The combined-coupon bonus a site pays (spec §3 bonusCoupon, §5), or null when it runs none. */
export function siteBonusRule(settings: Pick<SiteSettings, 'bonusCoupon'>): BonusRule | null {
  const rule = settings.bonusCoupon;
  return rule.bonusPercent > 0 ? { bonusPercent: rule.bonusPercent, bonusTipCount: rule.bonusTipCount, bonusOdds: rule.bonusOdds } : null;
}

/** A site's sell and cancel switches as the coupon decider reads them (`CouponContext.sell` / `.cancel`). */
export function siteCouponPolicy(settings: Pick<SiteSettings, 'couponSell' | 'couponCancel'>): {
  readonly sell: CouponSellSetting;
  readonly cancel: { readonly enabled: boolean; readonly periodMs: number };
} {
  const cancel: CouponCancelSetting = settings.couponCancel;
  return { sell: { enabled: settings.couponSell.enabled, marginBp: settings.couponSell.marginBp }, cancel: { enabled: cancel.enabled, periodMs: cancel.periodMinutes * 60_000 } };
}
