import type { CasinoReport } from '@kupon/api/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE, apiRequest } from '@/lib/api-client';

export const CASINO_GROUPS = ['day', 'game', 'provider', 'player', 'product'] as const;
export type CasinoGroup = (typeof CASINO_GROUPS)[number];

/** What the casino report is asked with (the api's `CasinoReportQuery`): a day range and, optionally, "as of" a past time. */
export interface CasinoWindow {
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly asOf?: string | undefined;
}

const clean = (query: Record<string, string | number | undefined>) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

export function useCasinoReport(groupBy: CasinoGroup, window: CasinoWindow, offset: number, limit: number) {
  return useQuery({
    queryKey: ['reports', 'casino', groupBy, window, offset, limit],
    queryFn: () => apiRequest<CasinoReport>('reports/casino', { query: clean({ groupBy, ...window, offset, limit }) }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The same rows as CSV (paging still applies: the widest page the api gives). */
export function casinoCsvHref(groupBy: CasinoGroup, window: CasinoWindow): string {
  return `${API_BASE}/reports/casino?${new URLSearchParams(clean({ groupBy, ...window, format: 'csv', limit: 500 })).toString()}`;
}
