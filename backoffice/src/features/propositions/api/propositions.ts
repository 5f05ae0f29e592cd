import type { PropositionBody, StaffPropositions } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const BASE = 'content-settings/propositions';
const KEY = ['propositions'] as const;

/** The catalog's lists the picker walks (api/src/routes/catalog.ts; the wire names of spec §3). */
export interface CatalogSport {
  readonly id: number;
  readonly title: string;
  readonly matchCount: number;
}
export interface CatalogMatch {
  readonly id: string;
  readonly homeTeam: string;
  readonly awayTeam: string;
  readonly matchDate: string;
  readonly tournamentName: string;
  readonly odds: readonly CatalogMarket[];
}
export interface CatalogMarket {
  /** `${market code}|${special}` */
  readonly oddsid: string;
  readonly typename: string;
  readonly special: string;
  readonly odds: readonly { readonly outcomeid: string; readonly outcome: string; readonly odd: number }[];
}

/** Whatever a change answers is the whole list as it now stands (names in `lang`): it replaces the cached one; other languages are asked again. */
function useChange<V>(lang: string, send: (value: V) => Promise<StaffPropositions>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (list) => {
      client.setQueryData([...KEY, lang], list);
      void client.invalidateQueries({ queryKey: KEY, predicate: (query) => query.queryKey[1] !== lang });
    },
  });
}

/** This site's proposed bets in order, each with its match and price now and whether players see it. */
export function usePropositions(lang: string) {
  return useQuery({ queryKey: [...KEY, lang], queryFn: () => apiRequest<StaffPropositions>(BASE, { query: { lang } }) });
}

export function useAddProposition(lang: string) {
  return useChange(lang, (body: PropositionBody) => apiRequest<StaffPropositions>(BASE, { method: 'POST', body, query: { lang } }));
}

export function useReorderPropositions(lang: string) {
  return useChange(lang, (ids: readonly string[]) => apiRequest<StaffPropositions>(`${BASE}/order`, { method: 'PUT', body: { ids }, query: { lang } }));
}

export function useRemoveProposition(lang: string) {
  return useChange(lang, (id: string) => apiRequest<StaffPropositions>(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', query: { lang } }));
}

/** The sports with upcoming matches (the catalog's tree, top level). */
export function useSports(lang: string) {
  return useQuery({ queryKey: ['catalog', 'sports', lang], queryFn: () => apiRequest<CatalogSport[]>('catalog/sports', { query: { lang } }) });
}

/** Upcoming matches of a sport, searched on the server (keyword longer than 2 characters), at most 75. */
export function useUpcomingMatches(sportId: number | null, keyWord: string, lang: string) {
  const search = keyWord.trim().length > 2 ? keyWord.trim() : undefined;
  return useQuery({
    queryKey: ['catalog', 'matches', sportId, search, lang],
    queryFn: () => apiRequest<CatalogMatch[]>('catalog/matches', { query: { sportId: sportId ?? undefined, keyWord: search, lang } }),
    enabled: sportId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One match with its open markets and outcomes. */
export function useMatchMarkets(matchId: string | null, lang: string) {
  return useQuery({
    queryKey: ['catalog', 'match', matchId, lang],
    queryFn: () => apiRequest<CatalogMatch>(`catalog/matches/${encodeURIComponent(matchId!)}`, { query: { lang } }),
    enabled: matchId !== null,
  });
}
