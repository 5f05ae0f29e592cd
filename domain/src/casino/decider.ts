import { Map as ImmutableMap } from 'immutable';
import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { ProductFlags } from '../identity/rules/limits';
import { availableOf, evolve as evolveWallet, initialWalletState, type WalletState } from '../wallet/decider';
import type { CasinoCatalogCommand, CasinoWalletCommand } from './commands';
import { type CasinoCatalogEvent, type CasinoWalletEvent, casinoReference } from './events';
import { type CasinoGame, PRODUCT_FLAG, sameGame, sellableInShop, stakeWithinLimits } from './games';
import { keyOf } from './ledger';

/** What a bet is decided against besides the wallet: the game as the catalogue lists it now and the player's product flags. */
export interface CasinoBetContext {
  readonly game: CasinoGame | null;
  readonly products: ProductFlags;
  /** The bettor is a shop terminal (its wallet is the shop's cash drawer): it may sell the shop's products only (`SHOP_CASINO_PRODUCTS`). */
  readonly terminal?: boolean;
}

/**
 * A provider's seamless-wallet callbacks, decided on the player's wallet stream. It folds with the
 * wallet's own `evolve`, so the wallet's balance, references and casino ledger are one state, cached
 * once per process, and a bet can never spend what a coupon just spent.
 */
export function decideCasino(command: CasinoWalletCommand, state: WalletState, context: CasinoBetContext | undefined): readonly CasinoWalletEvent[] | DomainError {
  if (state.status !== 'open') return domainError('walletNotOpened');
  const { provider, now: at, roundId, transactionId } = command;
  const kind = command.type === 'PlaceCasinoBet' ? 'bet' : command.type === 'CreditCasinoWin' ? 'win' : 'rollback';
  const reference = casinoReference(provider, kind, command.type === 'RollBackCasinoBet' ? command.betTransactionId : transactionId);
  // A replayed callback: the first answer stands, nothing moves twice.
  if (state.references.has(reference)) return [];
  const { casino } = state;

  switch (command.type) {
    case 'PlaceCasinoBet': {
      const { amount } = command;
      if (casino.bets.get(keyOf(provider, transactionId))?.rolledBack) return domainError('transactionCanceled');
      if (!Number.isSafeInteger(amount) || amount <= 0) return domainError('invalidAmount');
      if (command.currency !== state.currency) return domainError('currencyMismatch', command.currency, state.currency);
      const game = context?.game ?? null;
      if (!game || game.provider !== provider || game.serviceId !== command.serviceId) return domainError('casinoGameNotFound');
      const flag = PRODUCT_FLAG[game.product];
      // A player plays any product; a terminal sells the shop's (tombala) from its drawer; a dealer's wallet never bets.
      if (state.ownerKind !== 'player' && context?.terminal === true && !sellableInShop(game.product)) return domainError('permissionDenied');
      if ((state.ownerKind !== 'player' && context?.terminal !== true) || context?.products[flag] !== 1) return domainError('permissionDenied', flag);
      if (casino.rounds.get(keyOf(provider, roundId))?.won) return domainError('casinoRoundClosed');
      if (!stakeWithinLimits(game, amount)) return domainError('serviceLimitError');
      if (amount > availableOf(state)) return domainError('insufficientCredit');
      const data = { reference, amount, balance: state.balance - amount, at, provider, serviceId: game.serviceId, masterServiceId: game.masterServiceId, roundId, transactionId };
      return [{ type: 'CasinoBetPlaced', data }];
    }
    case 'CreditCasinoWin': {
      const { amount } = command;
      if (!Number.isSafeInteger(amount) || amount < 0) return domainError('invalidAmount');
      if (command.currency !== state.currency) return domainError('currencyMismatch', command.currency, state.currency);
      const round = casino.rounds.get(keyOf(provider, roundId));
      if (!round) return domainError('casinoRoundNotFound');
      if (round.openBets === 0) return domainError('transactionCanceled');
      const { serviceId, masterServiceId } = round;
      return [{ type: 'CasinoWinCredited', data: { reference, amount, balance: state.balance + amount, at, provider, serviceId, masterServiceId, roundId, transactionId } }];
    }
    case 'RollBackCasinoBet': {
      const { betTransactionId } = command;
      const bet = casino.bets.get(keyOf(provider, betTransactionId));
      const base = { reference, at, provider, transactionId, betTransactionId };
      if (!bet) {
        // The bet never reached us (or is still on its way): nothing to give back, and the bet is refused if it comes.
        return [{ type: 'CasinoRoundRolledBack', data: { ...base, amount: 0, balance: state.balance, serviceId: command.serviceId, masterServiceId: context?.game?.masterServiceId ?? 0, roundId } }];
      }
      if (bet.rolledBack) return [];
      if (casino.rounds.get(keyOf(provider, bet.roundId))?.won) return domainError('casinoRoundClosed');
      const data = { ...base, amount: bet.amount, balance: state.balance + bet.amount, serviceId: bet.serviceId, masterServiceId: bet.masterServiceId, roundId: bet.roundId };
      return [{ type: 'CasinoRoundRolledBack', data }];
    }
    default:
      return assertNever(command);
  }
}

