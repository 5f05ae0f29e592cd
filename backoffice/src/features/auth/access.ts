import type { Permission, Role } from '@kupon/domain';
import { DEALER_ROLES, MAY_OPEN } from '@kupon/domain';

/** The back office's sections, in menu order. */
export const SECTIONS = ['users', 'dealers', 'transfers', 'coupons', 'results', 'events', 'reports', 'catalog', 'payments', 'site', 'content', 'mail', 'contact', 'affiliates', 'propositions', 'cards'] as const;
export type Section = (typeof SECTIONS)[number];

export interface StaffMember {
  readonly role: Role | string;
  readonly permissions: readonly (Permission | string)[];
}

const SITE_STAFF = ['admin', 'operator'];

/** The site's own staff (admin, operator): who decide transfers, answer messages and change the site's settings. */
export function isSiteStaff(user: StaffMember | null | undefined): boolean {
  return user !== null && user !== undefined && SITE_STAFF.includes(user.role);
}
const isDealer = (role: string) => (DEALER_ROLES as readonly string[]).includes(role);

/**
 * Which sections a signed-in staff member sees (spec §6): the same rules the api enforces, so a menu
 * never leads to a page that answers 403. Dealers work their own subtree; the regulator only reads
 * (users, the event log, reports); transfers are decided by site staff.
 */
export function sectionsFor(user: StaffMember): Section[] {
  const has = (permission: Permission) => user.permissions.includes(permission);
  const visible: Record<Section, boolean> = {
    users: SITE_STAFF.includes(user.role) || user.role === 'regulator' || user.role === 'partner' || isDealer(user.role),
    dealers: user.role === 'admin' || isDealer(user.role),
    transfers: SITE_STAFF.includes(user.role),
    coupons: SITE_STAFF.includes(user.role) || isDealer(user.role),
    // Results are the matches' (every brand's) and entered by site staff; the regulator reads them.
    results: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    events: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    reports: has('reportsView'),
    // The site's catalog and live-betting settings: site staff change them, the regulator reads them.
    catalog: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    payments: SITE_STAFF.includes(user.role),
    // §1 "Only admins handle system menus": site settings and the permission sets of the roles.
    site: user.role === 'admin',
    // Banners, pages, popups, notifications, bonuses, languages, e-mail templates: site staff change them, the regulator reads them.
    content: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    // The dev mail outbox (issue 4): the api serves it to admin and operator only.
    mail: SITE_STAFF.includes(user.role),
    // The contact form's inbox (api/src/contract/contact.ts): site staff answer and close messages, the regulator reads them.
    contact: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    // The site's affiliates: site staff pause and resume them, the regulator reads them (api/AFFILIATE.md); never a dealer.
    affiliates: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    // The operator's proposed bets on the player site's home page: site staff change them, the regulator reads them.
    propositions: SITE_STAFF.includes(user.role) || user.role === 'regulator',
    // Prepaid cards (api/CARDS.md): dealers issue and cancel their subtree's, site staff list and cancel the site's.
    cards: SITE_STAFF.includes(user.role) || isDealer(user.role),
  };
  return SECTIONS.filter((section) => visible[section]);
}

/** Whether the staff member may change things at all (the regulator never writes, issue 4). */
export function canWrite(user: StaffMember): boolean {
  return user.role !== 'regulator' && user.role !== 'partner';
}

/** The roles this member may open under itself (domain `MAY_OPEN`), narrowed by the opening permissions. */
export function openableRoles(user: StaffMember): Role[] {
  const roles = MAY_OPEN[user.role as Role] ?? [];
  return roles.filter((role) => user.role === 'admin' || user.permissions.includes(isDealer(role) ? 'dealerOpen' : 'userOpen'));
}
