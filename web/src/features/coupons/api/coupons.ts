import type { CouponView } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isMissingRoute, newRequestId } from '@/lib/api-client';
import { type CouponFilter, filterCode } from '../types';

/** The coupon routes of the api (issue 5). */
export const COUPON_PATHS = {
  list: '/api/v1/coupons',
  detail: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}`,
  sell: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}/sell`,
  cancel: (id: string) => `/api/v1/coupons/${encodeURIComponent(id)}/cancel`,
  /** `printingCouponCancel`: a terminal's ticket whose slip did not print (api/PRINTS.md). */
  printCancel: (id: string) => `/api/v1/terminal/coupons/${encodeURIComponent(id)}/print-cancel`,
} as const;

export interface CouponDetail {
  readonly coupon: CouponView;
  /** Server `sellType`: selling is offered (§4). */
  readonly sellType: boolean;
  /** The amount the server offers to buy the coupon back for, when it says one. */
  readonly sellAmount?: number;
}

/** Coupon lines come worded by the server (team names, market and outcome) in the page's language. */
export function useCoupons(filter: CouponFilter, lang: string) {
  return useQuery({
    queryKey: ['coupons', filter, lang],
    queryFn: async () => {
      try {
        const r = await apiRequest<{ coupons: CouponView[] }>(COUPON_PATHS.list, { query: { status: filterCode(filter), lang } });
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

export function useCoupon(id: string, lang: string) {
  return useQuery({
    queryKey: ['coupons', 'detail', id, lang],
    queryFn: () => apiRequest<CouponDetail>(COUPON_PATHS.detail(id), { query: { lang } }),
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

/** A terminal takes back a ticket whose slip did not print: cancelled, the stake back on the terminal. */
export function usePrintCancelCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ status: true; coupon: CouponView; refund: number }>(COUPON_PATHS.printCancel(id), { method: 'POST' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['coupons'] }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}
