import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshWaiting } from '@/features/waiting/api/get-waiting';
import { apiRequest } from '@/lib/api-client';
import type { TransferView } from '@/lib/contract';

export interface TransferSearch {
  readonly status: string;
  readonly from?: string | undefined;
  /** Exclusive upper bound: the older page starts below the last row of this one. */
  readonly to?: string | undefined;
  readonly limit: number;
}

/** Deposit and withdrawal requests of the whole site (site staff, `all=true`), newest first, paged by time on the server. */
export function useTransfers(search: TransferSearch) {
  return useQuery({
    queryKey: ['transfers', search],
    queryFn: () => apiRequest<{ transfers: TransferView[] }>('transfers', { query: { all: true, status: search.status || undefined, from: search.from, to: search.to, limit: search.limit } }).then((r) => r.transfers),
    placeholderData: keepPreviousData,
  });
}

export type TransferDecision = { readonly transferId: string; readonly approve: true } | { readonly transferId: string; readonly approve: false; readonly reason: string };

/** Approve (withdrawal paid, hand-confirmed deposit credited) or reject with a reason (a held withdrawal is released). */
export function useDecideTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: TransferDecision) =>
      apiRequest<TransferView>(`transfers/${encodeURIComponent(decision.transferId)}/${decision.approve ? 'approve' : 'reject'}`, {
        method: 'POST',
        ...(decision.approve ? {} : { body: { reason: decision.reason } }),
      }),
    onSuccess: () => {
      refreshWaiting(client);
      return client.invalidateQueries({ queryKey: ['transfers'] });
    },
  });
}
