export { couponVisibleTo, type CouponViewer, type OwnerDirectory } from './visibility';
export type { LineNaming } from './line-naming';
export { CouponPlacement, type CouponOrder, type Placed, type PlacementInput } from './placement';
export { cancelCoupon, type CouponActionInput, payCoupon, sellCoupon, type StandingCoupon } from './coupon-actions';
