import type { CancelTransactionResponse, PrinterStateName, PrinterStatusResponse, SlipResponse } from '@kupon/api/contract';
import { apiRequest } from '@/lib/api-client';

/** The terminal's cash routes (spec §7 terminal/deposit, withdrawPrinterNew) and its printer (api/PRINTS.md). */
export const TERMINAL_PATHS = {
  deposit: 'payments/terminal/deposit',
  withdraw: 'payments/terminal/withdraw',
  printStatus: (transferId: string) => `terminal/withdrawals/${encodeURIComponent(transferId)}/print-status`,
  cancel: (transferId: string) => `terminal/withdrawals/${encodeURIComponent(transferId)}/cancel`,
} as const;

export type CashDirection = 'deposit' | 'withdrawal';

/**
 * Cash put in or paid out. `requestId` names the attempt: the api answers a repeat of it with the
 * first answer, so a retry after a lost answer never credits or pays twice.
 */
export function moveCash(direction: CashDirection, requestId: string, amount: number): Promise<SlipResponse> {
  return apiRequest<SlipResponse>(direction === 'deposit' ? TERMINAL_PATHS.deposit : TERMINAL_PATHS.withdraw, { method: 'POST', body: { requestId, amount } });
}

/** `printerstatuswithdraw`: whether the cash-out's slip printed; the answer says whether it can still be reversed. */
export function reportCashOutPrint(transferId: string, printer: PrinterStateName): Promise<PrinterStatusResponse> {
  return apiRequest<PrinterStatusResponse>(TERMINAL_PATHS.printStatus(transferId), { method: 'POST', body: { printer } });
}

/** `canceltransaction`: a cash-out whose slip did not print is reversed, the amount back on the terminal. */
export function reverseCashOut(transferId: string): Promise<CancelTransactionResponse> {
  return apiRequest<CancelTransactionResponse>(TERMINAL_PATHS.cancel(transferId), { method: 'POST' });
}
