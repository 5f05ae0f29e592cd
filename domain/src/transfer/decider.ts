import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { TransferCommand } from './commands';
import type { TransferEvent, TransferRequest } from './events';

/**
 * requested → approved | rejected → credited (deposit) / paid (withdrawal); a terminal's cash-out whose
 * slip did not print: approved | paid → reversed. `slip`: what the terminal last reported of its slip
 * (absent: nothing; `printed` stays once reported).
 */
export type TransferState =
  | { readonly status: 'none' }
  | {
      readonly status: 'requested' | 'approved' | 'rejected' | 'credited' | 'paid' | 'reversed';
      readonly request: TransferRequest;
      readonly reason: string | null;
      readonly slip?: 'printed' | 'failed';
    };

export const initialTransferState: TransferState = { status: 'none' };

export function evolve(state: TransferState, event: TransferEvent): TransferState {
  switch (event.type) {
    case 'TransferRequested':
      return { status: 'requested', request: event.data, reason: null };
    case 'TransferApproved':
      return state.status === 'none' ? state : { ...state, status: 'approved' };
    case 'TransferRejected':
      return state.status === 'none' ? state : { ...state, status: 'rejected', reason: event.data.reason };
    case 'TransferCredited':
      return state.status === 'none' ? state : { ...state, status: 'credited' };
    case 'TransferPaid':
      // The wallet may pay the hold after the reversal was decided (the reactor runs behind): still reversed.
      return state.status === 'none' || state.status === 'reversed' ? state : { ...state, status: 'paid' };
    case 'TransferSlipReported':
      return state.status === 'none' ? state : { ...state, slip: state.slip === 'printed' || event.data.printed ? 'printed' : 'failed' };
    case 'TransferReversed':
      return state.status === 'none' ? state : { ...state, status: 'reversed', reason: event.data.reason };
    default:
      return assertNever(event);
  }
}

/**
 * Repeats of a step already taken are no-ops (a replayed provider callback, a redelivered event);
 * a step that contradicts the outcome (confirming a rejected deposit) is refused.
 */
export function decide(command: TransferCommand, state: TransferState): readonly TransferEvent[] | DomainError {
  if (command.type === 'OpenTransfer') {
    if (state.status !== 'none') return state.request.transferId === command.request.transferId ? [] : domainError('transferAlreadyExists');
    if (!Number.isSafeInteger(command.request.amount) || command.request.amount <= 0) return domainError('invalidAmount');
    return [{ type: 'TransferRequested', data: command.request }];
  }
  if (state.status === 'none') return domainError('transferNotFound');
  const { transferId } = state.request;
  switch (command.type) {
    case 'ApproveTransfer':
      if (state.status === 'approved' || state.status === 'credited' || state.status === 'paid' || state.status === 'reversed') return [];
      if (state.status === 'rejected') return domainError('transactionCanceled');
      return [{ type: 'TransferApproved', data: { transferId, by: command.by, providerReference: command.providerReference, at: command.now } }];
    case 'RejectTransfer':
      if (state.status === 'rejected') return [];
      if (state.status !== 'requested') return domainError('transferAlreadyDecided');
      return [{ type: 'TransferRejected', data: { transferId, by: command.by, reason: command.reason, at: command.now } }];
    case 'MarkTransferCredited':
      if (state.request.direction !== 'deposit') return domainError('transferNotFound');
      if (state.status === 'credited') return [];
      if (state.status !== 'approved') return domainError('transferNotApproved');
      return [{ type: 'TransferCredited', data: { transferId, at: command.now } }];
    case 'MarkTransferPaid':
      if (state.request.direction !== 'withdrawal') return domainError('transferNotFound');
      if (state.status === 'paid' || state.status === 'reversed') return [];
      if (state.status !== 'approved') return domainError('transferNotApproved');
      return [{ type: 'TransferPaid', data: { transferId, at: command.now } }];
    case 'ReportTransferPrint':
      if (!isTerminalCashOut(state.request)) return domainError('transferNotFound');
      // A printed slip is in the customer's hand: saying so again changes nothing.
      if (state.slip === 'printed' && command.printed) return [];
      return [{ type: 'TransferSlipReported', data: { transferId, printed: command.printed, printer: command.printer, at: command.now } }];
    case 'ReverseTransfer':
      if (!isTerminalCashOut(state.request)) return domainError('transferNotFound');
      if (state.status === 'reversed') return [];
      if (state.slip === 'printed') return domainError('slipPrinted');
      if (state.status !== 'approved' && state.status !== 'paid') return domainError('transferAlreadyDecided');
      return [{ type: 'TransferReversed', data: { transferId, by: command.by, reason: 'printFailed', at: command.now } }];
    default:
      return assertNever(command);
  }
}

/** A cash-out a terminal paid out of itself (`terminal/withdraw`): the only transfer a slip report or a reversal applies to. */
function isTerminalCashOut(request: TransferRequest): boolean {
  return request.direction === 'withdrawal' && request.provider === 'terminal';
}

export const transferDecider: Decider<TransferState, TransferCommand, TransferEvent, undefined> = {
  initialState: initialTransferState,
  evolve,
  decide: (command, state) => decide(command, state),
};
