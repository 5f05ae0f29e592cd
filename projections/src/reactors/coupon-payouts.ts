import type { CouponCancelled, CouponResettled, CouponSettled, CouponSold } from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import { StreamOrigins, walletCommand } from './money';
import type { Reactor } from './reactor-runner';

export const COUPON_PAYOUTS = 'coupon-payouts';

/**
 * Moves a coupon's money back to its wallet: a settlement pays `PayoutCredited`, a corrected result
 * `PayoutCorrected`, a sale `CouponSoldCredited`, a cancel `StakeRefunded`. The causing event's id is
 * the wallet command's reference, so each coupon event moves money once however often it arrives.
 */
export function couponPayouts(store: EventStore): Reactor {
  const origins = new StreamOrigins(store);
  return {
    name: COUPON_PAYOUTS,
    handles: ['CouponSettled', 'CouponResettled', 'CouponSold', 'CouponCancelled'],
    async react(event, commands) {
      const { couponId } = event.data as { couponId: string };
      const coupon = await origins.coupon(couponId);
      if (!coupon) return { ok: false, error: 'couponNotFound' };
      const base = { reference: event.id, now: event.metadata.at, couponId };
      const wallet = (command: Parameters<typeof walletCommand>[4]) => walletCommand(COUPON_PAYOUTS, commands, coupon.userId, event, command);
      switch (event.type) {
        case 'CouponSettled': {
          const { payout } = event.data as unknown as CouponSettled['data'];
          return payout > 0 ? wallet({ type: 'CreditPayout', ...base, amount: payout }) : { ok: true };
        }
        case 'CouponResettled': {
          const { difference } = event.data as unknown as CouponResettled['data'];
          return difference !== 0 ? wallet({ type: 'CorrectPayout', ...base, difference }) : { ok: true };
        }
        case 'CouponSold': {
          const { amount } = event.data as unknown as CouponSold['data'];
          return wallet({ type: 'CreditCouponSale', ...base, amount });
        }
        case 'CouponCancelled': {
          const { refund } = event.data as unknown as CouponCancelled['data'];
          return wallet({ type: 'RefundStake', ...base, amount: refund });
        }
        default:
          return { ok: true };
      }
    },
  };
}
