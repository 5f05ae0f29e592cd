import type { BettingLimits, IpLogEntry, ProductFlags, SessionHistoryEntry, StaffUserView, UserListItem } from '@kupon/api/contract';
import type { Permission } from '@kupon/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The staff identity routes (api/src/routes/staff.ts): every call is scoped to my site or my subtree. */
export const USER_PATHS = {
  list: 'staff/users',
  detail: (id: string) => `staff/users/${encodeURIComponent(id)}`,
  part: (id: string, part: 'status' | 'products' | 'limits' | 'permissions' | 'opening-limits' | 'profile' | 'sessions' | 'session-history') =>
    `staff/users/${encodeURIComponent(id)}/${part}`,
  ipLogs: 'staff/ip-logs',
} as const;

export interface UserSearch {
  readonly search: string;
  readonly role: string;
  readonly offset: number;
  readonly limit: number;
}

export function useUserList(query: UserSearch) {
  return useQuery({
    queryKey: ['users', 'list', query],
    queryFn: () =>
      apiRequest<{ users: UserListItem[]; total: number }>(USER_PATHS.list, {
        query: { search: query.search || undefined, role: query.role || undefined, offset: query.offset, limit: query.limit },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUser(userId: string) {
  return useQuery({ queryKey: ['users', 'detail', userId], queryFn: () => apiRequest<StaffUserView>(USER_PATHS.detail(userId)), retry: false });
}

export function useSessionHistory(userId: string) {
  return useQuery({
    queryKey: ['users', 'sessions', userId],
    queryFn: () => apiRequest<{ sessions: SessionHistoryEntry[] }>(USER_PATHS.part(userId, 'session-history')).then((r) => r.sessions),
  });
}

export function useIpLogs(userId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'ip-logs', userId],
    queryFn: () => apiRequest<{ entries: IpLogEntry[] }>(USER_PATHS.ipLogs, { query: { userId, limit: 50 } }).then((r) => r.entries),
    enabled,
  });
}

type UserChange =
  | { readonly part: 'status'; readonly body: { status: 'active' | 'passive' } }
  | { readonly part: 'products'; readonly body: ProductFlags }
  | { readonly part: 'limits'; readonly body: BettingLimits }
  | { readonly part: 'permissions'; readonly body: { permissions: Permission[] } }
  | { readonly part: 'opening-limits'; readonly body: { dealers: number | null; users: number | null } };

/** One admin change of a user (§3): the answer is the user as it now stands. */
export function useChangeUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: UserChange) => apiRequest<StaffUserView>(USER_PATHS.part(userId, change.part), { method: 'PUT', body: change.body }),
    onSuccess: (user) => {
      client.setQueryData(['users', 'detail', userId], user);
      void client.invalidateQueries({ queryKey: ['users', 'list'] });
    },
  });
}

/** Ends every session of the user (they must log in again). */
export function useResetSessions(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ status: true }>(USER_PATHS.part(userId, 'sessions'), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['users', 'sessions', userId] }),
  });
}

/** Lifts the lock failed logins put on the user (and forgets the count): the answer is the user as it now stands. */
export function useClearLoginLock(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<StaffUserView>(`${USER_PATHS.detail(userId)}/login-lock/clear`, { method: 'POST' }),
    onSuccess: (user) => client.setQueryData(['users', 'detail', userId], user),
  });
}

/** A staff correction of a balance, with the reason (admin, operator). */
export function useAdjustBalance() {
  return useMutation({
    mutationFn: (body: { requestId: string; userId: string; amount: number; reason: string }) =>
      apiRequest<{ status: true; wallet: { balance: number; currency: string } }>('wallet/adjustments', { method: 'POST', body }),
  });
}
