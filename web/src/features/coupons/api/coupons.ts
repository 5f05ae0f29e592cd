import type { CouponView } from '@kupon/api/contract';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError, isMissingRoute, newRequestId } from '@/lib/api-client';
import { type CouponFilter, filterCode } from '../types';

/** The coupon routes of the api (issue 5). */
export const COUPON_PATHS = {
  list: '/api/v1/coupons',
  detail: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}`,
  sell: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}/sell`,
  cancel: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}/cancel`,
  /** The catalog's match (issue 6): the coupon lines carry ids, the player reads team names. */
  match: (id: string) => `/api/v1/catalog/matches/${encodeURIComponent(id)}`,
} as const;

/** Team names of a coupon line's match. */
export interface LineMatch {
  readonly home: string;
  readonly away: string;
}

export interface CouponDetail {
  readonly coupon: CouponView;
  /** Server `sellType`: selling is offered (§4). */
  readonly sellType: boolean;
  /** The amount the server offers to buy the coupon back for, when it says one. */
  readonly sellAmount?: number;
}

export function useCoupons(filter: CouponFilter) {
  return useQuery({
    queryKey: ['coupons', filter],
    queryFn: async () => {
      try {
        const r = await apiRequest<{ coupons: CouponView[] }>(COUPON_PATHS.list, { query: { status: filterCode(filter) } });
        return r.coupons;
      } catch (error) {
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
    // The list is a read model a moment behind the bet just placed, and settlement changes statuses:
    // re-read it while the page is open.
    refetchInterval: 5_000,
  });
}

export function useCoupon(id: string) {
  return useQuery({
    queryKey: ['coupons', 'detail', id],
    queryFn: () => apiRequest<CouponDetail>(COUPON_PATHS.detail(id)),
    // Spec §2 "refreshes live matches": a waiting coupon is re-read while it is open.
    refetchInterval: (query) => (query.state.data?.coupon.status === 0 ? 10_000 : false),
    retry: false,
  });
}

export function useSellCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount }: { id: string; amount: number }) => apiRequest<CouponDetail>(COUPON_PATHS.sell(id), { method: 'POST', body: { requestId: newRequestId(), sellok: amount } }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['coupons'] }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}

export function useCancelCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<CouponDetail>(COUPON_PATHS.cancel(id), { method: 'POST' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['coupons'] }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}

/**
 * The team names of the coupon's matches, from the catalog (one cached query per match). A match the
 * catalog no longer lists gives no names; the line then shows its id.
 */
export function useLineMatches(matchIds: readonly string[], lang: string): Readonly<Record<string, LineMatch>> {
  const ids = [...new Set(matchIds)];
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['catalog', 'match-names', id, lang],
      staleTime: Infinity,
      retry: false,
      queryFn: async (): Promise<LineMatch | null> => {
        try {
          const match = await apiRequest<{ homeTeam: string; awayTeam: string }>(COUPON_PATHS.match(id), { query: { lang, passiveOdds: true } });
          return { home: match.homeTeam, away: match.awayTeam };
        } catch (error) {
          if (isApiError(error) && error.status === 404) return null;
          throw error;
        }
      },
    })),
  });
  const names: Record<string, LineMatch> = {};
  results.forEach((result, i) => {
    if (result.data) names[ids[i]!] = result.data;
  });
  return names;
}
