import type { CasinoGame } from '@kupon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** What a provider needs to start a game for a player. */
export interface GameLaunchRequest {
  /** Our game session token: the provider hands it back on every wallet callback of this player. */
  readonly session: string;
  readonly game: CasinoGame;
  readonly lang: string;
  readonly currency: string;
  readonly isMobile: boolean;
  /** This api's public origin (`http://host:port`): where the provider's wallet callbacks point. */
  readonly origin: string;
}

/** How the game opens (spec §4): embedded in a frame, or the window sent to the provider. */
export interface GameLaunch {
  readonly url: string;
  readonly iframe: boolean;
}

export type WalletCallbackKind = 'balance' | 'bet' | 'win' | 'rollback';

/**
 * The port every casino game provider adapter implements (ARCHITECTURE.md: external systems get a
 * real adapter interface plus one working built-in implementation). The provider runs the games and
 * draws their outcomes; the money stays here, moved by its seamless-wallet callbacks.
 */
export interface CasinoProvider {
  /** The adapter's name: the `:provider` of its wallet callbacks, the `provider` of its games. */
  readonly name: string;
  /** The games it offers, as §3 items (the catalogue is synced from this). */
  games(): Promise<readonly CasinoGame[]>;
  launch(request: GameLaunchRequest): Promise<GameLaunch>;
  /**
   * A wallet callback in our seamless-wallet shape (contract/casino.ts), or null when its signature
   * does not hold or it cannot be read (an adapter of a provider with its own protocol translates here).
   */
  readCallback(kind: WalletCallbackKind, rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): unknown;
  /**
   * The bingo cards a round bought, as the provider's round history tells (each card rows of numbers,
   * null an empty cell); null when it does not know the round. Optional: the bingo slip then prints
   * without its cards (api/PRINTS.md "Shop bingo").
   */
  roundCards?(roundId: string): Promise<readonly BingoCard[] | null>;
  /**
   * The provider's own game pages when it runs inside this process (the demo provider's), mounted by
   * the api under `/api/v1/casino/<name>`; a real game studio hosts its pages itself and has none.
   */
  pages?(): FastifyPluginAsyncZod;
}

/** A bingo card as printed: its rows, each cell a number or null (empty). */
export type BingoCard = readonly (readonly (number | null)[])[];
