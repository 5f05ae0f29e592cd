import type { ActingUser } from '../identity/commands';
import type { WalletEvent } from '../wallet/stream';
import type { BillCutter } from './events';

/** The account a bill is of, as the identity log knows it. */
export interface BilledAccount {
  readonly accountId: string;
  readonly siteId: string;
  /** Its dealers, top first (the dealer tree). */
  readonly ancestors: readonly string[];
}

/** A wallet event with its revision in the wallet stream. */
export interface WalletEntry {
  readonly revision: number;
  readonly event: WalletEvent;
}

/**
 * cutOffUserBill: close the account's open period now. The handler reads the wallet from the open
 * period's first revision to its head and passes what it read; `number` is the bill it means to cut
 * (the open period's number it saw), so of two racing cut-offs the second is refused, not repeated.
 */
export interface CutOffBill {
  readonly type: 'CutOffBill';
  readonly account: BilledAccount;
  readonly actor: ActingUser & BillCutter;
  readonly number: number;
  readonly walletFromRevision: number;
  readonly wallet: readonly WalletEntry[];
  readonly now: string;
}

export type BillCommand = CutOffBill;
