import type { EventLogPage, StreamEvents, VerifyReportView } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Filters of the global log (the api's `EventLogQuery`); empty fields are left out. */
export interface LogFilters {
  readonly category?: string | undefined;
  readonly type?: string | undefined;
  readonly stream?: string | undefined;
  readonly actorUserId?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

export const EVENT_PATHS = {
  log: 'events',
  stream: (name: string) => `events/streams/${encodeURIComponent(name)}`,
  verify: 'events/verify',
  export: '/api/v1/events/export',
} as const;

/** One page of the global log, newest first; `before` is the previous page's `nextBefore`. */
export function useEventLog(filters: LogFilters, before: string | undefined, limit: number) {
  return useQuery({
    queryKey: ['events', 'log', filters, before, limit],
    queryFn: () => apiRequest<EventLogPage>(EVENT_PATHS.log, { query: { ...filters, before, limit } }),
    placeholderData: keepPreviousData,
  });
}

/** A stream's stored events in order, with data, metadata and each hash. */
export function useStream(streamName: string, fromRevision: number, limit: number) {
  return useQuery({
    queryKey: ['events', 'stream', streamName, fromRevision, limit],
    queryFn: () => apiRequest<StreamEvents>(EVENT_PATHS.stream(streamName), { query: { fromRevision, limit } }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Recomputes the hash chain of one stream, or of the whole store when no stream is given. */
export function useVerify() {
  return useMutation({ mutationFn: (stream: string | null) => apiRequest<VerifyReportView>(EVENT_PATHS.verify, { query: { stream: stream ?? undefined } }) });
}

/** Where the JSON-lines export of a stream or a time range downloads from (with every hash, re-checkable offline). */
export function exportHref(scope: { stream: string } | { from: string; to: string }): string {
  return `${EVENT_PATHS.export}?${new URLSearchParams(scope).toString()}`;
}
