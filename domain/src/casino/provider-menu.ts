import type { CasinoGame, CasinoProduct } from './games';

/** A studio under a provider menu entry: the `company_name` of its games and how many it lists there. */
export interface SubProvider {
  readonly name: string;
  readonly games: number;
}

/**
 * One entry of the provider menu (spec §4 "Casino: provider menu; picking loads games; lobby flag 0
 * loads sub-providers"): a provider as the catalogue lists it under one `masterServiceId`.
 *
 * The catalogue knows no provider-level lobby flag (a game's `openLobby` says whether that game
 * opens a lobby of its own), so `lobby` is read from the games: 0 when they come from more than
 * one studio (an aggregator: picking it loads its sub-providers first), 1 otherwise (picking it
 * loads its games). Counted over the games of one product when one is asked, so a provider can be
 * an aggregator on one page and a single studio on another.
 */
export interface ProviderMenuEntry {
  readonly masterServiceId: number;
  /** The games' `masterServiceName`; without one, the studio's name (with several, the first of `subProviders`). */
  readonly name: string;
  readonly games: number;
  readonly products: CasinoProduct[];
  readonly lobby: 0 | 1;
  /** Every studio of the provider, by name (Turkish collation), each with its game count. */
  readonly subProviders: SubProvider[];
}

/** The provider menu of the catalogue, of every product or of one, by masterServiceId. */
export function providerMenu(games: Iterable<CasinoGame>, product?: CasinoProduct): ProviderMenuEntry[] {
  const byMaster = new Map<number, CasinoGame[]>();
  for (const game of games) {
    if (product && game.product !== product) continue;
    const listed = byMaster.get(game.masterServiceId);
    if (listed) listed.push(game);
    else byMaster.set(game.masterServiceId, [game]);
  }
  return [...byMaster.entries()]
    .sort(([a], [b]) => a - b)
    .map(([masterServiceId, listed]): ProviderMenuEntry => {
      const studios = new Map<string, number>();
      for (const game of listed) studios.set(game.company_name, (studios.get(game.company_name) ?? 0) + 1);
      const subProviders = [...studios.entries()].map(([name, count]) => ({ name, games: count })).sort((a, b) => a.name.localeCompare(b.name, 'tr'));
      // The lowest serviceId's name, so the name does not depend on the order the catalogue folded them in.
      const named = [...listed].sort((a, b) => a.serviceId - b.serviceId).find((g) => g.masterServiceName);
      return {
        masterServiceId,
        name: named?.masterServiceName ?? subProviders[0]!.name,
        games: listed.length,
        products: [...new Set(listed.map((g) => g.product))].sort(),
        lobby: subProviders.length > 1 ? 0 : 1,
        subProviders,
      };
    });
}
