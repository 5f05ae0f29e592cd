import type { AffiliateBanners, AffiliateControl, ReferredCoupons, ReferredFinance, ReferredUsers } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The affiliate routes of the api (api/src/routes/affiliate.ts, api/AFFILIATE.md). */
export const AFFILIATE_PATHS = {
  me: '/api/v1/affiliate/me',
  apply: '/api/v1/affiliate/apply',
  users: '/api/v1/affiliate/users',
  finance: '/api/v1/affiliate/finance',
  coupons: '/api/v1/affiliate/coupons',
  banners: '/api/v1/affiliate/banners',
} as const;

/** Rows per page of the affiliate's lists (the api pages them). */
export const PAGE_SIZE = 20;

/** `yyyy-mm-dd` UTC days, both ends included: what the api keeps money by. */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** affiliateControl: is the programme on here, am I an affiliate, my code and link. */
export function useAffiliateControl() {
  return useQuery({ queryKey: ['affiliate', 'me'], queryFn: () => apiRequest<AffiliateControl>(AFFILIATE_PATHS.me) });
}

/** affiliateRegister: join the programme; the answer is my account. */
export function useApplyAffiliate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AffiliateControl>(AFFILIATE_PATHS.apply, { method: 'POST', body: {} }),
    onSuccess: (control) => client.setQueryData(['affiliate', 'me'], control),
  });
}

/** getUserDealers: the players I referred, a page at a time. */
export function useReferredUsers(offset: number, enabled: boolean) {
  return useQuery({
    queryKey: ['affiliate', 'users', offset],
    queryFn: () => apiRequest<ReferredUsers>(AFFILIATE_PATHS.users, { query: { offset, limit: PAGE_SIZE } }),
    enabled,
  });
}

/** getDealersFinance: their money over the range, per player and in total. */
export function useReferredFinance(range: DayRange, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: ['affiliate', 'finance', range.from, range.to, offset],
    queryFn: () => apiRequest<ReferredFinance>(AFFILIATE_PATHS.finance, { query: { ...range, offset, limit: PAGE_SIZE } }),
    enabled,
  });
}

/** getDealersCoupons: their coupons placed in the range, newest first. */
export function useReferredCoupons(range: DayRange, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: ['affiliate', 'coupons', range.from, range.to, offset],
    queryFn: () => apiRequest<ReferredCoupons>(AFFILIATE_PATHS.coupons, { query: { ...range, offset, limit: PAGE_SIZE } }),
    enabled,
  });
}

/** getAffiliateBanner: banners to put around my link. */
export function useAffiliateBanners() {
  return useQuery({ queryKey: ['affiliate', 'banners'], queryFn: () => apiRequest<AffiliateBanners>(AFFILIATE_PATHS.banners) });
}
