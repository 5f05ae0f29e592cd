import type { CardList, IssueCardsResponse } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, newRequestId } from '@/lib/api-client';

/** The prepaid card routes (api/src/routes/cards.ts, api/CARDS.md). */
export const CARD_PATHS = { list: 'cards', issue: 'cards', expire: 'cards/expire', cancel: (cardId: string) => `cards/${cardId}/cancel` } as const;

export interface CardSearch {
  readonly state: string;
  readonly batch: string;
  readonly offset: number;
  readonly limit: number;
}

export interface IssueCardsForm {
  readonly count: number;
  readonly amount: number;
  readonly batch?: string;
  readonly expiresInDays?: number;
}

/** One page of the cards of my subtree (my site for site staff), newest first, paged by the server. */
export function useCards(search: CardSearch) {
  return useQuery({
    queryKey: ['cards', search],
    queryFn: () => apiRequest<CardList>(CARD_PATHS.list, { query: { state: search.state || undefined, batch: search.batch || undefined, offset: search.offset, limit: search.limit } }),
    placeholderData: keepPreviousData,
    // The list is a read model a moment behind an issue, redeem or cancel.
    refetchInterval: 5_000,
  });
}

/** Issues a batch: the answer is the only time the PINs are seen. One request id per submitted form. */
export function useIssueCards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: IssueCardsForm) => apiRequest<IssueCardsResponse>(CARD_PATHS.issue, { method: 'POST', body: { requestId: newRequestId(), ...form } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cards'] }),
  });
}

export function useCancelCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (cardId: string) => apiRequest<unknown>(CARD_PATHS.cancel(cardId), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cards'] }),
  });
}

export function useExpireCards() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ expired: number; returned: number }>(CARD_PATHS.expire, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['cards'] }),
  });
}
