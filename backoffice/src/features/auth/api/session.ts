import type { LoginBody, LoginResponse, UserInfo } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';

export const ME_QUERY_KEY = ['me'] as const;

/** Who is signed in (`getUserData`), or null when nobody is. */
export function useMe() {
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async (): Promise<UserInfo | null> => {
      try {
        return await apiRequest<UserInfo>('me');
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) return null;
        throw error;
      }
    },
    staleTime: 60_000,
  });
}

/** Staff and dealers sign in through the operator door (`operatorLogin`); the role decides the menus. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginBody) => apiRequest<LoginResponse>('sessions/operator', { method: 'POST', body: input }),
    onSuccess: (response) => {
      client.clear();
      client.setQueryData(ME_QUERY_KEY, response.user);
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<unknown>('sessions/current', { method: 'DELETE' }).catch(() => null),
    onSettled: () => {
      client.clear();
      client.setQueryData(ME_QUERY_KEY, null);
    },
  });
}
