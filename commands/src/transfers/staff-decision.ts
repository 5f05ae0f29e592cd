import { domainError, transferDecider, type TransferRequest, type TransferState, transferStream } from '@kupon/domain';
import { derivedId } from '../runner/derived-id';
import type { Requester } from '../runner/meta';
import { refused, type Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';

/** A transfer that exists: what a staff decision answers with. */
export type StandingTransfer = Exclude<TransferState, { status: 'none' }>;

/** Staff approve or reject one transfer request of their site. */
export interface StaffDecisionInput {
  readonly transferId: string;
  readonly approve: boolean;
  /** Why a rejection; '' for an approval. */
  readonly reason: string;
  /** The staff member's site: a transfer of another site is not found. */
  readonly siteId: string;
  /** Whether staff decide this request (a provider decides its own deposits by its signed callback). */
  readonly decidedByStaff: (request: TransferRequest) => boolean;
  readonly by: Requester;
  readonly now: Date;
}

/**
 * The staff decision on a transfer: approve a withdrawal (the held money is paid) or a deposit
 * confirmed by hand (credited), or reject it (a held withdrawal is released). Once per decision:
 * its event ids derive from the transfer and the decision.
 */
export async function decideTransfer(commands: StreamCommands, input: StaffDecisionInput): Promise<Result<{ readonly transfer: StandingTransfer }>> {
  const { transferId, approve, by } = input;
  const stream = transferStream(transferId);
  const { state } = await commands.load(stream, transferDecider);
  if (state.status === 'none' || state.request.siteId !== input.siteId) return refused(domainError('transferNotFound'));
  if (!input.decidedByStaff(state.request)) return refused(domainError('transfersForbidden'));
  const now = input.now.toISOString();
  const command = approve
    ? ({ type: 'ApproveTransfer', transferId, by: by.actor.userId, providerReference: `staff:${by.actor.userId}`, now } as const)
    : ({ type: 'RejectTransfer', transferId, by: by.actor.userId, reason: input.reason, now } as const);
  const outcome = await commands.run(stream, transferDecider, command, {
    actor: by.actor,
    correlationId: by.correlationId,
    causationId: by.correlationId,
    at: now,
    eventId: (index) => derivedId('staff-decision', transferId, approve ? 'approve' : 'reject', String(index)),
  });
  if (!outcome.ok) return outcome;
  const { state: after } = await commands.load(stream, transferDecider);
  return after.status === 'none' ? refused(domainError('transferNotFound')) : { ok: true, transfer: after };
}
