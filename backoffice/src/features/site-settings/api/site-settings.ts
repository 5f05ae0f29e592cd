import type { RolePermissions, SiteInfo, SiteSettingsBody } from '@contract/identity';
import type { Permission, StaffRole } from '@kupon/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type SiteSettingsChanges = z.output<typeof SiteSettingsBody>;

/** This site's §3 settings (api/src/routes/sites.ts); the site is the one the back office runs on. */
export function useSite() {
  return useQuery({ queryKey: ['site', 'current'], queryFn: () => apiRequest<SiteInfo>('sites/current') });
}

/** Changes any subset of the settings (admin); every client refreshes its cached copy by the new version. */
export function useChangeSiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SiteSettingsChanges) => apiRequest<SiteInfo>('sites/current/settings', { method: 'PATCH', body: changes }),
    onSuccess: (site) => client.setQueryData(['site', 'current'], site),
  });
}

/** The permission set of every staff role on this site (§6). */
export function useRolePermissions() {
  return useQuery({ queryKey: ['site', 'role-permissions'], queryFn: () => apiRequest<RolePermissions>('sites/current/role-permissions') });
}

/** Edits one role's set; every session of that role ends (§6 "a permission update forces re-login"). */
export function useChangeRolePermissions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ role, permissions }: { role: StaffRole; permissions: Permission[] }) =>
      apiRequest<RolePermissions>(`sites/current/role-permissions/${role}`, { method: 'PUT', body: { permissions } }),
    onSuccess: (roles) => client.setQueryData(['site', 'role-permissions'], roles),
  });
}
