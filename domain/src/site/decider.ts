import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError, isDomainError } from '../shared/decider';
import { DEFAULT_PERMISSIONS, PERMISSIONS, type Permission, type Role, isStaffRole } from '../identity/roles';
import type { SiteCommand } from './commands';
import { couponSettingsProblem } from './coupon-settings';
import { DEFAULT_SITE_SETTINGS, GAME_ID_LISTS, MAX_BLOCKED_COUNTRIES, MAX_CUSTOM_CODE_LENGTH, MAX_LOGOS, PAYWAYS, REDIRECT_REGISTER, type SiteEvent, type SiteSettings, type SiteSettingsPatch, SOCIAL_NETWORKS } from './events';

/** A brand (§1 white label): every user and every read belongs to exactly one. */
export type SiteState =
  | { readonly status: 'none' }
  | {
      readonly status: 'open';
      readonly siteId: string;
      readonly name: string;
      readonly hosts: readonly string[];
      readonly settings: SiteSettings;
      /** Counts the settings as opened and each change since: the clients cache settings by it (§7). */
      readonly settingsVersion: number;
      /** Edited role permission sets; a role not here works within DEFAULT_PERMISSIONS. */
      readonly rolePermissions: Partial<Record<Role, readonly Permission[]>>;
      /** Per role, bumped by each edit of its set: sessions of that role begun before it end (§6 forced re-login). */
      readonly roleEpochs: Partial<Record<Role, number>>;
    };

/** The permissions accounts of `role` work within on a site. */
export function rolePermissionsOf(state: SiteState, role: Role): readonly Permission[] {
  return (state.status === 'open' ? state.rolePermissions[role] : undefined) ?? DEFAULT_PERMISSIONS[role];
}

export function roleEpochOf(state: SiteState, role: Role): number {
  return (state.status === 'open' ? state.roleEpochs[role] : undefined) ?? 0;
}

/** Site ids name streams (`site-<id>`) and prefix reservation keys: short, lower-case, no dash. */
export const SITE_ID = /^[a-z][a-z0-9]{1,23}$/;
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

export function siteStream(siteId: string): string {
  return `site-${siteId}`;
}

function evolve(state: SiteState, event: SiteEvent): SiteState {
  switch (event.type) {
    case 'SiteOpened':
      // Sites opened before a setting existed take its default.
      return { status: 'open', siteId: event.data.siteId, name: event.data.name, hosts: event.data.hosts, settings: withSettingDefaults(event.data.settings), settingsVersion: 1, rolePermissions: {}, roleEpochs: {} };
    case 'SiteSettingsChanged':
      return state.status === 'open' ? { ...state, settings: { ...state.settings, ...event.data.settings }, settingsVersion: state.settingsVersion + 1 } : state;
    case 'SiteHostsChanged':
      return state.status === 'open' ? { ...state, hosts: event.data.hosts } : state;
    case 'RolePermissionsChanged': {
      if (state.status !== 'open') return state;
      const role = event.data.role;
      return { ...state, rolePermissions: { ...state.rolePermissions, [role]: event.data.permissions }, roleEpochs: { ...state.roleEpochs, [role]: (state.roleEpochs[role] ?? 0) + 1 } };
    }
    default:
      return assertNever(event);
  }
}

