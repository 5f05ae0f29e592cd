import { describe, expect, it } from 'vitest';
import type { TransferCommand } from './commands';
import type { TransferEvent, TransferRequest } from './events';
import { given } from './testing/given';

const AT = '2026-11-25T10:00:00.000Z';
/** A terminal's cash-out, as `terminal/withdraw` opens it. */
const cashOut: TransferRequest = { transferId: 't1', accountId: 'term1', siteId: 'site-1', direction: 'withdrawal', amount: 2500, currency: 'TRY', payId: 0, payCatId: 0, provider: 'terminal', values: [], requestedAt: AT };

const requested: TransferEvent = { type: 'TransferRequested', data: cashOut };
const approved: TransferEvent = { type: 'TransferApproved', data: { transferId: 't1', by: 'term1', providerReference: 'terminal:r', at: AT } };
const paid: TransferEvent = { type: 'TransferPaid', data: { transferId: 't1', at: AT } };
const failed: TransferEvent = { type: 'TransferSlipReported', data: { transferId: 't1', printed: false, printer: 'coverOpen', at: AT } };
const printed: TransferEvent = { type: 'TransferSlipReported', data: { transferId: 't1', printed: true, printer: 'ok', at: AT } };
const reversed: TransferEvent = { type: 'TransferReversed', data: { transferId: 't1', by: 'term1', reason: 'printFailed', at: AT } };
const reverse: TransferCommand = { type: 'ReverseTransfer', transferId: 't1', by: 'term1', now: AT };

describe('a terminal cash-out whose slip did not print (printerstatuswithdraw, canceltransaction)', () => {
  it('given a paid cash-out, when the terminal reports the slip did not print, then the report is recorded', () => {
    given([requested, approved, paid]).when({ type: 'ReportTransferPrint', transferId: 't1', printed: false, printer: 'coverOpen', now: AT }).then([failed]);
  });

  it('given a printed slip, when it is reported printed again, then nothing new', () => {
    given([requested, approved, paid, printed]).when({ type: 'ReportTransferPrint', transferId: 't1', printed: true, printer: 'ok', now: AT }).then([]);
  });

  it('given a paid (or only approved) cash-out, when the terminal reverses it, then it is reversed once', () => {
    given([requested, approved, paid, failed]).when(reverse).then([reversed]);
    given([requested, approved]).when(reverse).then([reversed]);
    given([requested, approved, paid, reversed]).when(reverse).then([]);
  });

  it('given a reversed cash-out, when the wallet reports the hold paid late, then it stays reversed', () => {
    expect(given([requested, approved, reversed, paid]).state.status).toBe('reversed');
    given([requested, approved, reversed]).when({ type: 'MarkTransferPaid', transferId: 't1', now: AT }).then([]);
    given([requested, approved, reversed]).when({ type: 'ApproveTransfer', transferId: 't1', by: 'term1', providerReference: 'terminal:r', now: AT }).then([]);
  });

  it('given a slip reported printed, when the terminal reverses the cash-out, then slipPrinted: the customer holds the slip', () => {
    given([requested, approved, paid, failed, printed]).when(reverse).thenFails('slipPrinted');
  });

  it('given a player’s withdrawal or a deposit, when it is reversed or a print reported, then there is no such cash-out', () => {
    const online: TransferEvent = { type: 'TransferRequested', data: { ...cashOut, provider: 'demo' } };
    given([online, approved]).when(reverse).thenFails('transferNotFound');
    given([{ type: 'TransferRequested', data: { ...cashOut, direction: 'deposit' } }, approved]).when({ type: 'ReportTransferPrint', transferId: 't1', printed: true, printer: 'ok', now: AT }).thenFails('transferNotFound');
  });

  it('given a cash-out not approved, when it is reversed, then it is refused', () => {
    given([requested]).when(reverse).thenFails('transferAlreadyDecided');
  });
});
