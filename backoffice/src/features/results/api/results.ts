import type { CancelBetsRequest, MatchList, MatchListQuery, MatchResultRequest, MatchRow, RollBackSettlementRequest } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type MatchSearch = Pick<MatchListQuery, 'state' | 'limit' | 'offset'> & { readonly sportId?: number | undefined; readonly search?: string | undefined };

/** Matches awaiting a result, with one, or all (api/src/routes/match-results.ts), paged by the server. */
export function useMatches(search: MatchSearch) {
  return useQuery({
    queryKey: ['results', 'matches', search],
    queryFn: () => apiRequest<MatchList>('matches', { query: { ...search } }),
    placeholderData: keepPreviousData,
  });
}

/** Record a result (POST) or correct the one in force (PUT); the coupons on the match settle or resettle. */
export function useEnterResult() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, correction, body }: { matchId: string; correction: boolean; body: MatchResultRequest }) =>
      apiRequest<MatchRow>(`matches/${encodeURIComponent(matchId)}/result`, { method: correction ? 'PUT' : 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}

/** Bet cancel: voids the selections on the match placed in the window (singles are refunded, decided coupons resettle). */
export function useCancelBets() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, body }: { matchId: string; body: CancelBetsRequest }) => apiRequest<MatchRow>(`matches/${encodeURIComponent(matchId)}/bet-cancellations`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}

/** Settlement rollback: withdraws the result; what it settled reopens and payouts are taken back until a new result. */
export function useRollBackSettlement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ matchId, body }: { matchId: string; body: RollBackSettlementRequest }) => apiRequest<MatchRow>(`matches/${encodeURIComponent(matchId)}/settlement-rollback`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['results'] }),
  });
}
