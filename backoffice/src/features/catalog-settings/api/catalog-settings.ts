import type { CatalogDirectory, CatalogDirectoryQuery, CatalogEntryChanges, CatalogEntryView, CatalogSettingsView, SportsbookChanges, SportsbookView } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export type DirectorySearch = Pick<CatalogDirectoryQuery, 'kind' | 'configured' | 'limit' | 'offset'> & { readonly sportId?: number | undefined; readonly search?: string | undefined };

/** What there is to configure of one kind, with this site's setting of each (api/src/routes/catalog-settings.ts), paged by the server. */
export function useDirectory(search: DirectorySearch) {
  return useQuery({
    queryKey: ['catalog-settings', 'directory', search],
    queryFn: () => apiRequest<CatalogDirectory>('catalog-settings/directory', { query: { ...search } }),
    placeholderData: keepPreviousData,
  });
}

/** This site's sportsbook settings (matches per day, first bulletin, live delays). */
export function useCatalogSettings() {
  return useQuery({ queryKey: ['catalog-settings', 'site'], queryFn: () => apiRequest<CatalogSettingsView>('catalog-settings') });
}

export function useConfigureEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, key, changes }: { kind: CatalogEntryView['kind']; key: string; changes: CatalogEntryChanges }) =>
      apiRequest<CatalogEntryView>(`catalog-settings/entries/${kind}/${encodeURIComponent(key)}`, { method: 'PUT', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalog-settings'] }),
  });
}

export function useChangeSportsbook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SportsbookChanges) => apiRequest<SportsbookView>('catalog-settings/sportsbook', { method: 'PUT', body: changes }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['catalog-settings', 'site'] }),
  });
}
