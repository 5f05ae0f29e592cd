import type { MatchTimeline } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const timelinePath = (matchId: string) => `/api/v1/catalog/matches/${encodeURIComponent(matchId)}/timeline`;

/**
 * The match's scoreboard and incidents so far (spec §3 live_show_tracker). Under the `catalog`
 * key, so a live socket reconnect reloads it with the rest of the catalog.
 */
export function useMatchTimeline(matchId: string, lang: string) {
  return useQuery({
    queryKey: ['catalog', 'timeline', matchId, lang],
    queryFn: () => apiRequest<MatchTimeline>(timelinePath(matchId), { query: { lang } }),
  });
}
