import type { AffiliateList, StaffAffiliateDetail } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The staff routes of the affiliate programme (api/src/routes/affiliate.ts, api/AFFILIATE.md): scoped to my site. */
export const AFFILIATE_PATHS = {
  list: 'affiliate/accounts',
  users: (userId: string) => `affiliate/accounts/${encodeURIComponent(userId)}/users`,
  status: (userId: string) => `affiliate/accounts/${encodeURIComponent(userId)}/status`,
} as const;

/** UTC days, both ends included ('' lets the api pick its default: the last 30 days), and a page. */
export interface AffiliateSearch {
  readonly from: string;
  readonly to: string;
  readonly offset: number;
  readonly limit: number;
}

const query = (search: AffiliateSearch) => ({ from: search.from || undefined, to: search.to || undefined, offset: search.offset, limit: search.limit });

/** One page of the site's affiliates, newest first, with their referred players' stakes and GGR over the days. */
export function useAffiliates(search: AffiliateSearch) {
  return useQuery({
    queryKey: ['affiliates', 'list', search],
    queryFn: () => apiRequest<AffiliateList>(AFFILIATE_PATHS.list, { query: query(search) }),
    placeholderData: keepPreviousData,
  });
}

/** One affiliate with its figures, and one page of the players it referred. */
export function useAffiliateDetail(userId: string, search: AffiliateSearch) {
  return useQuery({
    queryKey: ['affiliates', 'detail', userId, search],
    queryFn: () => apiRequest<StaffAffiliateDetail>(AFFILIATE_PATHS.users(userId), { query: query(search) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Pause (`passive`) or resume (`active`) an affiliate (admin, operator). The answer is the command's
 * own outcome, so every cached list and detail shows it at once; asking the lists again right away
 * could meet the read model a moment behind and show the old status back.
 */
export function useChangeAffiliateStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: 'active' | 'passive' }) =>
      apiRequest<{ userId: string; status: 'active' | 'passive' }>(AFFILIATE_PATHS.status(userId), { method: 'PUT', body: { status } }),
    onSuccess: ({ userId, status }) => {
      client.setQueriesData<AffiliateList>({ queryKey: ['affiliates', 'list'] }, (list) =>
        list ? { ...list, affiliates: list.affiliates.map((row) => (row.userId === userId ? { ...row, status } : row)) } : list,
      );
      client.setQueriesData<StaffAffiliateDetail>({ queryKey: ['affiliates', 'detail', userId] }, (detail) => (detail ? { ...detail, affiliate: { ...detail.affiliate, status } } : detail));
    },
  });
}
