import type { Minor } from '../shared/money';
import type { ProductFlags } from '../identity/rules/limits';

/**
 * Which product a game belongs to, and so which §6 product flag a player needs to play it: slots
 * (slotUser), live casino (casinoUser), live bingo / tombala (bingoUser), virtual games (virtualUser)
 * and TV games (tvgamesUser). All of them play on the same seamless wallet, rounds and limits.
 *
 * The §2 external-game pages (/racing, /lotto, /virtualleague, /betgames, /mintGaming,
 * /virtualSports) are products too, each listing what its providers offer for it. §3/§6 know no
 * flag of their own for them, so each is played under the nearest §6 flag (api/EXTERNAL-GAMES.md):
 * racing, virtual league and virtual sports are virtual games (virtualUser); lotto and bet games
 * are draw games shown as TV games (tvgamesUser); mint gaming is a slot studio (slotUser).
 */
export type CasinoProduct = 'slot' | 'livecasino' | 'bingo' | 'virtual' | 'tvgames' | ExternalGameProduct;

/** The §2 external-game pages, each its own product, named as its route. */
export type ExternalGameProduct = 'racing' | 'lotto' | 'virtualleague' | 'betgames' | 'mintGaming' | 'virtualSports';
export const EXTERNAL_GAME_PRODUCTS: readonly ExternalGameProduct[] = ['racing', 'lotto', 'virtualleague', 'betgames', 'mintGaming', 'virtualSports'];

export const CASINO_PRODUCTS: readonly CasinoProduct[] = ['slot', 'livecasino', 'bingo', 'virtual', 'tvgames', ...EXTERNAL_GAME_PRODUCTS];

export const PRODUCT_FLAG: Readonly<Record<CasinoProduct, keyof ProductFlags>> = {
  slot: 'slotUser',
  livecasino: 'casinoUser',
  bingo: 'bingoUser',
  virtual: 'virtualUser',
  tvgames: 'tvgamesUser',
  racing: 'virtualUser',
  lotto: 'tvgamesUser',
  virtualleague: 'virtualUser',
  betgames: 'tvgamesUser',
  mintGaming: 'slotUser',
  virtualSports: 'virtualUser',
};

/**
 * What a shop terminal may sell (api/PRINTS.md "Shop bingo"): only live bingo (tombala). A tombala
 * round is a ticket with a printed slip (`bingo`), a check call (`bingoCheckTerminal`) and a win
 * slip (`win-bingo`), so the shop can sell it, check it and pay it at the counter. Slots, live
 * casino, virtual and TV games have no slip, no check and no counter payout: players only.
 */
export const SHOP_CASINO_PRODUCTS: readonly CasinoProduct[] = ['bingo'];

export function sellableInShop(product: CasinoProduct): boolean {
  return SHOP_CASINO_PRODUCTS.includes(product);
}

/**
 * Spec §3 "Casino/slot item", as a provider lists it. `provider` names the adapter whose signed
 * callbacks move this game's money; `masterServiceId` is the provider as the site's provider menu
 * shows it. Stakes and the biggest payout of a round are minor units; 0 means no limit.
 */
export interface CasinoGame {
  readonly serviceId: number;
  readonly masterServiceId: number;
  readonly provider: string;
  readonly product: CasinoProduct;
  readonly title: string;
  readonly logo: string;
  readonly listOrder: number;
  /** The studio that made the game: a sub-provider of an aggregator (provider-menu.ts). */
  readonly company_name: string;
  /**
   * The provider menu's name of `masterServiceId` when it is not the studio's: an aggregator, whose
   * games come from several studios, names itself here. Absent: the provider is named after its studio.
   */
  readonly masterServiceName?: string;
  readonly isMobile: 0 | 1;
  /**
   * 1: the game opens a lobby of its own (live tables); 0: it opens straight into play. Not the
   * provider menu's §4 "lobby flag", which is the provider's (provider-menu.ts).
   */
  readonly openLobby: 0 | 1;
  readonly minStake: Minor;
  readonly maxStake: Minor;
  readonly maxPay: Minor;
}

/** §8 serviceLimitError: a stake under the game's minimum or over its maximum (0 = none). */
export function stakeWithinLimits(game: Pick<CasinoGame, 'minStake' | 'maxStake'>, amount: Minor): boolean {
  return amount >= game.minStake && (game.maxStake === 0 || amount <= game.maxStake);
}

export function sameGame(a: CasinoGame, b: CasinoGame): boolean {
  return (Object.keys(a) as (keyof CasinoGame)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;
}
