import type { BonusRequestView, ContentSettingsKind, NotificationView, SendNotificationBody } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshWaiting } from '@/features/waiting/api/get-waiting';
import { apiRequest } from '@/lib/api-client';

export interface Paging {
  readonly offset: number;
  readonly limit: number;
}

const BASE = 'content-settings';

/** One page of this site's items of a kind (`/content-settings/<kind>`), paged on the server. */
export function useContentItems<T>(kind: ContentSettingsKind, paging: Paging) {
  return useQuery({
    queryKey: ['content', kind, paging],
    queryFn: () => apiRequest<{ items: T[]; total: number }>(`${BASE}/${kind}`, { query: { ...paging } }),
    placeholderData: keepPreviousData,
  });
}

/** Adds or changes an item (PUT: the same body again changes nothing). */
export function useSaveContentItem<T>(kind: ContentSettingsKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: unknown }) => apiRequest<T>(`${BASE}/${kind}/${encodeURIComponent(id)}`, { method: 'PUT', body }),
    // The list is a read model: it shows the change a moment later, so it is asked again then too.
    onSuccess: () => refetchSoon(client, ['content', kind]),
  });
}

export function useRemoveContentItem(kind: ContentSettingsKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest<{ status: true }>(`${BASE}/${kind}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => refetchSoon(client, ['content', kind]),
  });
}

export function useNotifications(paging: Paging) {
  return useQuery({
    queryKey: ['content', 'notifications', paging],
    queryFn: () => apiRequest<{ notifications: NotificationView[]; total: number }>(`${BASE}/notifications`, { query: { ...paging } }),
    placeholderData: keepPreviousData,
  });
}

export function useSendNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendNotificationBody) => apiRequest<NotificationView>(`${BASE}/notifications`, { method: 'POST', body }),
    onSuccess: () => refetchSoon(client, ['content', 'notifications']),
  });
}

export function useWithdrawNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => apiRequest<{ status: true }>(`${BASE}/notifications/${encodeURIComponent(notificationId)}`, { method: 'DELETE' }),
    onSuccess: () => refetchSoon(client, ['content', 'notifications']),
  });
}

export interface BonusRequestSearch extends Paging {
  readonly status: '' | 'waiting' | 'confirmed' | 'canceled';
}

export function useBonusRequests(search: BonusRequestSearch) {
  return useQuery({
    queryKey: ['content', 'bonus-requests', search],
    queryFn: () => apiRequest<{ requests: BonusRequestView[]; total: number }>(`${BASE}/bonus-requests`, { query: { status: search.status || undefined, offset: search.offset, limit: search.limit } }),
    placeholderData: keepPreviousData,
  });
}

export type BonusDecision = { readonly claimId: string; readonly confirm: true; readonly amount: number | null } | { readonly claimId: string; readonly confirm: false; readonly reason: string };

/** Confirm (the player's wallet is credited once) or cancel with a reason. */
export function useDecideBonusRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: BonusDecision) =>
      apiRequest<unknown>(`${BASE}/bonus-requests/${encodeURIComponent(decision.claimId)}/${decision.confirm ? 'confirm' : 'cancel'}`, {
        method: 'POST',
        body: decision.confirm ? { amount: decision.amount } : { reason: decision.reason },
      }),
    onSuccess: () => {
      refetchSoon(client, ['content', 'bonus-requests']);
      refreshWaiting(client);
    },
  });
}

/** Asks again now and once more a moment later, when the read model has applied the change. */
function refetchSoon(client: ReturnType<typeof useQueryClient>, queryKey: readonly string[]): void {
  void client.invalidateQueries({ queryKey });
  setTimeout(() => void client.invalidateQueries({ queryKey }), 700);
}
