import type { UserInfo, WalletView } from '@kupon/api/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError, isMissingRoute } from '@/lib/api-client';
import type { PlayerInfo } from '../types';
import { AUTH_PATHS } from './paths';

export const USER_QUERY_KEY = ['user'] as const;

function loggedOut(error: unknown): boolean {
  return isMissingRoute(error) || (isApiError(error) && (error.status === 401 || error.key === 'loginRequired'));
}

/** The api's user info (§3 getUserData) and wallet balance as the player app reads them. */
export function playerInfo(user: UserInfo, wallet: WalletView | null): PlayerInfo {
  return {
    userId: user.userId,
    userName: user.userName,
    firstName: user.firstName,
    lastName: user.lastName,
    userCredit: wallet?.available ?? 0,
    currency: wallet?.currency ?? user.currency,
    lang: user.lang,
    logout: user.status === 'passive',
    flags: { ...user.products, onlineUser: user.onlineUser },
    limits: {
      combine: user.limits.combine,
      multiple: user.limits.multiple,
      system: user.limits.system,
      minOdds: user.limits.minOddsCoupon,
      maxOdds: user.limits.maxOddsCoupon,
    },
    role: user.role,
    // null (never chosen) is left out: the site's auto_print decides then.
    ...(typeof user.autoprint === 'boolean' ? { autoprint: user.autoprint } : {}),
  };
}

/** The logged-in player, or null for a guest (401). */
export async function fetchUser(): Promise<PlayerInfo | null> {
  let user: UserInfo;
  try {
    user = await apiRequest<UserInfo>(AUTH_PATHS.me);
  } catch (error) {
    if (loggedOut(error)) return null;
    throw error;
  }
  const wallet = await apiRequest<WalletView>(AUTH_PATHS.wallet).catch((error: unknown) => {
    if (isApiError(error) && error.status < 500) return null;
    throw error;
  });
  return playerInfo(user, wallet);
}

export function useUser() {
  const query = useQuery({ queryKey: USER_QUERY_KEY, queryFn: fetchUser, staleTime: 10_000, refetchInterval: 30_000, retry: 1 });
  return { user: query.data ?? null, isLoading: query.isPending, refresh: query.refetch };
}
