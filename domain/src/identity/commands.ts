import type { LoginMethod, OpeningLimits, PendingCode, UserProfile } from './events';
import type { BettingLimits, ProductFlags } from './rules/limits';
import type { RegistrationForm, RegistrationRules } from './rules/registration';
import type { Permission, Role } from './roles';

/** Who gives a staff command: the logged-in actor as the api resolved it. */
export interface ActingUser {
  readonly userId: string;
  readonly role: Role;
  readonly siteId: string;
  readonly permissions: readonly Permission[];
}

export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly siteId: string;
  readonly role: Role;
  readonly form: RegistrationForm;
  readonly rules: RegistrationRules;
  /** argon2id of form.password, computed by the api (the domain draws no salt). */
  readonly passwordHash: string;
  /** The account it is opened under (its dealer), with that account's ancestors; null for self-registration. */
  readonly parent: { readonly userId: string; readonly ancestors: readonly string[] } | null;
  readonly activation: PendingCode | null;
  readonly permissions: readonly Permission[];
  readonly openingLimits: OpeningLimits;
  readonly now: string;
}

export interface OpenSubAccount {
  readonly type: 'OpenSubAccount';
  readonly childId: string;
  readonly childRole: Role;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ActivateUser {
  readonly type: 'ActivateUser';
  readonly codeHash: string;
  readonly now: string;
}

export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly code: PendingCode;
  readonly now: string;
}

export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly codeHash: string;
  readonly passwordHash: string;
  readonly now: string;
}

export interface ChangePassword {
  readonly type: 'ChangePassword';
  /** The api verified the current password against the stored hash. */
  readonly currentPasswordOk: boolean;
  readonly passwordHash: string;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface UpdateProfile {
  readonly type: 'UpdateProfile';
  readonly changes: Partial<UserProfile>;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ChangeUserStatus {
  readonly type: 'ChangeUserStatus';
  readonly status: 'active' | 'passive';
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ChangeProductFlags {
  readonly type: 'ChangeProductFlags';
  readonly products: ProductFlags;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ChangeBettingLimits {
  readonly type: 'ChangeBettingLimits';
  readonly limits: BettingLimits;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ChangePermissions {
  readonly type: 'ChangePermissions';
  readonly permissions: readonly Permission[];
  readonly actor: ActingUser;
  readonly now: string;
}

export interface ChangeOpeningLimits {
  readonly type: 'ChangeOpeningLimits';
  readonly openingLimits: OpeningLimits;
  readonly actor: ActingUser;
  readonly now: string;
}

export interface LogIn {
  readonly type: 'LogIn';
  readonly method: LoginMethod;
  /** The api verified the password (false for a wrong one; loginWithUser needs none: true). */
  readonly passwordOk: boolean;
  readonly sessionRef: string;
  readonly ip: string;
  readonly userAgent: string;
  readonly machineId: string | null;
  /** loginWithUser: the dealer opening the session, who must manage this user. */
  readonly by: ActingUser | null;
  /** The api's per-account throttle holds the account: the attempt fails as `accountLocked`, right password or not. */
  readonly locked?: boolean;
  readonly now: string;
}

export interface LogOut {
  readonly type: 'LogOut';
  readonly sessionRef: string;
  readonly now: string;
}

export interface EndSessions {
  readonly type: 'EndSessions';
  readonly actor: ActingUser;
  readonly now: string;
}

export type UserCommand =
  | RegisterUser
  | OpenSubAccount
  | ActivateUser
  | RequestPasswordReset
  | ResetPassword
  | ChangePassword
  | UpdateProfile
  | ChangeUserStatus
  | ChangeProductFlags
  | ChangeBettingLimits
  | ChangePermissions
  | ChangeOpeningLimits
  | LogIn
  | LogOut
  | EndSessions;
