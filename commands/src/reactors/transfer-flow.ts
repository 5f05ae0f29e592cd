import { type DepositRequested, type TransferCommand, transferDecider, transferStream, type WithdrawalHeld } from '@kupon/domain';
import type { EventStore, RecordedEvent } from '@kupon/eventstore';
import { outcomeOf, StreamOrigins, walletCommand } from './money';
import type { Reactor } from './reactor-runner';
import { metaFromCause } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

export const TRANSFER_FLOW = 'transfer-flow';

/**
 * Deposits and withdrawals across the wallet and the transfer stream:
 * - `DepositRequested` / `WithdrawalHeld` (wallet) open the transfer stream from the request they carry;
 * - `TransferApproved`: a deposit is credited (`DepositCredited`), a withdrawal paid (`WithdrawalPaid`);
 * - `TransferRejected`: a deposit fails (`DepositFailed`), a withdrawal is released (`WithdrawalReleased`);
 * - `DepositCredited` / `WithdrawalPaid` close the transfer stream (credited / paid);
 * - `TransferReversed` (a terminal's cash-out whose slip did not print): the amount back (`WithdrawalReversed`).
 */
export function transferFlow(store: EventStore): Reactor {
  const origins = new StreamOrigins(store);
  const transfer = (commands: StreamCommands, transferId: string, cause: RecordedEvent, command: TransferCommand) =>
    commands.run(transferStream(transferId), transferDecider, command, metaFromCause(TRANSFER_FLOW, cause)).then(outcomeOf);
  return {
    name: TRANSFER_FLOW,
    handles: ['DepositRequested', 'WithdrawalHeld', 'TransferApproved', 'TransferRejected', 'DepositCredited', 'WithdrawalPaid', 'TransferReversed'],
    async react(event, commands) {
      const now = event.metadata.at;
      switch (event.type) {
        case 'DepositRequested':
        case 'WithdrawalHeld': {
          const { request } = event.data as unknown as (DepositRequested | WithdrawalHeld)['data'];
          return transfer(commands, request.transferId, event, { type: 'OpenTransfer', request });
        }
        case 'TransferApproved':
        case 'TransferRejected': {
          const { transferId } = event.data as { transferId: string };
          const request = await origins.transfer(transferId);
          if (!request) return { ok: false, error: 'transferNotFound' };
          const base = { reference: event.id, now, transferId };
          const approved = event.type === 'TransferApproved';
          if (request.direction === 'deposit') {
            return walletCommand(TRANSFER_FLOW, commands, request.accountId, event, approved ? { type: 'CreditDeposit', ...base, amount: request.amount } : { type: 'FailDeposit', ...base });
          }
          return walletCommand(TRANSFER_FLOW, commands, request.accountId, event, approved ? { type: 'PayWithdrawal', ...base } : { type: 'ReleaseWithdrawal', ...base });
        }
        case 'TransferReversed': {
          const { transferId } = event.data as { transferId: string };
          const request = await origins.transfer(transferId);
          if (!request) return { ok: false, error: 'transferNotFound' };
          return walletCommand(TRANSFER_FLOW, commands, request.accountId, event, { type: 'ReverseWithdrawal', reference: event.id, now, transferId, amount: request.amount });
        }
        case 'DepositCredited':
        case 'WithdrawalPaid': {
          const { transferId } = event.data as { transferId: string };
          const type = event.type === 'DepositCredited' ? 'MarkTransferCredited' : 'MarkTransferPaid';
          return transfer(commands, transferId, event, { type, transferId, now });
        }
        default:
          return { ok: true };
      }
    },
  };
}