/** The casino's wallet decider: the wallet's state and evolve, casino commands. */
export const casinoWalletDecider: Decider<WalletState, CasinoWalletCommand, CasinoWalletEvent, CasinoBetContext | undefined> = {
  initialState: initialWalletState,
  evolve: evolveWallet,
  decide: decideCasino,
};

// ---- catalogue ------------------------------------------------------------------------------------

export interface CasinoCatalogState {
  /** Listed games by serviceId. */
  readonly games: ImmutableMap<number, CasinoGame>;
}

export const initialCasinoCatalogState: CasinoCatalogState = { games: ImmutableMap() };

export function evolveCasinoCatalog(state: CasinoCatalogState, event: CasinoCatalogEvent): CasinoCatalogState {
  switch (event.type) {
    case 'CasinoGameListed':
      return { games: state.games.set(event.data.game.serviceId, event.data.game) };
    case 'CasinoGameDelisted':
      return { games: state.games.delete(event.data.serviceId) };
    default:
      return assertNever(event);
  }
}

/** A provider's listing replaces what the catalogue held of it; an unchanged listing decides nothing. */
export function decideCasinoCatalog(command: CasinoCatalogCommand, state: CasinoCatalogState): readonly CasinoCatalogEvent[] | DomainError {
  const { provider, games, now: at } = command;
  const listed = new Set<number>();
  const events: CasinoCatalogEvent[] = [];
  for (const game of games) {
    if (game.provider !== provider) return domainError('invalidField', 'provider');
    if (listed.has(game.serviceId)) return domainError('invalidField', 'serviceId');
    const limits = [game.minStake, game.maxStake, game.maxPay];
    if (!Number.isSafeInteger(game.serviceId) || limits.some((v) => !Number.isSafeInteger(v) || v < 0) || (game.maxStake !== 0 && game.minStake > game.maxStake)) {
      return domainError('invalidField', String(game.serviceId));
    }
    const known = state.games.get(game.serviceId);
    if (known && known.provider !== provider) return domainError('invalidField', 'serviceId');
    listed.add(game.serviceId);
    if (!known || !sameGame(known, game)) events.push({ type: 'CasinoGameListed', data: { game, at } });
  }
  for (const known of state.games.values()) {
    if (known.provider === provider && !listed.has(known.serviceId)) events.push({ type: 'CasinoGameDelisted', data: { provider, serviceId: known.serviceId, at } });
  }
  return events;
}

export const casinoCatalogDecider: Decider<CasinoCatalogState, CasinoCatalogCommand, CasinoCatalogEvent, undefined> = {
  initialState: initialCasinoCatalogState,
  evolve: evolveCasinoCatalog,
  decide: (command, state) => decideCasinoCatalog(command, state),
};
