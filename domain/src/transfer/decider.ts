import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { TransferCommand } from './commands';
import type { TransferEvent, TransferRequest } from './events';

/** requested → approved | rejected → credited (deposit) / paid (withdrawal). */
export type TransferState =
  | { readonly status: 'none' }
  | { readonly status: 'requested' | 'approved' | 'rejected' | 'credited' | 'paid'; readonly request: TransferRequest; readonly reason: string | null };

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
      return state.status === 'none' ? state : { ...state, status: 'paid' };
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
      if (state.status === 'approved' || state.status === 'credited' || state.status === 'paid') return [];
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
      if (state.status === 'paid') return [];
      if (state.status !== 'approved') return domainError('transferNotApproved');
      return [{ type: 'TransferPaid', data: { transferId, at: command.now } }];
    default:
      return assertNever(command);
  }
}

export const transferDecider: Decider<TransferState, TransferCommand, TransferEvent, undefined> = {
  initialState: initialTransferState,
  evolve,
  decide: (command, state) => decide(command, state),
};
