import type { Minor } from '../shared/money';

export type TransferDirection = 'deposit' | 'withdrawal';

/** A field the player filled in on the payment form (spec §7 `values`). */
export interface TransferValue {
  readonly name: string;
  readonly value: string;
}

export interface TransferRequest {
  readonly transferId: string;
  readonly accountId: string;
  readonly siteId: string;
  readonly direction: TransferDirection;
  readonly amount: Minor;
  readonly currency: string;
  readonly payId: number;
  readonly payCatId: number;
  /** The payment provider adapter that carries it (`demo`, …); `staff` for a withdrawal paid by hand. */
  readonly provider: string;
  readonly values: readonly TransferValue[];
  readonly requestedAt: string;
}

export type TransferRequested = { readonly type: 'TransferRequested'; readonly data: TransferRequest };
/** A provider confirmed the deposit, or staff approved the withdrawal. */
export type TransferApproved = {
  readonly type: 'TransferApproved';
  readonly data: { readonly transferId: string; readonly by: string; readonly providerReference: string; readonly at: string };
};
export type TransferRejected = {
  readonly type: 'TransferRejected';
  readonly data: { readonly transferId: string; readonly by: string; readonly reason: string; readonly at: string };
};
/** The wallet took the deposit in. */
export type TransferCredited = { readonly type: 'TransferCredited'; readonly data: { readonly transferId: string; readonly at: string } };
/** The wallet let the held withdrawal go. */
export type TransferPaid = { readonly type: 'TransferPaid'; readonly data: { readonly transferId: string; readonly at: string } };

export type TransferEvent = TransferRequested | TransferApproved | TransferRejected | TransferCredited | TransferPaid;
export type TransferEventType = TransferEvent['type'];

export const TRANSFER_EVENT_TYPES: readonly TransferEventType[] = ['TransferRequested', 'TransferApproved', 'TransferRejected', 'TransferCredited', 'TransferPaid'];

export function transferStream(transferId: string): string {
  return `transfer-${transferId}`;
}
