import { type CouponCommand, type CouponContext, couponDecider, type CouponState, couponStream, type DomainError, domainError } from '@kupon/domain';
import type { CommandMeta } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

/** A coupon that exists: what sell, cancel and pay answer with once decided. */
export type StandingCoupon = Exclude<CouponState, { status: 'empty' }>;

/** One action on a placed coupon: which, when, who (the metadata) and the site's policy and book it is decided in. */
export interface CouponActionInput {
  readonly couponId: string;
  readonly now: Date;
  readonly meta: CommandMeta;
  /** The coupon context: the odds book (a sell is priced by it) and the site's sell/cancel policy. */
  readonly context: () => CouponContext;
}

/** Sells a waiting coupon (cash-out, spec §7 `sellCoupon`) at the amount the player was offered; the sale is credited by the wallet reactor. */
export function sellCoupon(commands: StreamCommands, input: CouponActionInput & { readonly offered: number }): Promise<StandingCoupon | DomainError> {
  return decideOnCoupon(commands, input, { type: 'SellCoupon', couponId: input.couponId, offered: input.offered, now: input.now.toISOString() });
}

/** Cancels a waiting pre-match coupon within the site's cancel period (`couponCanceled`); the stake is refunded by the wallet reactor. */
export function cancelCoupon(commands: StreamCommands, input: CouponActionInput): Promise<StandingCoupon | DomainError> {
  return decideOnCoupon(commands, input, { type: 'CancelCoupon', couponId: input.couponId, now: input.now.toISOString() });
}

/** Marks a won shop ticket paid at the counter; its payout then lands in the terminal's wallet. */
export function payCoupon(commands: StreamCommands, input: CouponActionInput): Promise<StandingCoupon | DomainError> {
  return decideOnCoupon(commands, input, { type: 'MarkCouponPaid', couponId: input.couponId, now: input.now.toISOString() });
}

/** Runs the command on the coupon's stream and answers with the coupon as it now stands. */
async function decideOnCoupon(commands: StreamCommands, input: CouponActionInput, command: CouponCommand): Promise<StandingCoupon | DomainError> {
  const stream = couponStream(input.couponId);
  const outcome = await commands.run(stream, couponDecider, command, input.meta, input.context);
  if (!outcome.ok) return outcome.error;
  const { state } = await commands.load(stream, couponDecider);
  return state.status === 'empty' ? domainError('couponNotFound') : state;
}
