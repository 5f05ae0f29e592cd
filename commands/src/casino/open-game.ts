import { type CasinoGame, domainError, type OpenWalletState, PRODUCT_FLAG, type ProductFlags, sellableInShop } from '@kupon/domain';
import { refused, type Result } from '../runner/result';
import type { StreamCommands } from '../runner/stream-commands';
import { openWallet, walletCurrencyOf, type WalletOwner } from '../wallet/open-wallet';

/** The account that opens a game, as the directory holds it now. */
export interface GamePlayer extends WalletOwner {
  readonly status: string;
  readonly products: ProductFlags;
}

/** Opening a game (spec §7 `casinos/open`): who, which game, and what the caller knows of the catalogue and the providers. */
export interface OpenGameInput {
  /** null: no such account. */
  readonly player: GamePlayer | null;
  readonly serviceId: number;
  /** The provider the client chose the game under, if it said. */
  readonly masterServiceId: number | undefined;
  /** The catalogue (read side): the game as listed now. */
  readonly gameOf: (serviceId: number) => Promise<CasinoGame | null>;
  /** Whether this process runs the provider's adapter. */
  readonly providerRuns: (provider: string) => boolean;
  /** The site's default currency, a wallet opened on first use is opened in (with the account's own before it). */
  readonly siteCurrency: string | undefined;
  readonly now: Date;
}

/**
 * Whether the account may open the game: an active player opens every product it is allowed
 * (its product flag); a shop terminal only what a shop sells (tombala: api/PRINTS.md "Shop bingo").
 * Answers with the player, the game and the wallet the game's session plays on (opened on first use).
 */
export async function openGame(commands: StreamCommands, input: OpenGameInput): Promise<Result<{ readonly player: GamePlayer; readonly game: CasinoGame; readonly wallet: OpenWalletState }>> {
  const { player } = input;
  if (!player || player.status !== 'active') return refused(domainError('userPassive'));
  if (player.role !== 'player' && player.role !== 'terminal') return refused(domainError('permissionDenied'));
  const game = await input.gameOf(input.serviceId);
  if (!game || (input.masterServiceId !== undefined && input.masterServiceId !== game.masterServiceId)) return refused(domainError('casinoGameNotFound'));
  if (player.role === 'terminal' && !sellableInShop(game.product)) return refused(domainError('permissionDenied'));
  const flag = PRODUCT_FLAG[game.product];
  if (player.products[flag] !== 1) return refused(domainError('permissionDenied', flag));
  if (!input.providerRuns(game.provider)) return refused(domainError('casinoGameNotFound'));
  const wallet = await openWallet({ commands, clock: () => input.now }, player, walletCurrencyOf(player, input.siteCurrency), { fresh: false });
  return { ok: true, player, game, wallet };
}
