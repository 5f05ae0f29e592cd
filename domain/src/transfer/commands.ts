import type { TransferRequest } from './events';

export type OpenTransfer = { readonly type: 'OpenTransfer'; readonly request: TransferRequest };
export type ApproveTransfer = { readonly type: 'ApproveTransfer'; readonly transferId: string; readonly by: string; readonly providerReference: string; readonly now: string };
export type RejectTransfer = { readonly type: 'RejectTransfer'; readonly transferId: string; readonly by: string; readonly reason: string; readonly now: string };
export type MarkTransferCredited = { readonly type: 'MarkTransferCredited'; readonly transferId: string; readonly now: string };
export type MarkTransferPaid = { readonly type: 'MarkTransferPaid'; readonly transferId: string; readonly now: string };

export type TransferCommand = OpenTransfer | ApproveTransfer | RejectTransfer | MarkTransferCredited | MarkTransferPaid;