function decide(command: SiteCommand, state: SiteState): readonly SiteEvent[] | DomainError {
  switch (command.type) {
    case 'OpenSite': {
      if (state.status === 'open') return domainError('siteExists', command.siteId);
      if (!SITE_ID.test(command.siteId)) return domainError('invalidField', 'siteId');
      if (command.name.trim() === '') return domainError('isRequiredArea', 'name');
      const hosts = normalizeHosts(command.hosts);
      if (!hosts) return domainError('invalidField', 'hosts');
      const settings = mergeSettings(DEFAULT_SITE_SETTINGS, command.settings);
      if (isDomainError(settings)) return settings;
      return [{ type: 'SiteOpened', data: { siteId: command.siteId, name: command.name.trim(), hosts, settings, at: command.now } }];
    }
    case 'ChangeSiteSettings': {
      if (state.status !== 'open') return domainError('siteNotFound');
      const merged = mergeSettings(state.settings, command.settings);
      if (isDomainError(merged)) return merged;
      const { social, ...rest } = command.settings;
      const settings: Partial<SiteSettings> = social ? { ...rest, social: merged.social } : rest;
      return [{ type: 'SiteSettingsChanged', data: { siteId: state.siteId, settings, at: command.now } }];
    }
    case 'ChangeSiteHosts': {
      if (state.status !== 'open') return domainError('siteNotFound');
      const hosts = normalizeHosts(command.hosts);
      if (!hosts) return domainError('invalidField', 'hosts');
      return [{ type: 'SiteHostsChanged', data: { siteId: state.siteId, hosts, at: command.now } }];
    }
    case 'ChangeRolePermissions': {
      if (state.status !== 'open') return domainError('siteNotFound');
      if (!isStaffRole(command.role) || command.role === 'admin') return domainError('invalidField', 'role');
      const unknown = command.permissions.find((permission) => !(PERMISSIONS as readonly string[]).includes(permission));
      if (unknown) return domainError('invalidField', unknown);
      const permissions = [...new Set(command.permissions)].sort();
      const current = [...rolePermissionsOf(state, command.role)].sort();
      if (permissions.length === current.length && permissions.every((p, i) => p === current[i])) return [];
      return [{ type: 'RolePermissionsChanged', data: { siteId: state.siteId, role: command.role, permissions, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

function withSettingDefaults(settings: Partial<SiteSettings>): SiteSettings {
  return { ...DEFAULT_SITE_SETTINGS, ...settings, social: { ...DEFAULT_SITE_SETTINGS.social, ...settings.social } };
}

/** An address the player site may load or link: https/http, or a path on the site itself. */
const ADDRESS = /^(https?:\/\/[^\s"'<>]+|\/[^\s"'<>]*)$/;
const WHATSAPP = /^\+?[0-9][0-9 ()-]{4,22}$/;
const TELEGRAM = /^[A-Za-z0-9_]{5,32}$/;
/** A Google tag / analytics id: G-XXXX, UA-123-1, GTM-XXXX. */
const ANALYTICS_ID = /^[A-Za-z0-9-]{2,40}$/;
const VERIFICATION = /^[A-Za-z0-9_=+/.:-]{1,200}$/;
const PHONE_PREFIX = /^\+[0-9]{1,4}$/;
const COUNTRY = /^[A-Z]{2}$/;
/** Game serviceIds separated by commas (spaces allowed around them); '' for none. */
const ID_LIST = /^(\s*\d{1,12}\s*(,\s*\d{1,12}\s*)*)?$/;
const AMOUNT_LIST = /^\s*\d+(\.\d{1,2})?\s*(,\s*\d+(\.\d{1,2})?\s*)*$/;

/** `patch` over `current` (social links one by one), or the first setting that is not acceptable. */
function mergeSettings(current: SiteSettings, patch: SiteSettingsPatch): SiteSettings | DomainError {
  const merged: SiteSettings = { ...current, ...patch, social: { ...current.social, ...patch.social } };
  for (const key of ['logo', 'favicon', 'licenceLink', 'liveChatDesktop', 'liveChatMobile', 'tvLink'] as const) {
    if (merged[key] !== '' && (merged[key].length > 500 || !ADDRESS.test(merged[key]))) return domainError('invalidField', key);
  }
  for (const network of SOCIAL_NETWORKS) {
    const link = merged.social[network];
    if (link !== '' && (link.length > 500 || !ADDRESS.test(link))) return domainError('invalidField', `social.${network}`);
  }
  for (const key of ['background', 'statisticUrl'] as const) {
    if (merged[key] !== '' && (merged[key].length > 500 || !ADDRESS.test(merged[key]))) return domainError('invalidField', key);
  }
  for (const key of ['paymentLogos', 'tvLogos'] as const) {
    const list = merged[key];
    if (!Array.isArray(list) || list.length > MAX_LOGOS || list.some((src) => typeof src !== 'string' || src.length > 500 || !ADDRESS.test(src))) return domainError('invalidField', key);
  }
  for (const key of ['specialBanner1', 'specialBanner2'] as const) {
    const { file, link } = merged[key];
    if ((file !== '' && (file.length > 500 || !ADDRESS.test(file))) || (link !== '' && (link.length > 500 || !ADDRESS.test(link)))) return domainError('invalidField', key);
  }
  for (const [key, max] of [['title', 200], ['keywords', 500], ['description', 1000]] as const) {
    if (merged[key].length > max || /[<>]/.test(merged[key])) return domainError('invalidField', key);
  }
  if (merged.analyticsId !== '' && !ANALYTICS_ID.test(merged.analyticsId)) return domainError('invalidField', 'analyticsId');
  if (merged.siteVerification !== '' && !VERIFICATION.test(merged.siteVerification)) return domainError('invalidField', 'siteVerification');
  if (!(REDIRECT_REGISTER as readonly string[]).includes(merged.redirectRegister)) return domainError('invalidField', 'redirectRegister');
  if (!(PAYWAYS as readonly string[]).includes(merged.payway)) return domainError('invalidField', 'payway');
  if (merged.defaultPhone !== '' && !PHONE_PREFIX.test(merged.defaultPhone)) return domainError('invalidField', 'defaultPhone');
  if (merged.defaultCountry !== '' && !COUNTRY.test(merged.defaultCountry)) return domainError('invalidField', 'defaultCountry');
  if (merged.currencyMode !== 0 && merged.currencyMode !== 1) return domainError('invalidField', 'currencyMode');
  if (!Number.isInteger(merged.toFixedNumber) || merged.toFixedNumber < 0 || merged.toFixedNumber > 3) return domainError('invalidField', 'toFixedNumber');
  for (const key of GAME_ID_LISTS) {
    if (merged[key].length > 2000 || !ID_LIST.test(merged[key])) return domainError('invalidField', key);
  }
  for (const key of ['customCss', 'customJs', 'analyticsScript'] as const) {
    if (merged[key].length > MAX_CUSTOM_CODE_LENGTH) return domainError('invalidField', key);
  }
  const numbers = merged.whatsappNumber.split(';').map((n) => n.trim()).filter(Boolean);
  if (numbers.some((n) => !WHATSAPP.test(n))) return domainError('invalidField', 'whatsappNumber');
  if (merged.telegramName !== '' && !TELEGRAM.test(merged.telegramName.replace(/^@/, ''))) return domainError('invalidField', 'telegramName');
  if (!AMOUNT_LIST.test(merged.couponAmountGroup)) return domainError('invalidField', 'couponAmountGroup');
  for (const key of ['matchStakeLimit', 'sameCouponLimit'] as const) {
    if (!Number.isSafeInteger(merged[key]) || merged[key] < 0) return domainError('invalidField', key);
  }
  const couponProblem = couponSettingsProblem(merged);
  if (couponProblem) return domainError('invalidField', couponProblem);
  const blocked = merged.blockedCountries;
  if (!Array.isArray(blocked) || blocked.length > MAX_BLOCKED_COUNTRIES || blocked.some((code) => typeof code !== 'string' || !COUNTRY.test(code)) || new Set(blocked).size !== blocked.length)
    return domainError('invalidField', 'blockedCountries');
  return merged;
}

/** Lower-cased, deduplicated; the mobile host (§1: `m.` prefix) resolves to the same site by itself. */
function normalizeHosts(hosts: readonly string[]): readonly string[] | null {
  const lowered = [...new Set(hosts.map((host) => host.trim().toLowerCase()))];
  return lowered.every((host) => HOST.test(host)) ? lowered : null;
}

export const siteDecider: Decider<SiteState, SiteCommand, SiteEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => decide(command, state),
};
