import { casinoWalletDecider, type WalletState, walletStream } from '@kupon/domain';
import { casinoMoney, type CasinoMoneyCall } from '@kupon/commands';
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
 * the provider's transaction id makes the command once-only, the wallet stream decides the money
 * (`casinoMoney` of @kupon/commands).
 */
export class SeamlessWallet {
  constructor(private readonly services: CasinoServices) {}

  async answer(provider: string, call: WalletCall, request: { readonly id: string; readonly ip: string }): Promise<CasinoWalletAnswer> {
    const session = this.sessionOf(provider, call);
    if (call.kind === 'balance') return this.balance(session, null);
    const { serviceId, roundId, transactionId } = call.body;
    const money: CasinoMoneyCall =
      call.kind === 'rollback'
        ? { kind: 'rollback', serviceId, roundId, transactionId, betTransactionId: call.body.betTransactionId }
        : { kind: call.kind, serviceId, roundId, transactionId, amount: call.body.amount, currency: call.body.currency };
    const moved = await casinoMoney(this.services.commands, {
      provider,
      call: money,
      session,
      player: () => this.services.accounts.load(session.accountId),
      gameOf: (serviceId) => this.services.casinoCatalog.game(serviceId),
      by: { actor: { userId: `provider:${provider}`, role: 'provider', ip: request.ip }, correlationId: request.id },
      now: this.services.clock(),
    });
    if (!moved.ok) throw refusal(moved.error);
    return this.balance(session, transactionId, moved.balance);
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
