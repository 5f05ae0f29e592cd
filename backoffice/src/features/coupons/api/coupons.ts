import type { CouponSearchResult, CouponStatusName, CouponView, WagerReport } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface CouponDetail {
  readonly coupon: CouponView;
  readonly sellType: boolean;
}

export interface WagerSearch {
  readonly status: 'all' | 'cancelled' | 'voided';
  readonly userId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly offset: number;
  readonly limit: number;
}

/** Coupons in my scope, voided and cancelled ones included, paged by the server (the wagers report). */
export function useWagers(search: WagerSearch, enabled: boolean) {
  return useQuery({
    queryKey: ['coupons', 'wagers', search],
    queryFn: () => apiRequest<WagerReport>('reports/wagers', { query: { ...search } }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

export interface CouponSearch {
  readonly status?: CouponStatusName | undefined;
  readonly userName?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly matchId?: string | undefined;
  readonly offset: number;
  readonly limit: number;
}

/** Every coupon of my site (site staff) or my subtree (a dealer) by player, status, placing time and match, paged by the server. */
export function useCouponSearch(search: CouponSearch, enabled: boolean) {
  return useQuery({
    queryKey: ['coupons', 'search', search],
    queryFn: () => apiRequest<CouponSearchResult>('coupon-search', { query: { ...search } }),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
}

/** One coupon by its id: mine, or one of an account I manage (admin, operator, the dealers above it). */
export function useCoupon(couponId: string | null) {
  return useQuery({
    queryKey: ['coupons', 'detail', couponId],
    queryFn: () => apiRequest<CouponDetail>(`coupons/${encodeURIComponent(couponId!)}`),
    enabled: couponId !== null,
    retry: false,
  });
}

/** Cancel a waiting coupon (the stake is refunded) or mark a won or sold coupon paid at the shop. */
export function useCouponAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ couponId, action }: { couponId: string; action: 'cancel' | 'pay' }) => apiRequest<CouponDetail>(`coupons/${encodeURIComponent(couponId)}/${action}`, { method: 'POST' }),
    onSuccess: (detail) => {
      client.setQueryData(['coupons', 'detail', detail.coupon.ticketId], detail);
      return client.invalidateQueries({ queryKey: ['coupons'] });
    },
  });
}
