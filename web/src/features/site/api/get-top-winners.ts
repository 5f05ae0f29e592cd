import type { TopWinners } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const TOP_WINNERS_PATH = '/api/v1/sites/current/top-winners';

/** §3 top_winners: the week's biggest won coupons of this site (names masked by the api); asked for only when the site shows them. */
export function useTopWinners(enabled: boolean) {
  return useQuery({ queryKey: ['top-winners'], queryFn: () => apiRequest<TopWinners>(TOP_WINNERS_PATH), enabled, staleTime: 60_000 });
}
