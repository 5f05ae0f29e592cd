import type { OutboxList } from '@kupon/api/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The route (api/src/routes/staff.ts): admin and operator read their own brand's outbox. */
export const MAIL_OUTBOX_PATH = 'staff/mail-outbox';

export interface OutboxSearch {
  /** One recipient's exact address ('' for everyone). */
  readonly to: string;
  /** One kind of mail (`activation`, `passwordReset`; '' for every kind). */
  readonly kind: string;
  readonly offset: number;
  readonly limit: number;
}

/** One page of the dev mail outbox, newest first, paged and filtered by the server. */
export function useMailOutbox(search: OutboxSearch) {
  return useQuery({
    queryKey: ['mail-outbox', search],
    queryFn: () => apiRequest<OutboxList>(MAIL_OUTBOX_PATH, { query: { to: search.to || undefined, kind: search.kind || undefined, offset: search.offset, limit: search.limit } }),
    placeholderData: keepPreviousData,
  });
}
