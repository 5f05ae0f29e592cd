import { couponDecider, type CouponState } from '../coupon/decider';
import type { CouponEvent, PlacedCoupon } from '../coupon/events';
import type { Decider } from '../shared/decider';

/**
 * Opens a coupon stream from the coupon its `CouponStaked` accepted: the price was fixed when the
 * money moved, so the coupon is never priced again (by the request, or by the reactor after a crash).
 */
export type OpenStakedCoupon = { readonly type: 'OpenStakedCoupon'; readonly coupon: PlacedCoupon };

export const couponOpeningDecider: Decider<CouponState, OpenStakedCoupon, CouponEvent, undefined> = {
  initialState: couponDecider.initialState,
  evolve: couponDecider.evolve,
  decide: (command, state) => (state.status === 'empty' ? [{ type: 'CouponPlaced', data: command.coupon }] : []),
};

export function couponStream(couponId: string): string {
  return `coupon-${couponId}`;
}
