import type { BettingLimits, ProductFlags } from './rules/limits';
import type { Permission, Role } from './roles';

/** §3 user info a person gives; what the admin view shows. */
export interface UserProfile {
  readonly firstName: string;
  readonly lastName: string;
  /** ISO yyyy-mm-dd, or '' when not given (dealers, terminals). */
  readonly birthDate: string;
  readonly sex: string;
  readonly address: string;
  readonly city: string;
  readonly postCode: string;
  readonly countryId: string;
  readonly phoneCode: string;
  readonly currency: string;
  readonly lang: string;
  /** §7 updateProfile autoprint: the user's own choice to print each placed coupon; null until chosen (the site's auto_print decides). */
  readonly autoprint: boolean | null;
}

/** How many accounts a dealer may still open under itself; null: no limit (§6, "limits on opening"). */
export interface OpeningLimits {
  readonly dealers: number | null;
  readonly users: number | null;
}

/** A single-use code (activation, password reset): only its sha-256 is kept, never the code. */
export interface PendingCode {
  readonly codeHash: string;
  readonly expiresAt: string;
}

export type LoginMethod = 'password' | 'operator' | 'terminal' | 'loginWithUser';

export interface UserRegistered {
  readonly type: 'UserRegistered';
  readonly data: {
    readonly userId: string;
    readonly siteId: string;
    readonly role: Role;
    readonly userName: string;
    readonly passwordHash: string;
    readonly email: string | null;
    /** Digits with the country code; null when not given. */
    readonly mobile: string | null;
    readonly idNumber: string | null;
    readonly profile: UserProfile;
    /** The dealer (or staff) who opened it; null for self-registration and the site's first admin. */
    readonly parentId: string | null;
    /** Every dealer above it, top first: the subtrees it belongs to. */
    readonly ancestors: readonly string[];
    readonly products: ProductFlags;
    readonly limits: BettingLimits;
    readonly permissions: readonly Permission[];
    readonly openingLimits: OpeningLimits;
    /** pending until the e-mailed activation code is used (site mail_activation), else active. */
    readonly status: 'pending' | 'active';
    readonly activation: PendingCode | null;
    readonly promotionCode: string | null;
    readonly affiliateUser: string | null;
    readonly at: string;
  };
}

export interface UserActivated {
  readonly type: 'UserActivated';
  readonly data: { readonly userId: string; readonly at: string };
}

export interface PasswordResetRequested {
  readonly type: 'PasswordResetRequested';
  readonly data: { readonly userId: string; readonly code: PendingCode; readonly at: string };
}

export interface PasswordReset {
  readonly type: 'PasswordReset';
  readonly data: { readonly userId: string; readonly passwordHash: string; readonly at: string };
}

export interface PasswordChanged {
  readonly type: 'PasswordChanged';
  readonly data: { readonly userId: string; readonly passwordHash: string; readonly by: string; readonly at: string };
}

export interface ProfileUpdated {
  readonly type: 'ProfileUpdated';
  readonly data: { readonly userId: string; readonly changes: Partial<UserProfile>; readonly by: string; readonly at: string };
}

export interface UserStatusChanged {
  readonly type: 'UserStatusChanged';
  readonly data: { readonly userId: string; readonly status: 'active' | 'passive'; readonly by: string; readonly at: string };
}

export interface ProductFlagsChanged {
  readonly type: 'ProductFlagsChanged';
  readonly data: { readonly userId: string; readonly products: ProductFlags; readonly by: string; readonly at: string };
}

export interface BettingLimitsChanged {
  readonly type: 'BettingLimitsChanged';
  readonly data: { readonly userId: string; readonly limits: BettingLimits; readonly by: string; readonly at: string };
}

/** §6: a permission update forces re-login: every session older than `at` is over. */
export interface PermissionsChanged {
  readonly type: 'PermissionsChanged';
  readonly data: { readonly userId: string; readonly permissions: readonly Permission[]; readonly by: string; readonly at: string };
}

export interface OpeningLimitsChanged {
  readonly type: 'OpeningLimitsChanged';
  readonly data: { readonly userId: string; readonly openingLimits: OpeningLimits; readonly by: string; readonly at: string };
}

/** On the parent's stream: one of its opening slots is used (the limit holds under races by its revision). */
export interface SubAccountOpened {
  readonly type: 'SubAccountOpened';
  readonly data: { readonly userId: string; readonly childId: string; readonly childRole: Role; readonly at: string };
}

export interface UserLoggedIn {
  readonly type: 'UserLoggedIn';
  readonly data: {
    readonly userId: string;
    readonly siteId: string;
    readonly sessionRef: string;
    readonly method: LoginMethod;
    readonly ip: string;
    readonly userAgent: string;
    readonly machineId: string | null;
    /** loginWithUser: the dealer who opened the session. */
    readonly by: string | null;
    /** The user's session epoch the session belongs to (see UserRecord.sessionEpoch). */
    readonly sessionEpoch: number;
    readonly at: string;
  };
}

export interface LoginFailed {
  readonly type: 'LoginFailed';
  readonly data: { readonly userId: string; readonly siteId: string; readonly method: LoginMethod; readonly reason: string; readonly ip: string; readonly userAgent: string; readonly at: string };
}

export interface UserLoggedOut {
  readonly type: 'UserLoggedOut';
  readonly data: { readonly userId: string; readonly sessionRef: string; readonly at: string };
}

/** Logout everywhere, or staff ending a user's sessions: every session started before `at` is over. */
export interface SessionsEnded {
  readonly type: 'SessionsEnded';
  readonly data: { readonly userId: string; readonly by: string; readonly at: string };
}

export type UserEvent =
  | UserRegistered
  | UserActivated
  | PasswordResetRequested
  | PasswordReset
  | PasswordChanged
  | ProfileUpdated
  | UserStatusChanged
  | ProductFlagsChanged
  | BettingLimitsChanged
  | PermissionsChanged
  | OpeningLimitsChanged
  | SubAccountOpened
  | UserLoggedIn
  | LoginFailed
  | UserLoggedOut
  | SessionsEnded;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserActivated',
  'PasswordResetRequested',
  'PasswordReset',
  'PasswordChanged',
  'ProfileUpdated',
  'UserStatusChanged',
  'ProductFlagsChanged',
  'BettingLimitsChanged',
  'PermissionsChanged',
  'OpeningLimitsChanged',
  'SubAccountOpened',
  'UserLoggedIn',
  'LoginFailed',
  'UserLoggedOut',
  'SessionsEnded',
];
