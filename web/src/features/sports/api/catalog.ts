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
  readonly tournamentId?: string;
  readonly keyWord?: string;
}

/** Matches of the chosen branch, sorted by date; one query at a time, the latest queued runs next (§4). */
export function useMatches(filter: MatchFilter, lang: string) {
  const keyWord = filter.keyWord && filter.keyWord.trim().length >= SEARCH_MIN_LENGTH ? filter.keyWord.trim() : undefined;
  const enabled = Boolean(filter.sportId || filter.categoryId || filter.tournamentId || keyWord);
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
              query: { sportId: filter.sportId, categoryId: filter.categoryId, tournamentId: filter.tournamentId, keyWord, lang, limit: MATCH_LIST_LIMIT },
            }).then((r) => r.map(fromWireMatch).sort((a, b) => a.matchDate.localeCompare(b.matchDate))),
          [] as MatchSummary[],
        ),
      ),
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

export function useLiveMatches(lang: string) {
  return useQuery({
    queryKey: ['live', 'matches', lang],
    queryFn: () => orEmpty(() => apiRequest<{ matches: WireMatch[] }>(CATALOG_PATHS.live, { query: { lang, limit: LIVE_LIMIT } }).then((r) => r.matches.map(fromWireMatch)), []),
  });
}
