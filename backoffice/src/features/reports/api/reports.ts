import type { AdjustmentReport, CreditHistory, DealerReport, DealerTreeNode, GeneralReport, LiabilityReport, PlayerReport, ReplayView, ReportCatalog, ReportName, TransferReport } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@/lib/api-client';

/** What every report is asked with (the api's `ReportQuery`): a day range and, optionally, "as of" a past time. */
export interface ReportWindow {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly asOf?: string | undefined;
}

const clean = (query: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export function useGeneralReport(groupBy: 'day' | 'sport' | 'product', window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'general', groupBy, window, offset, limit],
    queryFn: () => apiRequest<GeneralReport>('reports/general', { query: clean({ groupBy, ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDealerReport(dealerId: string | undefined, window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'dealers', dealerId, window, offset, limit],
    queryFn: () => apiRequest<DealerReport>('reports/dealers', { query: clean({ dealerId, ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Players in my scope (optionally under one dealer, or by user name), each with its money in the window. */
export function usePlayerReport(filter: { dealerId?: string | undefined; search?: string | undefined }, window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'players', filter, window, offset, limit],
    queryFn: () => apiRequest<PlayerReport>('reports/players', { query: clean({ ...filter, ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Deposits credited and withdrawals held, paid and released in my scope (one direction, or both). */
export function useTransferReport(direction: 'deposit' | 'withdrawal' | undefined, window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'transfers', direction, window, offset, limit],
    queryFn: () => apiRequest<TransferReport>('reports/transfers', { query: clean({ direction, ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Staff balance adjustments in my scope, with the balance before and after, who and why. */
export function useAdjustmentReport(window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'adjustments', window, offset, limit],
    queryFn: () => apiRequest<AdjustmentReport>('reports/adjustments', { query: clean({ ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Open stake and potential payout per match, market and outcome: now, or as of a past moment (no day range). */
export function useLiabilityReport(matchId: string | undefined, asOf: string | undefined, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'liability', matchId, asOf, offset, limit],
    queryFn: () => apiRequest<LiabilityReport>('reports/liability', { query: clean({ matchId, asOf, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Credit sent, received, cut, returned and limits set in a dealer's whole subtree; nothing is asked before a dealer is chosen. */
export function useDealerCreditReport(dealerId: string | undefined, window: ReportWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'credit-history', dealerId, window, offset, limit],
    queryFn: () => apiRequest<CreditHistory>(`reports/dealers/${encodeURIComponent(dealerId!)}/credit-history`, { query: clean({ ...window, offset, limit }) }),
    enabled: dealerId !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The dealers I may report on (the api's dealer tree: the whole site for site-wide staff, my subtree for a dealer). */
export function useReportDealers() {
  return useQuery({
    queryKey: ['reports', 'dealer-tree'],
    queryFn: () => apiRequest<{ nodes: DealerTreeNode[] }>('staff/dealer-tree').then((r) => r.nodes.filter((node) => DEALER_ROLES.has(node.role))),
    retry: false,
  });
}

const DEALER_ROLES = new Set(['topDealer', 'dealer', 'subDealer']);

/** The same rows as CSV (paging still applies: the widest page the api gives). */
export function csvHref(report: 'general' | 'dealers' | 'players' | 'transfers' | 'adjustments' | 'liability' | `dealers/${string}/credit-history`, query: Record<string, string | number | undefined>): string {
  return `${API_BASE}/reports/${report.split('/').map(encodeURIComponent).join('/')}?${new URLSearchParams(clean({ ...query, format: 'csv', limit: 500 })).toString()}`;
}

export function useReportCatalog() {
  return useQuery({ queryKey: ['reports', 'catalog'], queryFn: () => apiRequest<ReportCatalog>('reports/catalog').then((r) => r.reports), retry: false });
}

/**
 * Every replay the api keeps (started through any api process, kept across restarts). While one is
 * queued or building its progress is re-read every second; otherwise every 15 s, so a replay another
 * staff member starts elsewhere shows up too.
 */
export function useReplays() {
  return useQuery({
    queryKey: ['reports', 'replays'],
    queryFn: () => apiRequest<{ replays: ReplayView[] }>('reports/replays').then((r) => r.replays),
    refetchInterval: (query) => (query.state.data?.some((r) => r.state === 'queued' || r.state === 'building') ? 1_000 : 15_000),
    retry: false,
  });
}

export function useStartReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportName) => apiRequest<ReplayView>('reports/replays', { method: 'POST', body: { report } }),
    // Refused as already running too: the list then shows the replay that runs.
    onSettled: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}

/** Every report's projection rebuilt at once (one read of the log): one replay each, all started or none. */
export function useStartAllReplays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ replays: ReplayView[] }>('reports/replays/all', { method: 'POST' }).then((r) => r.replays),
    onSettled: () => client.invalidateQueries({ queryKey: ['reports'] }),
  });
}
