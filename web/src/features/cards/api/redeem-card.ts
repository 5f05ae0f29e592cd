import type { RedeemCardBody, RedeemCardResponse } from '@kupon/api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The player's half of prepaid cards (api/src/routes/cards.ts, api/CARDS.md). */
export const REDEEM_CARD_PATH = 'cards/redeem';

/** Loads a card into the wallet; the header balance and the statement are read again after it. */
export function useRedeemCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RedeemCardBody) => apiRequest<RedeemCardResponse>(REDEEM_CARD_PATH, { method: 'POST', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['user'] }), client.invalidateQueries({ queryKey: ['money'] })]),
  });
}
