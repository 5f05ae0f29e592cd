import type { Minor } from '../shared/money';
import type { CasinoGame } from './games';

/**
 * A provider's seamless-wallet callback, after its signature was checked. No `reference` field: the
 * decider derives it from the provider and its transaction id, so a retry can never count twice.
 */
interface Callback {
  readonly provider: string;
  readonly serviceId: number;
  readonly roundId: string;
  readonly transactionId: string;
  readonly now: string;
}

export type PlaceCasinoBet = Callback & { readonly type: 'PlaceCasinoBet'; readonly amount: Minor; readonly currency: string };
export type CreditCasinoWin = Callback & { readonly type: 'CreditCasinoWin'; readonly amount: Minor; readonly currency: string };
/** Gives back the bet `betTransactionId` (the provider's round failed before it ended). */
export type RollBackCasinoBet = Callback & { readonly type: 'RollBackCasinoBet'; readonly betTransactionId: string };

export type CasinoWalletCommand = PlaceCasinoBet | CreditCasinoWin | RollBackCasinoBet;

/** Replaces one provider's listing in the catalogue: new and changed games are listed, missing ones delisted. */
export type ListCasinoGames = { readonly type: 'ListCasinoGames'; readonly provider: string; readonly games: readonly CasinoGame[]; readonly now: string };

export type CasinoCatalogCommand = ListCasinoGames;
