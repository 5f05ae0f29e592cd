/**
 * Spec §6 roles. `guest` is no account at all, so it is not here. Staff roles manage others;
 * the dealer roles form the tree top dealer → dealer → sub-dealer → player / terminal.
 */
export const ROLES = ['player', 'terminal', 'subDealer', 'dealer', 'topDealer', 'affiliate', 'partner', 'operator', 'admin', 'regulator'] as const;
export type Role = (typeof ROLES)[number];

/** The dealer tree's levels, top first. */
export const DEALER_ROLES = ['topDealer', 'dealer', 'subDealer'] as const satisfies readonly Role[];
export type DealerRole = (typeof DEALER_ROLES)[number];

/** Roles that work in the back office (may hold permissions). */
export const STAFF_ROLES = ['topDealer', 'dealer', 'subDealer', 'partner', 'operator', 'admin', 'regulator'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isDealerRole(role: Role): role is DealerRole {
  return (DEALER_ROLES as readonly Role[]).includes(role);
}

export function isStaffRole(role: Role): role is StaffRole {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/**
 * Which roles a role may open directly under itself. Admin opens anyone but another site's users;
 * partner and operator work across the whole site but open no accounts; the regulator writes nothing.
 */
export const MAY_OPEN: Readonly<Record<Role, readonly Role[]>> = {
  admin: ['topDealer', 'dealer', 'subDealer', 'player', 'terminal', 'affiliate', 'partner', 'operator', 'regulator', 'admin'],
  topDealer: ['dealer', 'subDealer', 'player', 'terminal'],
  dealer: ['subDealer', 'player', 'terminal'],
  subDealer: ['player', 'terminal'],
  partner: [],
  operator: [],
  affiliate: [],
  regulator: [],
  player: [],
  terminal: [],
};

/**
 * Dealer permissions (§6: "dealer roles have editable permissions (incl. coupon cancellation,
 * coupon payment view)"; coupon selling depends on dealer permission).
 */
export const PERMISSIONS = [
  'couponCancel',
  'couponPaymentView',
  'couponSell',
  'creditSend',
  'creditCut',
  'userOpen',
  'dealerOpen',
  'userEdit',
  'limitsEdit',
  'reportsView',
  'ipLogView',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** What each staff role holds until someone edits it. */
export const DEFAULT_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  admin: [...PERMISSIONS],
  operator: ['couponCancel', 'couponPaymentView', 'userEdit', 'limitsEdit', 'reportsView', 'ipLogView'],
  partner: ['couponPaymentView', 'reportsView'],
  regulator: ['couponPaymentView', 'reportsView', 'ipLogView'],
  topDealer: ['couponCancel', 'couponPaymentView', 'couponSell', 'creditSend', 'creditCut', 'userOpen', 'dealerOpen', 'userEdit', 'limitsEdit', 'reportsView', 'ipLogView'],
  dealer: ['couponCancel', 'couponPaymentView', 'couponSell', 'creditSend', 'creditCut', 'userOpen', 'dealerOpen', 'userEdit', 'limitsEdit', 'reportsView'],
  subDealer: ['couponPaymentView', 'couponSell', 'creditSend', 'creditCut', 'userOpen', 'userEdit', 'reportsView'],
  affiliate: [],
  player: [],
  terminal: [],
};

/** Read-only: may look at the event log and reports, never change anything (issue 4). */
export function isReadOnlyRole(role: Role): boolean {
  return role === 'regulator';
}
