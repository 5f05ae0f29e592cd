import { type CasinoGame, type CasinoWalletCommand, casinoWalletDecider, type DomainError, domainError, type ProductFlags, type Role, walletStream } from '@kupon/domain';
import { derivedId } from '../runner/derived-id';
import type { Requester } from '../runner/meta';
import { refused, type Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';

/** A provider's money callback, its signature checked: a bet, a win (0 closes a lost round) or a rollback of a bet. */
export type CasinoMoneyCall =
  | { readonly kind: 'bet' | 'win'; readonly serviceId: number; readonly roundId: string; readonly transactionId: string; readonly amount: number; readonly currency: string }
  | { readonly kind: 'rollback'; readonly serviceId: number; readonly roundId: string; readonly transactionId: string; readonly betTransactionId: string };

export interface CasinoMoneyInput {
  readonly provider: string;
  readonly call: CasinoMoneyCall;
  /** The game session the call came with: whose wallet, which game. */
  readonly session: { readonly accountId: string; readonly serviceId: number };
  /** The player as the directory holds them now (a bet only); null: no such account. */
  readonly player: () => Promise<{ readonly status: string; readonly role: Role; readonly products: ProductFlags } | null>;
  /** The catalogue (read side): the game as listed now (a bet only). */
  readonly gameOf: (serviceId: number) => Promise<CasinoGame | null>;
  /** The provider as actor (`provider:<name>`), and the request. */
  readonly by: Requester;
  readonly now: Date;
}

/** The player's refusal found while reading the bet's context: answered, not thrown. */
class Refusal extends Error {
  constructor(readonly error: DomainError) {
    super(error.code);
  }
}

/**
 * Our seamless wallet's money (bet, win, rollback), decided on the player's wallet stream: the
 * provider's transaction id makes each command once-only (a replay answers again, moves nothing).
 * Answers with the balance the move left, when it moved anything.
 */
export async function casinoMoney(commands: StreamCommands, input: CasinoMoneyInput): Promise<Result<{ readonly balance: number | undefined }>> {
  const { call, session, provider } = input;
  if (call.serviceId !== session.serviceId) return refused(domainError('invalidField', 'serviceId'));
  const at = input.now.toISOString();
  const base = { provider, serviceId: call.serviceId, roundId: call.roundId, transactionId: call.transactionId, now: at };
  const command: CasinoWalletCommand =
    call.kind === 'rollback'
      ? { ...base, type: 'RollBackCasinoBet', betTransactionId: call.betTransactionId }
      : { ...base, type: call.kind === 'bet' ? 'PlaceCasinoBet' : 'CreditCasinoWin', amount: call.amount, currency: call.currency };
  // The bet needs the player as they are now (active, product flags) and the game as listed now; a win or a rollback only the round.
  const context = async () => {
    if (call.kind !== 'bet') return undefined;
    const player = await input.player();
    if (!player || player.status !== 'active') throw new Refusal(domainError('userPassive'));
    return { game: await input.gameOf(call.serviceId), products: player.products, terminal: player.role === 'terminal' };
  };
  const once = call.kind === 'rollback' ? call.betTransactionId : call.transactionId;
  try {
    const outcome = await commands.run(
      walletStream(session.accountId),
      casinoWalletDecider,
      command,
      { actor: input.by.actor, correlationId: input.by.correlationId, causationId: input.by.correlationId, at, eventId: (index) => derivedId('casino', provider, call.kind, once, String(index)) },
      context,
    );
    if (!outcome.ok) return outcome;
    return { ok: true, balance: outcome.events.at(-1)?.data.balance };
  } catch (error) {
    if (error instanceof Refusal) return refused(error.error);
    throw error;
  }
}
