import type { Role } from '../identity/roles';
import type { Minor } from '../shared/money';

/**
 * What an account took in and paid out in one period, folded from its wallet events (minor units).
 * Every figure is counted positive in its own direction: stakes are what was staked, payouts what was
 * paid (a later correction of a paid coupon adds its signed difference), withdrawals what left (held
 * minus released). `coupons` counts sportsbook coupons staked.
 */
export interface BillTotals {
  readonly stakes: Minor;
  readonly payouts: Minor;
  /** Cancelled coupons and rolled-back casino rounds: stakes given back. */
  readonly refunds: Minor;
  /** Coupons sold back (cash-out). */
  readonly cashouts: Minor;
  readonly coupons: number;
  /** Deposits credited (at the counter, a terminal's cash, a payment method). */
  readonly deposits: Minor;
  /** Withdrawals held for paying out, less those released back. */
  readonly withdrawals: Minor;
  /** Dealer credit received from the parent, or returned to this account by a child it cut. */
  readonly creditIn: Minor;
  /** Dealer credit sent to a child, or cut back up by the parent. */
  readonly creditOut: Minor;
  readonly bonuses: Minor;
  /** Staff balance corrections (signed). */
  readonly adjustments: Minor;
}

/** Who cut the period off. */
export interface BillCutter {
  readonly userId: string;
  readonly userName: string;
  readonly role: Role;
}

/**
 * A cut-off (hesap kesimi) closed the account's open period and fixed its bill. The period is the
 * wallet's revisions `walletFromRevision`..`walletToRevision` (inclusive; to < from when nothing
 * moved), which is what makes the bill exact: a wallet event appended after the cut-off, even one
 * dated a moment earlier, belongs to the next period. `from`/`to` are the times shown.
 */
export interface BillCutOff {
  readonly type: 'BillCutOff';
  readonly data: {
    readonly accountId: string;
    readonly siteId: string;
    /** 1 for the account's first bill, then one more per cut-off. */
    readonly number: number;
    /** The previous cut-off's moment; null for the first bill (since the account opened). */
    readonly from: string | null;
    readonly to: string;
    readonly walletFromRevision: number;
    readonly walletToRevision: number;
    readonly openingBalance: Minor;
    readonly closingBalance: Minor;
    readonly totals: BillTotals;
    /** stakes − payouts − refunds − cash-outs: positive, the account owes its dealer; negative, the dealer owes it. */
    readonly net: Minor;
    readonly cutBy: BillCutter;
    readonly at: string;
  };
}

export type BillEvent = BillCutOff;
export const BILL_EVENT_TYPES = ['BillCutOff'] as const satisfies readonly BillEvent['type'][];
