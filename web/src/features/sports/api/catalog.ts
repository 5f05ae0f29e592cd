import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError, isMissingRoute } from '@/lib/api-client';
import { latestOnlyQueue, SupersededError } from '@/lib/latest-queue';
import type { MatchSummary } from '../types';
import { fromWireMatch, fromWireTree, type WireMatch, type WireResult, type WireTreeNode } from './wire';

/** The catalog routes of the api (issue 6). */
export const CATALOG_PATHS = {
  tree: '/api/v1/catalog/sports',
  matches: '/api/v1/catalog/matches',
  match: (id: string) => `/api/v1/catalog/matches/${encodeURIComponent(id)}`,
  results: '/api/v1/catalog/results',
  live: '/api/v1/live',
} as const;

/** Spec §9 list sizes. */
export const MATCH_LIST_LIMIT = 75;
export const RESULTS_LIMIT = 50;
export const LIVE_LIMIT = 400;
/** Spec §5 "Match search starts when keyword longer than 2 characters". */
export const SEARCH_MIN_LENGTH = 3;

async function orEmpty<T>(load: () => Promise<T>, empty: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (isMissingRoute(error)) return empty;
    throw error;
  }
}

export function useSportTree(lang: string) {
  return useQuery({
    queryKey: ['catalog', 'tree', lang],
    queryFn: () => orEmpty(() => apiRequest<WireTreeNode[]>(CATALOG_PATHS.tree, { query: { lang } }).then((r) => r.map(fromWireTree)), []),
  });
}

const matchQueue = latestOnlyQueue();

export interface MatchFilter {
  readonly sportId?: string;
  readonly categoryId?: string;
  /** One league, or several picked at once (§7 matches with multipleLeague): the api takes a comma list. */
  readonly tournamentId?: string | readonly string[];
  /** Only these matches (the player's starred ones). */
  readonly matchIds?: readonly string[];
  readonly keyWord?: string;
}

/** A keyword the api searches with (§5: longer than 2 characters), or undefined. */
export function searchableKeyWord(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  return trimmed && trimmed.length >= SEARCH_MIN_LENGTH ? trimmed : undefined;
}

const idList = (ids: string | readonly string[] | undefined): string | undefined => (ids === undefined ? undefined : typeof ids === 'string' ? ids : ids.length > 0 ? ids.join(',') : undefined);

/** Matches of the chosen branch, sorted by date; one query at a time, the latest queued runs next (§4). */
export function useMatches(filter: MatchFilter, lang: string) {
  const keyWord = searchableKeyWord(filter.keyWord);
  const tournamentId = idList(filter.tournamentId);
  const matchId = idList(filter.matchIds);
  const enabled = Boolean(filter.sportId || filter.categoryId || tournamentId || matchId || keyWord);
  return useQuery({
    queryKey: ['catalog', 'matches', { ...filter, keyWord }, lang],
    enabled,
    placeholderData: keepPreviousData,
    retry: (count, error) => !(error instanceof SupersededError) && count < 1,
    queryFn: () =>
      matchQueue(() =>
        orEmpty(
          () =>
            apiRequest<WireMatch[]>(CATALOG_PATHS.matches, {
              query: { sportId: filter.sportId, categoryId: filter.categoryId, tournamentId, matchId, keyWord, lang, limit: MATCH_LIST_LIMIT },
            }).then((r) => r.map(fromWireMatch).sort((a, b) => a.matchDate.localeCompare(b.matchDate))),
          [] as MatchSummary[],
        ),
      ),
  });
}

/**
 * The favourites filter of the sports page: the matches of the starred leagues and the starred
 * matches, asked as two id lists (one request each, outside the branch queue) and merged by date.
 */
export function useFavouriteMatches(favourites: { readonly matchIds: readonly string[]; readonly tournamentIds: readonly string[] }, lang: string, enabled: boolean) {
  const tournamentId = idList(favourites.tournamentIds);
  const matchId = idList(favourites.matchIds);
  return useQuery({
    queryKey: ['catalog', 'favourites', { tournamentId, matchId }, lang],
    enabled: enabled && Boolean(tournamentId || matchId),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const ask = (query: { tournamentId?: string; matchId?: string }) =>
        orEmpty(() => apiRequest<WireMatch[]>(CATALOG_PATHS.matches, { query: { ...query, lang, limit: MATCH_LIST_LIMIT } }).then((r) => r.map(fromWireMatch)), [] as MatchSummary[]);
      const lists = await Promise.all([tournamentId ? ask({ tournamentId }) : [], matchId ? ask({ matchId }) : []]);
      const byId = new Map(lists.flat().map((m) => [m.id, m]));
      return [...byId.values()].sort((a, b) => a.matchDate.localeCompare(b.matchDate) || a.id.localeCompare(b.id));
    },
  });
}

export function useMatch(id: string, lang: string) {
  return useQuery({
    queryKey: ['catalog', 'match', id, lang],
    queryFn: async () => {
      try {
        return fromWireMatch(await apiRequest<WireMatch>(CATALOG_PATHS.match(id), { query: { lang } }));
      } catch (error) {
        if (isMissingRoute(error) || (isApiError(error) && error.key === 'matchNotFound')) return null;
        throw error;
      }
    },
  });
}

export function useResults(lang: string) {
  return useQuery({
    queryKey: ['catalog', 'results', lang],
    queryFn: () => orEmpty(() => apiRequest<WireResult[]>(CATALOG_PATHS.results, { query: { lang, limit: RESULTS_LIMIT } }), []),
  });
}

/**
 * The live list (§7 lives3), narrowed server-side by the keyword of /livebets/{keyWord} when it is
 * long enough to search with (§5); a shorter one lists everything.
 */
export function useLiveMatches(lang: string, keyWordText?: string) {
  const keyWord = searchableKeyWord(keyWordText);
  return useQuery({
    queryKey: ['live', 'matches', lang, keyWord ?? null],
    queryFn: () => orEmpty(() => apiRequest<{ matches: WireMatch[] }>(CATALOG_PATHS.live, { query: { lang, limit: LIVE_LIMIT, keyWord } }).then((r) => r.matches.map(fromWireMatch)), []),
  });
}
