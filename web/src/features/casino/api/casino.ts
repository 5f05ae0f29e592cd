import type { CasinoItem, CasinoOpen, CasinoOpenBody } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';
import { CASINO_LIST_LIMIT, type CasinoOrder, type CasinoProduct } from '../types';

/** The player's casino routes of the api (api/src/contract/casino.ts). */
export const CASINO_PATHS = {
  providers: '/api/v1/casino/providers',
  games: '/api/v1/casino/games',
  open: '/api/v1/casino/casinos/open',
} as const;

/** A provider of the menu as `GET /casino/providers` sends it (contract `CasinoProviders`). */
export interface CasinoProvider {
  readonly masterServiceId: number;
  readonly name: string;
  readonly games: number;
  readonly products: readonly CasinoProduct[];
  /** §4 lobby flag: 0, an aggregator, picking it shows its sub-providers; 1, picking it loads its games. */
  readonly lobby: 0 | 1;
  /** Its studios (a game's company_name) with their game counts of the asked product. */
  readonly subProviders: readonly { readonly name: string; readonly games: number }[];
}

/** `GET /casino/games` (contract `CasinoGames`). */
interface CasinoGamesAnswer {
  readonly status: true;
  readonly games: CasinoItem[];
  readonly total: number;
}

/** The catalogue changes when a provider lists new games: a minute before it is asked again. */
const CATALOG_STALE_MS = 60_000;

/** A list the api does not serve reads as empty (§8 "Empty casino lists show empty state"). */
async function orEmpty<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingRoute(error)) return empty;
    throw error;
  }
}

/** The provider menu of one product: the providers that list games of it, counted (games, lobby, sub-providers) over that product. */
export function useCasinoProviders(product: CasinoProduct) {
  return useQuery({
    queryKey: ['casino', 'providers', product],
    queryFn: () => orEmpty(async () => (await apiRequest<{ providers: CasinoProvider[] }>(CASINO_PATHS.providers, { query: { product } })).providers, []),
    staleTime: CATALOG_STALE_MS,
  });
}

export interface CasinoGamesFilter {
  readonly product: CasinoProduct;
  /** One provider; every provider when absent. */
  readonly masterServiceId?: number;
  /** One sub-provider (studio) of it; all of them when absent. */
  readonly company?: string;
  readonly search?: string;
  readonly order: CasinoOrder;
}

/** getAllCasinos: the §3 casino/slot items of a provider (or all), limit 1000, order, search. */
export function useCasinoGames(filter: CasinoGamesFilter, lang: string) {
  return useQuery({
    queryKey: ['casino', 'games', filter.product, filter.masterServiceId ?? null, filter.company ?? null, filter.search ?? '', filter.order, lang],
    queryFn: () =>
      orEmpty(
        async () =>
          (
            await apiRequest<CasinoGamesAnswer>(CASINO_PATHS.games, {
              query: { masterServiceId: filter.masterServiceId, company: filter.company, limit: CASINO_LIST_LIMIT, order: filter.order, search: filter.search, product: filter.product, lang },
            })
          ).games,
        [] as CasinoItem[],
      ),
    staleTime: CATALOG_STALE_MS,
    // Typing a search or picking another provider keeps the last grid until the next one arrives.
    placeholderData: keepPreviousData,
  });
}

/** casinos/open: a game session for the player; `status` false carries the §8 key of why not. */
export function useOpenGame() {
  return useMutation({
    mutationFn: (body: CasinoOpenBody) => apiRequest<CasinoOpen>(CASINO_PATHS.open, { method: 'POST', body }),
  });
}
