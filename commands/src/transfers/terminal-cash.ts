import { type Currency, type TransferDirection, transferDecider, type TransferRequest, transferStream, walletDecider, walletStream } from '@kupon/domain';
import { TRANSFER_FLOW } from '../reactors/transfer-flow';
import { derivedId } from '../runner/derived-id';
import { type Requester, requestMetaOf } from '../runner/meta';
import type { Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, type WalletOwner } from '../wallet/open-wallet';

/** Cash put into (deposit) or paid out of (withdrawal) a shop terminal. */
export interface TerminalCashInput {
  readonly terminal: WalletOwner;
  readonly currency: Currency;
  readonly siteId: string;
  readonly direction: TransferDirection;
  /** Minor units. */
  readonly amount: number;
  /** The terminal's request id: the transfer id and every event id derive from it. */
  readonly requestId: string;
  readonly by: Requester;
  readonly now: Date;
}

/**
 * A terminal's cash: money put in is counted by the machine, so the transfer is approved at once
 * (the reactor credits the terminal's wallet); a cash-out holds the amount and is paid at once.
 * Answers with the transfer as stored (a retried request moves nothing new).
 */
export async function terminalCash(commands: StreamCommands, input: TerminalCashInput): Promise<Result<{ readonly transfer: TransferRequest }>> {
  const { terminal, direction, requestId, now } = input;
  const wallet = await openWallet({ commands, clock: () => now }, terminal, input.currency);
  const transferId = derivedId('terminal', terminal.userId, requestId);
  const transfer: TransferRequest = { transferId, accountId: terminal.userId, siteId: input.siteId, direction, amount: input.amount, currency: wallet.currency, payId: 0, payCatId: 0, provider: 'terminal', values: [], requestedAt: now.toISOString() };
  const meta = requestMetaOf(input.by, requestId, `terminal-${direction}`, now);
  if (direction === 'withdrawal') {
    const held = await commands.run(walletStream(terminal.userId), walletDecider, { type: 'HoldWithdrawal', reference: requestId, now: now.toISOString(), request: transfer }, meta);
    if (!held.ok) return held;
  }
  const stream = transferStream(transferId);
  const opened = await commands.run(stream, transferDecider, { type: 'OpenTransfer', request: transfer }, { ...meta, eventId: (i) => derivedId(TRANSFER_FLOW, meta.eventId(0), String(i)) });
  if (!opened.ok) return opened;
  const approved = await commands.run(
    stream,
    transferDecider,
    { type: 'ApproveTransfer', transferId, by: terminal.userId, providerReference: `terminal:${requestId}`, now: now.toISOString() },
    { ...meta, eventId: (i) => derivedId('terminal-approve', transferId, String(i)) },
  );
  if (!approved.ok) return approved;
  const { state } = await commands.load(stream, transferDecider);
  return { ok: true, transfer: state.status === 'none' ? transfer : state.request };
}
