import type { Permission, Role } from '../identity/roles';
import type { SiteSettingsPatch } from './events';

export interface OpenSite {
  readonly type: 'OpenSite';
  readonly siteId: string;
  readonly name: string;
  readonly hosts: readonly string[];
  readonly settings: SiteSettingsPatch;
  readonly now: string;
}

export interface ChangeSiteSettings {
  readonly type: 'ChangeSiteSettings';
  readonly settings: SiteSettingsPatch;
  readonly now: string;
}

export interface ChangeSiteHosts {
  readonly type: 'ChangeSiteHosts';
  readonly hosts: readonly string[];
  readonly now: string;
}

export interface ChangeRolePermissions {
  readonly type: 'ChangeRolePermissions';
  readonly role: Role;
  readonly permissions: readonly Permission[];
  readonly now: string;
}

export type SiteCommand = OpenSite | ChangeSiteSettings | ChangeSiteHosts | ChangeRolePermissions;
