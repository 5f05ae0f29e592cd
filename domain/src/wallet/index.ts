/** Wallet: one stream per account; every amount a player or dealer holds is a fold of its events. */
export type * from './commands';
export type * from './events';
export type * from './movement';
export type * from './stream';
export { CURRENCIES } from './movement';
export { WALLET_EVENT_TYPES, walletStream } from './stream';
export { availableOf, initialWalletState, walletDecider } from './decider';
export type { OpenWalletState, WalletState } from './decider';
export { couponOpeningDecider, couponStream } from './coupon-opening';
export type { OpenStakedCoupon } from './coupon-opening';
export { EXPOSURE_HORIZON_MS, NO_SITE_STAKE_LIMITS, sameCouponKeyOf } from './coupon-exposure';
export type { CouponExposure, SiteStakeLimits } from './coupon-exposure';
export { WALLET_MEASURED_TYPES, walletMeasure } from './measures';
export type { WalletMeasure } from './measures';
