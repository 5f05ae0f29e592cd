import { type CouponStaked, couponOpeningDecider, couponStream } from '@kupon/domain';
import type { Reactor } from './reactor-runner';
import { outcomeOf } from './money';
import { metaFromCause } from '../runner/meta';

/**
 * Completes a placement: `CouponStaked` on the wallet opens the coupon stream from the coupon it
 * carries. The request does this itself; this catches a process that died between the two appends.
 * Event ids derive from the stake, so the request's own append and this one are the same event.
 */
export const COUPON_OPENING = 'coupon-opening';

export const couponOpening: Reactor = {
  name: COUPON_OPENING,
  handles: ['CouponStaked'],
  async react(event, commands) {
    const { coupon } = event.data as unknown as CouponStaked['data'];
    return outcomeOf(await commands.run(couponStream(coupon.couponId), couponOpeningDecider, { type: 'OpenStakedCoupon', coupon }, metaFromCause(COUPON_OPENING, event)));
  },
};
