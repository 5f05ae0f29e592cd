import { WALLET_EVENT_TYPES, type WalletEventType } from '@kupon/domain';

/**
 * Every wallet event a statement row can carry: each has a label in `money:types` (a test checks
 * both languages). `WalletOpened` moves nothing and never becomes a row.
 */
export const TRANSACTION_TYPES = WALLET_EVENT_TYPES.filter((type): type is Exclude<WalletEventType, 'WalletOpened'> => type !== 'WalletOpened');
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

export function isTransactionType(type: string): type is TransactionType {
  return (TRANSACTION_TYPES as readonly string[]).includes(type);
}

/** The states a transfer request goes through (domain transfer decider). */
export const TRANSFER_STATUSES = ['requested', 'approved', 'rejected', 'credited', 'paid'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export function isTransferStatus(status: string): status is TransferStatus {
  return (TRANSFER_STATUSES as readonly string[]).includes(status);
}

/** The §4 palette for a request: waiting blue, done green, refused red. */
export function transferColour(status: string): 'blue' | 'green' | 'red' {
  if (status === 'credited' || status === 'paid') return 'green';
  if (status === 'rejected') return 'red';
  return 'blue';
}

/** An amount with its sign: money in shows +, money out − (formatMoney gives the minus). */
export function signed(amount: number, format: (amount: number) => string): string {
  return amount > 0 ? `+${format(amount)}` : format(amount);
}
