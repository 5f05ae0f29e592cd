import type { CountryList, DealerTreeNode, OpenAccountBody, RegisterResponse, TransactionView, WalletView } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { MovedResponse } from '@/lib/contract';

/** The dealer tree and dealer credit routes (api/src/routes/staff.ts, wallet.ts). */
export const DEALER_PATHS = {
  tree: 'staff/dealer-tree',
  open: 'staff/users',
  wallet: 'wallet',
  send: 'wallet/credit/send',
  cut: 'wallet/credit/cut',
  limit: 'wallet/credit/limit',
  history: 'wallet/credit/history',
  countries: 'countries',
} as const;

/** §7 getCountries: the ISO countries an account may be opened with, named in `lang`, and the site's default. */
export function useCountries(lang: string) {
  return useQuery({ queryKey: ['countries', lang], queryFn: () => apiRequest<CountryList>(DEALER_PATHS.countries, { query: { lang } }), staleTime: Infinity, retry: 1 });
}

export function useDealerTree() {
  return useQuery({ queryKey: ['dealers', 'tree'], queryFn: () => apiRequest<{ nodes: DealerTreeNode[] }>(DEALER_PATHS.tree).then((r) => r.nodes) });
}

export function useMyWallet() {
  return useQuery({ queryKey: ['dealers', 'wallet'], queryFn: () => apiRequest<WalletView>(DEALER_PATHS.wallet) });
}

/** Credit movements of my wallet (no userId) or of an account of my subtree, newest first. */
export function useCreditHistory(userId: string | null) {
  return useQuery({
    queryKey: ['dealers', 'history', userId],
    queryFn: () => apiRequest<{ transactions: TransactionView[] }>(DEALER_PATHS.history, { query: { userId: userId ?? undefined, limit: 200 } }).then((r) => r.transactions),
    // The history is a read model a moment behind the move just made.
    refetchInterval: 3_000,
  });
}

export function useOpenAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OpenAccountBody) => apiRequest<RegisterResponse>(DEALER_PATHS.open, { method: 'POST', body }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['dealers', 'tree'] }), client.invalidateQueries({ queryKey: ['users'] })]),
  });
}

export type CreditMove =
  | { readonly kind: 'send'; readonly body: { requestId: string; toUserId: string; amount: number } }
  | { readonly kind: 'cut'; readonly body: { requestId: string; fromUserId: string; amount: number } }
  | { readonly kind: 'limit'; readonly body: { requestId: string; userId: string; creditLimit: number } };

/** Send credit down, cut it back up, or set how far below zero a dealer under me may go. */
export function useCreditMove() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (move: CreditMove) => apiRequest<MovedResponse>(DEALER_PATHS[move.kind], { method: move.kind === 'limit' ? 'PUT' : 'POST', body: move.body }),
    onSuccess: (response, move) => {
      if (move.kind !== 'limit') client.setQueryData(['dealers', 'wallet'], response.wallet);
      return client.invalidateQueries({ queryKey: ['dealers'] });
    },
  });
}
