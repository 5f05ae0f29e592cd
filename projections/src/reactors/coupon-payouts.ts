import { type CouponCancelled, type CouponPaid, type CouponResettled, type CouponSettled, type CouponSold, couponStream } from '@kupon/domain';
import type { EventStore, RecordedEvent } from '@kupon/eventstore';
import { StreamOrigins, walletCommand } from './money';
import type { Reactor, ReactorOutcome } from './reactor-runner';
import type { StreamCommands } from './stream-commands';

export const COUPON_PAYOUTS = 'coupon-payouts';

/**
 * Moves a coupon's money back to its wallet: a settlement pays `PayoutCredited`, a corrected result
 * `PayoutCorrected`, a sale `CouponSoldCredited`, a cancel `StakeRefunded`. A shop coupon (a bearer
 * ticket bought at a terminal) is paid when the ticket is paid out at the counter (`CouponPaid`), not
 * at settlement; a correction moves its money only if it was already paid. The causing event's id is
 * the wallet command's reference, so each coupon event moves money once however often it arrives.
 */
export function couponPayouts(store: EventStore): Reactor {
  const move = couponMoney(store);
  return { name: COUPON_PAYOUTS, handles: COUPON_MONEY_EVENTS, react: move };
}

/** The coupon events that move money. */
export const COUPON_MONEY_EVENTS: readonly string[] = ['CouponSettled', 'CouponResettled', 'CouponSold', 'CouponCancelled', 'CouponPaid'];

/**
 * What one coupon event moves, as the payouts reactor does it; the settlement reactor runs the same
 * for the coupons it has just settled, so the money lands at once (the wallet takes each reference
 * once, so whichever of the two comes second changes nothing).
 */
export function couponMoney(store: EventStore): (event: RecordedEvent, commands: StreamCommands) => Promise<ReactorOutcome> {
  const origins = new StreamOrigins(store);
  return async (event, commands) => {
    const { couponId } = event.data as { couponId: string };
    const coupon = await origins.coupon(couponId);
    if (!coupon) return { ok: false, error: 'couponNotFound' };
    const base = { reference: event.id, now: event.metadata.at, couponId };
    const wallet = (command: Parameters<typeof walletCommand>[4]) => walletCommand(COUPON_PAYOUTS, commands, coupon.userId, event, command);
    const shop = coupon.channel === 'shop';
    switch (event.type) {
      case 'CouponSettled': {
        const { payout } = event.data as unknown as CouponSettled['data'];
        return payout > 0 && !shop ? wallet({ type: 'CreditPayout', ...base, amount: payout }) : { ok: true };
      }
      case 'CouponResettled': {
        const { difference } = event.data as unknown as CouponResettled['data'];
        if (difference === 0 || (shop && !(await paidBefore(store, couponId, event)))) return { ok: true };
        return wallet({ type: 'CorrectPayout', ...base, difference });
      }
      case 'CouponPaid': {
        const { amount } = event.data as unknown as CouponPaid['data'];
        return shop && amount > 0 ? wallet({ type: 'CreditPayout', ...base, amount }) : { ok: true };
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
  };
}

/** Whether a shop ticket was paid out at the counter before this event of its stream. */
async function paidBefore(store: EventStore, couponId: string, event: RecordedEvent): Promise<boolean> {
  const events = await store.readStream(couponStream(couponId), { maxCount: Number(event.streamRevision) });
  return events.some((earlier) => earlier.type === 'CouponPaid');
}
