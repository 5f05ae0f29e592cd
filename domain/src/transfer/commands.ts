import type { PrinterState, TransferRequest } from './events';

export type OpenTransfer = { readonly type: 'OpenTransfer'; readonly request: TransferRequest };
export type ApproveTransfer = { readonly type: 'ApproveTransfer'; readonly transferId: string; readonly by: string; readonly providerReference: string; readonly now: string };
export type RejectTransfer = { readonly type: 'RejectTransfer'; readonly transferId: string; readonly by: string; readonly reason: string; readonly now: string };
export type MarkTransferCredited = { readonly type: 'MarkTransferCredited'; readonly transferId: string; readonly now: string };
export type MarkTransferPaid = { readonly type: 'MarkTransferPaid'; readonly transferId: string; readonly now: string };

/** A terminal reports whether the slip of its cash-out printed (spec §7 `printerstatuswithdraw`). */
export type ReportTransferPrint = { readonly type: 'ReportTransferPrint'; readonly transferId: string; readonly printed: boolean; readonly printer: PrinterState; readonly now: string };
/** A terminal's cash-out whose slip did not print is undone: the money goes back to its wallet (spec §7 `canceltransaction`). */
export type ReverseTransfer = { readonly type: 'ReverseTransfer'; readonly transferId: string; readonly by: string; readonly now: string };

export type TransferCommand = OpenTransfer | ApproveTransfer | RejectTransfer | MarkTransferCredited | MarkTransferPaid | ReportTransferPrint | ReverseTransfer;
