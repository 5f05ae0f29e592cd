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

/**
 * What a terminal's printer said after printing a slip (spec §8 "printer offline, cover open, no paper"):
 * `ok` printed; the others did not.
 */
export type PrinterState = 'ok' | 'offline' | 'coverOpen' | 'noPaper';
export const PRINTER_STATES: readonly PrinterState[] = ['ok', 'offline', 'coverOpen', 'noPaper'];

/** The terminal reported whether a cash-out's slip printed (api/PRINTS.md); a printed slip can no longer be reversed. */
export type TransferSlipReported = {
  readonly type: 'TransferSlipReported';
  readonly data: { readonly transferId: string; readonly printed: boolean; readonly printer: PrinterState; readonly at: string };
};
/** A terminal's cash-out undone because its slip did not print: the transfer-flow reactor gives the money back to the wallet. */
export type TransferReversed = { readonly type: 'TransferReversed'; readonly data: { readonly transferId: string; readonly by: string; readonly reason: 'printFailed'; readonly at: string } };

export type TransferEvent = TransferRequested | TransferApproved | TransferRejected | TransferCredited | TransferPaid | TransferSlipReported | TransferReversed;
export type TransferEventType = TransferEvent['type'];

export const TRANSFER_EVENT_TYPES: readonly TransferEventType[] = ['TransferRequested', 'TransferApproved', 'TransferRejected', 'TransferCredited', 'TransferPaid', 'TransferSlipReported', 'TransferReversed'];

export function transferStream(transferId: string): string {
  return `transfer-${transferId}`;
}
