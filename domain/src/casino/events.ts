import type { Movement } from '../wallet/movement';
import type { CasinoGame } from './games';

/**
 * Where a casino money event belongs: the provider that called, its game, its round, and its own id of
 * the transaction (what makes a replayed callback a no-op: the wallet reference is derived from it).
 */
interface RoundOf {
  readonly provider: string;
  readonly serviceId: number;
  readonly masterServiceId: number;
  readonly roundId: string;
  readonly transactionId: string;
}

/**
 * Seamless wallet: the player's wallet stream is the money boundary of a casino round, as it is of a
 * coupon. A bet is a debit, a win a credit, a rollback gives a bet back (amount 0 when the provider
 * rolled back a bet that never reached us: the bet is then refused if it arrives late).
 */
export type CasinoBetPlaced = { readonly type: 'CasinoBetPlaced'; readonly data: Movement & RoundOf };
export type CasinoWinCredited = { readonly type: 'CasinoWinCredited'; readonly data: Movement & RoundOf };
export type CasinoRoundRolledBack = { readonly type: 'CasinoRoundRolledBack'; readonly data: Movement & RoundOf & { readonly betTransactionId: string } };

export type CasinoWalletEvent = CasinoBetPlaced | CasinoWinCredited | CasinoRoundRolledBack;

export const CASINO_WALLET_EVENT_TYPES = ['CasinoBetPlaced', 'CasinoWinCredited', 'CasinoRoundRolledBack'] as const satisfies readonly CasinoWalletEvent['type'][];

/** The product's game catalogue, as the providers list it (one stream for every brand). */
export type CasinoGameListed = { readonly type: 'CasinoGameListed'; readonly data: { readonly game: CasinoGame; readonly at: string } };
export type CasinoGameDelisted = { readonly type: 'CasinoGameDelisted'; readonly data: { readonly provider: string; readonly serviceId: number; readonly at: string } };

export type CasinoCatalogEvent = CasinoGameListed | CasinoGameDelisted;

export const CASINO_CATALOG_EVENT_TYPES = ['CasinoGameListed', 'CasinoGameDelisted'] as const satisfies readonly CasinoCatalogEvent['type'][];

export const CASINO_CATALOG_STREAM = 'casino-catalog';

/** Wallet references of casino callbacks: one per provider transaction (a rollback: one per bet it gives back). */
export function casinoReference(provider: string, kind: 'bet' | 'win' | 'rollback', transactionId: string): string {
  return `casino:${provider}:${kind}:${transactionId}`;
}
