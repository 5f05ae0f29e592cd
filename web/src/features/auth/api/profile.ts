import type { CountryList, CurrencyList, ProfileBody, ProfileView, UserInfo } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { USER_QUERY_KEY } from './get-user';

/** §7 userdetail / updateProfile, getCountries / getCurrencies. */
export const PROFILE_PATHS = {
  profile: '/api/v1/me/profile',
  countries: '/api/v1/countries',
  currencies: '/api/v1/currencies',
} as const;

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** `enabled` false while nobody is logged in (the contact form asks only a player's). */
export function useProfile(enabled = true) {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => apiRequest<ProfileView>(PROFILE_PATHS.profile), retry: 1, enabled });
}

/** Saves the changed fields; the profile and the user info (autoprint) are read again afterwards. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileBody) => apiRequest<UserInfo>(PROFILE_PATHS.profile, { method: 'PATCH', body: changes }),
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }), client.invalidateQueries({ queryKey: USER_QUERY_KEY })]);
    },
  });
}

/** The lists change only with a release (names) or the site's default: kept for the visit. */
export function useCountries(lang: string) {
  return useQuery({ queryKey: ['countries', lang], queryFn: () => apiRequest<CountryList>(PROFILE_PATHS.countries, { query: { lang } }), staleTime: Infinity, retry: 1 });
}

export function useCurrencies(lang: string) {
  return useQuery({ queryKey: ['currencies', lang], queryFn: () => apiRequest<CurrencyList>(PROFILE_PATHS.currencies, { query: { lang } }), staleTime: Infinity, retry: 1 });
}

/** Options for a select: the list, plus the current value when the list lacks it (an older free-text entry, or the list not loaded). */
export function optionsWith(list: readonly { readonly code: string; readonly name: string }[] | undefined, current: string): { code: string; name: string }[] {
  const options = [...(list ?? [])];
  if (current && !options.some((option) => option.code === current)) options.unshift({ code: current, name: current });
  return options;
}
