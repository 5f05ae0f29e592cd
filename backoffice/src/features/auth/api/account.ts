import type { SessionView } from '@contract/identity';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type LiveSession = z.infer<typeof SessionView>;

/** The signed-in staff member's own account routes (api/src/routes/identity.ts). */
export const ACCOUNT_PATHS = { changePassword: 'me/password', sessions: 'sessions' } as const;

/** My live sessions (this browser's and any other's). */
export function useMySessions() {
  return useQuery({
    queryKey: ['me', 'sessions'],
    queryFn: () => apiRequest<{ sessions: LiveSession[] }>(ACCOUNT_PATHS.sessions).then((r) => r.sessions),
    retry: false,
  });
}

/**
 * `changePassword`: the api ends every session of mine and renews this one (a new cookie), so this
 * browser stays signed in while every other one is signed out. My session list is read again after.
 */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; newPasswordRepeat: string }) => apiRequest<{ status: true; message?: string }>(ACCOUNT_PATHS.changePassword, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['me', 'sessions'] }),
  });
}
