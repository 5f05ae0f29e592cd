import { type CasinoWalletCommand, casinoWalletDecider, type WalletState, walletStream } from '@kupon/domain';
import { derivedId } from '@kupon/commands';
import type { z } from 'zod';
import type { CasinoBalanceCallback, CasinoMoneyCallback, CasinoRollbackCallback, CasinoWalletAnswer } from '../contract/casino';
import { ApiError, refusal } from '../http/api-error';
import type { CasinoServices } from './services';
import type { GameSession } from './sessions';

export type WalletCall =
  | { readonly kind: 'balance'; readonly body: z.output<typeof CasinoBalanceCallback> }
  | { readonly kind: 'bet' | 'win'; readonly body: z.output<typeof CasinoMoneyCallback> }
  | { readonly kind: 'rollback'; readonly body: z.output<typeof CasinoRollbackCallback> };

/**
 * Our seamless wallet, as a provider's verified callbacks reach it: the session names the player,
 * the provider's transaction id makes the command once-only, the wallet stream decides the money.
 */
export class SeamlessWallet {
  constructor(private readonly services: CasinoServices) {}

  async answer(provider: string, call: WalletCall, request: { readonly id: string; readonly ip: string }): Promise<CasinoWalletAnswer> {
    const session = this.sessionOf(provider, call);
    const stream = walletStream(session.accountId);
    if (call.kind === 'balance') return this.balance(session, null);
    const now = this.services.clock();
    const at = now.toISOString();
    const { body } = call;
    if (body.serviceId !== session.serviceId) throw new ApiError(422, 'invalidField', 'serviceId');
    const base = { provider, serviceId: body.serviceId, roundId: body.roundId, transactionId: body.transactionId, now: at };
    let command: CasinoWalletCommand;
    if (call.kind === 'rollback') command = { ...base, type: 'RollBackCasinoBet', betTransactionId: call.body.betTransactionId };
    else command = { ...base, type: call.kind === 'bet' ? 'PlaceCasinoBet' : 'CreditCasinoWin', amount: call.body.amount, currency: call.body.currency };
    // The bet needs the player as they are now (active, product flags) and the game as listed now; a win or a rollback only the round.
    const context = async () => {
      if (call.kind !== 'bet') return undefined;
      const user = await this.services.accounts.load(session.accountId);
      if (!user || user.status !== 'active') throw new ApiError(403, 'userPassive');
      return { game: await this.services.casinoCatalog.game(body.serviceId), products: user.products, terminal: user.role === 'terminal' };
    };
    const once = call.kind === 'rollback' ? call.body.betTransactionId : body.transactionId;
    const outcome = await this.services.commands.run(stream, casinoWalletDecider, command, {
      actor: { userId: `provider:${provider}`, role: 'provider', ip: request.ip },
      correlationId: request.id,
      causationId: request.id,
      at,
      eventId: (index) => derivedId('casino', provider, call.kind, once, String(index)),
    }, context);
    if (!outcome.ok) throw refusal(outcome.error);
    const moved = outcome.events.at(-1);
    return this.balance(session, body.transactionId, moved ? moved.data.balance : undefined);
  }

  private sessionOf(provider: string, call: WalletCall): GameSession {
    const session = this.services.gameSessions.read(call.body.session);
    if (!session || session.provider !== provider) throw new ApiError(401, 'invalidSession');
    // An opened game takes bets for so long; a round already under way still gets its win or rollback.
    if ((call.kind === 'bet' || call.kind === 'balance') && this.services.clock().getTime() > session.expiresAt) throw new ApiError(401, 'sessionExpired');
    return session;
  }

  private async balance(session: GameSession, transactionId: string | null, known?: number): Promise<CasinoWalletAnswer> {
    if (known !== undefined) return { status: true, balance: known, currency: session.currency, transactionId };
    const { state } = await this.services.commands.load(walletStream(session.accountId), casinoWalletDecider);
    const wallet = state as WalletState;
    if (wallet.status !== 'open') throw new ApiError(404, 'walletNotOpened');
    return { status: true, balance: wallet.balance, currency: wallet.currency, transactionId };
  }
}
