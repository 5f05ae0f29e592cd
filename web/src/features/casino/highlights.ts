import type { CasinoItem } from '@kupon/api/contract';
import { gameIds } from '@/features/site/types';
import type { SiteSettings } from '@/features/site/types';
import type { CasinoProduct } from './types';

/**
 * Spec §3 comma id lists of game serviceIds, per product page: live casino and slots get a "top" and a
 * "new" section above the list (topcasino_ids/newcasino_ids, topslot_ids/newslot_ids); virtual games
 * and TV games list the named games first, in the order given (virtualgames_ids, tvgames_ids).
 */
export interface CasinoHighlights {
  readonly top: readonly number[];
  readonly fresh: readonly number[];
  readonly first: readonly number[];
}

type IdLists = Pick<SiteSettings, 'topcasino_ids' | 'newcasino_ids' | 'topslot_ids' | 'newslot_ids' | 'virtualgames_ids' | 'tvgames_ids'>;

export function highlightsOf(product: CasinoProduct, settings: IdLists): CasinoHighlights {
  switch (product) {
    case 'livecasino':
      return { top: gameIds(settings.topcasino_ids), fresh: gameIds(settings.newcasino_ids), first: [] };
    case 'slot':
      return { top: gameIds(settings.topslot_ids), fresh: gameIds(settings.newslot_ids), first: [] };
    case 'virtual':
      return { top: [], fresh: [], first: gameIds(settings.virtualgames_ids) };
    case 'tvgames':
      return { top: [], fresh: [], first: gameIds(settings.tvgames_ids) };
    default:
      return { top: [], fresh: [], first: [] };
  }
}

/** The listed games named by `ids`, in the order of `ids`; ids not listed (another product, gone) are skipped. */
export function gamesNamed(games: readonly CasinoItem[], ids: readonly number[]): CasinoItem[] {
  const byId = new Map(games.map((game) => [game.serviceId, game]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
}

/** `games` with those named by `ids` moved to the front, in the order of `ids`; the rest keep their order. */
export function namedFirst(games: readonly CasinoItem[], ids: readonly number[]): CasinoItem[] {
  if (ids.length === 0) return [...games];
  const first = gamesNamed(games, ids);
  const moved = new Set(first.map((game) => game.serviceId));
  return [...first, ...games.filter((game) => !moved.has(game.serviceId))];
}
