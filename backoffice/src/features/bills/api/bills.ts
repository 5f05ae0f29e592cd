import type { Bill, BillList, OpenPeriod } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, newRequestId } from '@/lib/api-client';

/** The bill routes (api/src/routes/bills.ts, api/BILLS.md). */
export const BILL_PATHS = {
  list: (accountId: string) => `bills/${encodeURIComponent(accountId)}`,
  open: (accountId: string) => `bills/${encodeURIComponent(accountId)}/open`,
  cutOff: (accountId: string) => `bills/${encodeURIComponent(accountId)}/cut-off`,
} as const;

/** The open period's running totals: what a cut-off now would fix. */
export function useOpenPeriod(accountId: string) {
  return useQuery({ queryKey: ['bills', accountId, 'open'], queryFn: () => apiRequest<OpenPeriod>(BILL_PATHS.open(accountId)), retry: false });
}

/** One page of the account's bills, newest first. */
export function useBills(accountId: string, page: { offset: number; limit: number }) {
  return useQuery({
    queryKey: ['bills', accountId, 'list', page],
    queryFn: () => apiRequest<BillList>(BILL_PATHS.list(accountId), { query: page }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * Cut the open period off. `expectedNumber` is the period the user confirmed: when someone else cut it
 * meanwhile the api answers `billAlreadyCut` instead of cutting the next one. Both lists are asked again.
 */
export function useCutOff(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ expectedNumber }: { expectedNumber: number }) =>
      apiRequest<Bill>(BILL_PATHS.cutOff(accountId), { method: 'POST', body: { expectedNumber }, headers: { 'x-request-id': newRequestId() } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['bills', accountId] }),
  });
}

/** Mark a cut bill paid (once; when someone marked it first the api answers `billAlreadyPaid`). The list is asked again. */
export function useMarkPaid(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ number, reference }: { number: number; reference: string }) =>
      apiRequest<Bill>(`${BILL_PATHS.list(accountId)}/${number}/paid`, { method: 'POST', body: reference ? { reference } : {}, headers: { 'x-request-id': newRequestId() } }),
    onSettled: () => client.invalidateQueries({ queryKey: ['bills', accountId] }),
  });
}
