import type { PublicProposition, PublicPropositions } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';

export const PROPOSITIONS_PATH = '/api/v1/content/propositions';

/**
 * Prices move: the list is asked again every half minute so an odd shown (and put on the slip)
 * is the catalog's current one; the betslip's own rules still check it when the coupon is placed.
 */
const PROPOSITIONS_REFRESH_MS = 30_000;

/** matchProposition: the site's proposed bets still on offer, in order, at the current odds. */
export function usePropositions(lang: string) {
  return useQuery({
    queryKey: ['content', 'propositions', lang],
    queryFn: async (): Promise<PublicProposition[]> => {
      try {
        return (await apiRequest<PublicPropositions>(PROPOSITIONS_PATH, { query: { lang } })).propositions;
      } catch (error) {
        // An api without the route (yet) has no propositions: the home page stays as it was.
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
    refetchInterval: PROPOSITIONS_REFRESH_MS,
    staleTime: PROPOSITIONS_REFRESH_MS,
  });
}
