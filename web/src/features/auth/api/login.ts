import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { writeSessionFlag } from '../session-flag';
import { AUTH_PATHS } from './paths';
import { USER_QUERY_KEY } from './get-user';

export interface LoginInput {
  readonly userName: string;
  readonly password: string;
}

/** Spec §4 "login success then user data call". */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) => apiRequest<unknown>(AUTH_PATHS.login, { method: 'POST', body: input }),
    onSuccess: async () => {
      writeSessionFlag('in');
      await client.invalidateQueries({ queryKey: USER_QUERY_KEY });
    },
  });
}

/** Spec §4 "logout clears session, sets logout flag". */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>(AUTH_PATHS.logout, { method: 'DELETE' }).catch(() => null),
    onSettled: async () => {
      writeSessionFlag('out');
      client.setQueryData(USER_QUERY_KEY, null);
      await client.invalidateQueries();
    },
  });
}
