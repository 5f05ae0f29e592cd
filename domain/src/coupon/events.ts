import type { Minor, Odds } from '../shared/money';
import type { OutcomeResult } from '../shared/results';
import type { PrinterState } from '../transfer/events';
import type { BonusRule, CouponType } from './rules/types';

/** A selection as the coupon accepted it. Plain JSON: no undefined, no bigint. */
export interface PlacedSelection {
  readonly id: string;
  readonly matchId: string;
  readonly marketId: string;
  readonly special: string;
  readonly outcomeId: string;
  /** The odds accepted (thousandths): the book's odds at placement. */
  readonly odds: Odds;
  /** The odds the player saw; differs from `odds` only when the player accepted changes. */
  readonly seenOdds: Odds;
  readonly banker: boolean;
  readonly isLive: boolean;
}

/**
 * Where a coupon was bought. `online`: the player's own wallet; the payout lands there at settlement.
 * `shop`: at a terminal (cashier point) for a walk-in customer, a bearer ticket: the payout lands in
 * the terminal's wallet only when the ticket is paid out at the counter (`CouponPaid`), so winnings
 * nobody collects never reach the shop's money.
 */
export type CouponChannel = 'online' | 'shop';

/** Everything the coupon stream needs to settle, sell, cancel and pay: the coupon as placed. */
export interface PlacedCoupon {
  readonly couponId: string;
  readonly userId: string;
  readonly placedAt: string;
  /** Absent on coupons placed before channels were recorded: online. */
  readonly channel?: CouponChannel;
  readonly couponType: CouponType;
  /** Any live selection: a live coupon can never be cancelled. */
  readonly isLive: boolean;
  readonly selections: readonly PlacedSelection[];
  /** SK only: legs per combination, bankers included ([] otherwise). */
  readonly systemSizes: readonly number[];
  readonly combinations: number;
  readonly stakePerCombination: Minor;
  readonly totalStake: Minor;
  /** Best-case return, bonus included, capped. */
  readonly potentialPayout: Minor;
  readonly bonusPercent: number;
  /** The bonus rule in force at placement, so settlement recomputes it after void legs. */
  readonly bonusRule: BonusRule | null;
  /** Max pay cap (0: none). */
  readonly maxPay: Minor;
  /** The player accepted at least one changed odd. */
  readonly oddsChanged: boolean;
}

export type CouponPlaced = { readonly type: 'CouponPlaced'; readonly data: PlacedCoupon };

export type SelectionSettled = {
  readonly type: 'SelectionSettled';
  readonly data: { readonly couponId: string; readonly selectionId: string; readonly result: OutcomeResult; readonly at: string };
};

/** A corrected result for a selection already settled. */
export type SelectionResettled = {
  readonly type: 'SelectionResettled';
  readonly data: {
    readonly couponId: string;
    readonly selectionId: string;
    readonly previousResult: OutcomeResult;
    readonly result: OutcomeResult;
    readonly at: string;
  };
};

/**
 * The result that settled a selection was withdrawn (a feed's settlement rollback): the selection is
 * open again until the next result. A decided coupon goes back to waiting with a `CouponResettled`
 * whose difference takes the payout back.
 */
export type SelectionUnsettled = {
  readonly type: 'SelectionUnsettled';
  readonly data: { readonly couponId: string; readonly selectionId: string; readonly previousResult: OutcomeResult; readonly at: string };
};

/** Every combination is decided: status 1 won (something is paid back) or -1 lost. */
export type CouponSettled = {
  readonly type: 'CouponSettled';
  readonly data: {
    readonly couponId: string;
    readonly status: 1 | -1;
    /** Sum of the combinations' returns before bonus and cap. */
    readonly winnings: Minor;
    readonly bonus: Minor;
    readonly payout: Minor;
    readonly at: string;
  };
};

/**
 * A corrected result changed a settled coupon. `difference` = payout − previousPayout is what the
 * wallet must move (negative: take back). Status 0 means the coupon is waiting again: it had been
 * decided by a loss that the correction removed.
 */
export type CouponResettled = {
  readonly type: 'CouponResettled';
  readonly data: {
    readonly couponId: string;
    readonly status: 0 | 1 | -1;
    readonly previousPayout: Minor;
    readonly winnings: Minor;
    readonly bonus: Minor;
    readonly payout: Minor;
    readonly difference: Minor;
    readonly at: string;
  };
};

/** Cash-out: status 2, and paid at once (spec §4 "sets status 2 (paid 1 …, payDate now)"). */
export type CouponSold = {
  readonly type: 'CouponSold';
  readonly data: { readonly couponId: string; readonly amount: Minor; readonly at: string };
};

/** Why a coupon was cancelled: absent on a player's (or staff's) cancel; `printFailed`: its slip never printed at the terminal. */
export type CancelReason = 'printFailed';

/** Status -2; the stake goes back. */
export type CouponCancelled = {
  readonly type: 'CouponCancelled';
  readonly data: { readonly couponId: string; readonly refund: Minor; readonly at: string; readonly reason?: CancelReason };
};

/** A terminal reported whether a ticket's slip printed (api/PRINTS.md); a printed ticket can no longer be cancelled as unprinted. */
export type CouponSlipReported = {
  readonly type: 'CouponSlipReported';
  readonly data: { readonly couponId: string; readonly printed: boolean; readonly printer: PrinterState; readonly at: string };
};

/** A shop coupon's winnings were handed over at the counter; the reactor credits the terminal's wallet. */
export type CouponPaid = {
  readonly type: 'CouponPaid';
  readonly data: { readonly couponId: string; readonly amount: Minor; readonly at: string };
};

export type CouponEvent =
  | CouponPlaced
  | SelectionSettled
  | SelectionResettled
  | SelectionUnsettled
  | CouponSettled
  | CouponResettled
  | CouponSold
  | CouponCancelled
  | CouponPaid
  | CouponSlipReported;

export type CouponEventType = CouponEvent['type'];
