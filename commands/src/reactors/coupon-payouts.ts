import { type CouponCancelled, type CouponPaid, type CouponResettled, type CouponSettled, type CouponSold, couponStream, type PlacedCoupon } from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import { StreamOrigins, walletCommand } from './money';
import type { Reactor, ReactorOutcome } from './reactor-runner';
import type { Cause } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

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
export function couponMoney(store: EventStore): (event: Cause, commands: StreamCommands, known?: PlacedCoupon) => Promise<ReactorOutcome> {
  const origins = new StreamOrigins(store);
  return async (event, commands, known) => {
    const { couponId } = event.data as { couponId: string };
    // Most settlements move nothing (a lost coupon, an unchanged correction): no lookup for those.
    if (!movesMoney(event)) return { ok: true };
    const coupon = known?.couponId === couponId ? known : await origins.coupon(couponId);
    if (!coupon) return { ok: false, error: 'couponNotFound' };
    const base = { reference: event.id, now: event.metadata.at, couponId };
    const wallet = (command: Parameters<typeof walletCommand>[4]) => walletCommand(COUPON_PAYOUTS, commands, coupon.userId, event, command);
    const shop = coupon.channel === 'shop';
    switch (event.type) {
      case 'CouponSettled': {
        const { payout } = event.data as unknown as CouponSettled['data'];
        return shop ? { ok: true } : wallet({ type: 'CreditPayout', ...base, amount: payout });
      }
      case 'CouponResettled': {
        const { difference } = event.data as unknown as CouponResettled['data'];
        if (shop && !(await paidBefore(store, couponId, event))) return { ok: true };
        return wallet({ type: 'CorrectPayout', ...base, difference });
      }
      case 'CouponPaid': {
        const { amount } = event.data as unknown as CouponPaid['data'];
        return shop ? wallet({ type: 'CreditPayout', ...base, amount }) : { ok: true };
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

/** Whether the event can move money at all, whoever's coupon it is. */
function movesMoney(event: Cause): boolean {
  switch (event.type) {
    case 'CouponSettled':
      return (event.data as unknown as CouponSettled['data']).payout > 0;
    case 'CouponResettled':
      return (event.data as unknown as CouponResettled['data']).difference !== 0;
    case 'CouponPaid':
      return (event.data as unknown as CouponPaid['data']).amount > 0;
    default:
      return COUPON_MONEY_EVENTS.includes(event.type);
  }
}

/** Whether a shop ticket was paid out at the counter before this event of its stream. */
async function paidBefore(store: EventStore, couponId: string, event: Cause): Promise<boolean> {
  const events = await store.readStream(couponStream(couponId), { maxCount: Number(event.streamRevision) });
  return events.some((earlier) => earlier.type === 'CouponPaid');
}
