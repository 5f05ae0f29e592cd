import type { Minor } from '../shared/money';
import type { OutcomeResult } from '../shared/results';
import type { PrinterState } from '../transfer/events';
import type { CancelReason, CouponChannel } from './events';
import type { SlipSelection } from './rules/types';

/** A selection as the player sent it: `odds` is what they saw; limits come from the odds book, not the client. */
export type SelectionRequest = Omit<SlipSelection, 'limits'>;

export type PlaceCoupon = {
  readonly type: 'PlaceCoupon';
  readonly couponId: string;
  readonly userId: string;
  readonly now: string;
  readonly selections: readonly SelectionRequest[];
  /** Legs per combination, bankers included; [] unless a system coupon. */
  readonly systemSizes: readonly number[];
  /** Total stake, minor units. */
  readonly stake: Minor;
  /** Accept odds that moved since the player saw them (`oddChangeOk`). */
  readonly oddChangeOk: boolean;
  /** Omitted: online. */
  readonly channel?: CouponChannel;
};

export type SettleSelection = {
  readonly type: 'SettleSelection';
  readonly couponId: string;
  readonly selectionId: string;
  readonly result: OutcomeResult;
  readonly now: string;
};

export type ResettleSelection = {
  readonly type: 'ResettleSelection';
  readonly couponId: string;
  readonly selectionId: string;
  readonly result: OutcomeResult;
  readonly now: string;
};

/** A settlement rollback: the selection waits for the next result (no-op when it is not settled). */
export type UnsettleSelection = {
  readonly type: 'UnsettleSelection';
  readonly couponId: string;
  readonly selectionId: string;
  readonly now: string;
};

/** Cash-out at the amount the player was offered (`sellok`). */
export type SellCoupon = {
  readonly type: 'SellCoupon';
  readonly couponId: string;
  readonly offered: Minor;
  readonly now: string;
};

/**
 * `reason` absent: the player's cancel (`couponCanceled`), under the site's cancel rules.
 * `printFailed`: the terminal that sold a ticket cancels it because its slip did not print
 * (`printingCouponCancel`, api/PRINTS.md): within `PRINT_FAILURE_CANCEL_MS`, never once printed.
 */
export type CancelCoupon = {
  readonly type: 'CancelCoupon';
  readonly couponId: string;
  readonly now: string;
  readonly reason?: CancelReason;
};

/** A terminal reports whether the ticket's slip printed (`printerstatus`). */
export type ReportCouponPrint = {
  readonly type: 'ReportCouponPrint';
  readonly couponId: string;
  readonly printed: boolean;
  readonly printer: PrinterState;
  readonly now: string;
};

export type MarkCouponPaid = {
  readonly type: 'MarkCouponPaid';
  readonly couponId: string;
  readonly now: string;
};

export type CouponCommand = PlaceCoupon | SettleSelection | ResettleSelection | UnsettleSelection | SellCoupon | CancelCoupon | MarkCouponPaid | ReportCouponPrint;
