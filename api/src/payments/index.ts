/** The money context's pieces other workspaces use (tests, bench, seeds). */
export { BuiltInPaymentMethods } from './methods';
export { moneyServices, DEFAULT_COUPON_POLICY, systemMeta, type MoneyServices, type MoneyOptions, type CouponPolicy } from './money';
export type { PaymentProvider, PaymentAnswer, PaymentStart, VerifiedCallback } from './provider';
