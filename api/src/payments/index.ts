/** The money context's pieces other workspaces use (tests, bench, seeds). */
export { creditOpeningBalance } from '../routes/wallet';
export { CouponPlacement } from '../routes/coupons';
export { DemoPaymentProvider, DEMO_PATHS, DEMO_SIGNATURE_HEADER } from './demo-provider';
export { BuiltInPaymentMethods } from './methods';
export { moneyServices, DEFAULT_COUPON_POLICY, type MoneyServices, type MoneyOptions, type CouponPolicy } from './money';
export { creditSeededPlayers, DEMO_OPENING_BALANCE } from './seed-money';
export type { PaymentProvider, PaymentAnswer, PaymentStart, VerifiedCallback } from './provider';
