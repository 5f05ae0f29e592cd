import type { DealerReport, GeneralReport, ReplayView, ReportCatalog, ReportName } from '@kupon/api/contract';
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

/** The same rows as CSV (paging still applies: the widest page the api gives). */
export function csvHref(report: 'general' | 'dealers', query: Record<string, string | number | undefined>): string {
  return `${API_BASE}/reports/${report}?${new URLSearchParams(clean({ ...query, format: 'csv', limit: 500 })).toString()}`;
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
