import { expect } from 'vitest';
import { errorKey, isDomainError } from '../../shared/decider';
import { DEFAULT_PRODUCT_FLAGS, type ProductFlags } from '../../identity/rules/limits';
import type { WalletEvent } from '../../wallet/stream';
import { evolve as evolveWallet, type WalletState } from '../../wallet/decider';
import type { CasinoCatalogCommand, CasinoWalletCommand } from '../commands';
import { type CasinoBetContext, casinoCatalogDecider, type CasinoCatalogState, casinoWalletDecider } from '../decider';
import type { CasinoCatalogEvent, CasinoWalletEvent } from '../events';
import type { CasinoGame } from '../games';

export const AT = '2026-11-22T10:00:00.000Z';

export const SLOT: CasinoGame = {
  serviceId: 90001,
  masterServiceId: 900,
  provider: 'demo',
  product: 'slot',
  title: 'Kupon Fruits',
  logo: '/casino/fruits.svg',
  listOrder: 1,
  company_name: 'Kupon Demo',
  isMobile: 1,
  openLobby: 0,
  minStake: 100,
  maxStake: 10_000,
  maxPay: 500_000,
};

export const context = (game: CasinoGame | null = SLOT, products: Partial<ProductFlags> = {}): CasinoBetContext => ({ game, products: { ...DEFAULT_PRODUCT_FLAGS, ...products } });

/** `given([WalletOpened, DepositCredited…]).when(PlaceCasinoBet, context).then([CasinoBetPlaced…])` / `.thenFails('serviceLimitError')`. */
export function given(events: readonly WalletEvent[] = []) {
  // The wallet's own evolve: a casino wallet is a wallet, folded from every wallet event.
  const state = events.reduce<WalletState>(evolveWallet, casinoWalletDecider.initialState);
  return {
    state,
    when(command: CasinoWalletCommand, ctx: CasinoBetContext = context()) {
      const outcome = casinoWalletDecider.decide(command, state, ctx);
      return {
        then(expected: readonly CasinoWalletEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}

export function givenCatalog(events: readonly CasinoCatalogEvent[] = []) {
  const state = events.reduce<CasinoCatalogState>(casinoCatalogDecider.evolve, casinoCatalogDecider.initialState);
  return {
    state,
    when(command: CasinoCatalogCommand) {
      const outcome = casinoCatalogDecider.decide(command, state, undefined);
      return {
        then(expected: readonly CasinoCatalogEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}
