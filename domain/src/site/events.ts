import type { Permission, Role } from '../identity/roles';

/** Spec §3 site settings the core acts on; the themes' presentation settings live with the clients. */
export interface SiteSettings {
  /** §3 register_disabled: registration routes are refused. */
  readonly registerDisabled: boolean;
  /** §3 login_screen: the clients force the login screen for guests. */
  readonly loginScreen: boolean;
  /** §3 mail_activation: a new account must be activated by the e-mailed code before it can log in. */
  readonly mailActivation: boolean;
  /** §3 registerMobileRequired / registerTcRequired: phone / national ID number mandatory at registration. */
  readonly registerMobileRequired: boolean;
  readonly registerTcRequired: boolean;
  readonly defaultCurrency: string;
  /** §3 site_default_lang; tr unless set. */
  readonly defaultLang: string;
  readonly defaultTheme: string;
  readonly affiliateStatus: boolean;
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  registerDisabled: false,
  loginScreen: false,
  mailActivation: true,
  registerMobileRequired: true,
  registerTcRequired: true,
  defaultCurrency: 'TRY',
  defaultLang: 'tr',
  defaultTheme: 'base',
  affiliateStatus: false,
};

export interface SiteOpened {
  readonly type: 'SiteOpened';
  readonly data: { readonly siteId: string; readonly name: string; readonly hosts: readonly string[]; readonly settings: SiteSettings; readonly at: string };
}

export interface SiteSettingsChanged {
  readonly type: 'SiteSettingsChanged';
  readonly data: { readonly siteId: string; readonly settings: Partial<SiteSettings>; readonly at: string };
}

export interface SiteHostsChanged {
  readonly type: 'SiteHostsChanged';
  readonly data: { readonly siteId: string; readonly hosts: readonly string[]; readonly at: string };
}

/** §6 "dealer roles have editable permissions": the set every account of `role` on this site works within. */
export interface RolePermissionsChanged {
  readonly type: 'RolePermissionsChanged';
  readonly data: { readonly siteId: string; readonly role: Role; readonly permissions: readonly Permission[]; readonly at: string };
}

export type SiteEvent = SiteOpened | SiteSettingsChanged | SiteHostsChanged | RolePermissionsChanged;
