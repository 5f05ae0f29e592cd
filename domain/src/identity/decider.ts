import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { ActingUser, LogIn, OpenSubAccount, RegisterUser, UserCommand } from './commands';
import type { OpeningLimits, PendingCode, UserEvent, UserProfile, UserRegistered } from './events';
import { type BettingLimits, checkLimitsRaise, checkLimitsShape, DEFAULT_BETTING_LIMITS, DEFAULT_PRODUCT_FLAGS, type ProductFlags } from './rules/limits';
import { checkProfileChanges } from './rules/profile';
import { checkRegistration, normalizeEmail, normalizeMobile, parseBirthDate } from './rules/registration';
import { checkManages } from './rules/scope';
import { isDealerRole, MAY_OPEN, type Permission, type Role } from './roles';

export interface UserRecord {
  readonly userId: string;
  readonly siteId: string;
  readonly role: Role;
  readonly userName: string;
  readonly passwordHash: string;
  readonly email: string | null;
  readonly mobile: string | null;
  readonly idNumber: string | null;
  readonly profile: UserProfile;
  readonly parentId: string | null;
  readonly ancestors: readonly string[];
  readonly products: ProductFlags;
  readonly limits: BettingLimits;
  readonly permissions: readonly Permission[];
  readonly openingLimits: OpeningLimits;
  readonly opened: { readonly dealers: number; readonly users: number };
  readonly activation: PendingCode | null;
  readonly passwordReset: PendingCode | null;
  /**
   * Bumped by every event that ends all sessions (logout everywhere, staff, permission or password
   * change, passive): a session is live only while the epoch it began in is the user's epoch.
   */
  readonly sessionEpoch: number;
  readonly lastLogin: { readonly at: string; readonly ip: string } | null;
}

/** A user account; status is §4's active / passive, plus pending until e-mail activation. */
export type UserState = { readonly status: 'none' } | ({ readonly status: 'pending' | 'active' | 'passive' } & UserRecord);

export function userStream(userId: string): string {
  return `user-${userId}`;
}

function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { status, at: _at, promotionCode: _p, affiliateUser: _a, ...data } = event.data;
    // Registration never asks about autoprint: accounts registered before it was stored as null say false, which meant "not chosen" too.
    const record = { ...data, profile: { ...data.profile, autoprint: data.profile.autoprint || null } };
    return { status, ...record, opened: { dealers: 0, users: 0 }, passwordReset: null, sessionEpoch: 0, lastLogin: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'UserActivated':
      return { ...state, status: 'active', activation: null };
    case 'PasswordResetRequested':
      return { ...state, passwordReset: event.data.code };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, passwordReset: null, sessionEpoch: state.sessionEpoch + 1 };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, sessionEpoch: state.sessionEpoch + 1 };
    case 'ProfileUpdated':
      return { ...state, profile: { ...state.profile, ...event.data.changes } };
    case 'UserStatusChanged':
      return { ...state, status: event.data.status, sessionEpoch: state.sessionEpoch + (event.data.status === 'passive' ? 1 : 0) };
    case 'ProductFlagsChanged':
      return { ...state, products: event.data.products };
    case 'BettingLimitsChanged':
      return { ...state, limits: event.data.limits };
    case 'PermissionsChanged':
      return { ...state, permissions: event.data.permissions, sessionEpoch: state.sessionEpoch + 1 };
    case 'OpeningLimitsChanged':
      return { ...state, openingLimits: event.data.openingLimits };
    case 'SubAccountOpened': {
      const dealer = isDealerRole(event.data.childRole);
      return { ...state, opened: { dealers: state.opened.dealers + (dealer ? 1 : 0), users: state.opened.users + (dealer ? 0 : 1) } };
    }
    case 'UserLoggedIn':
      return { ...state, lastLogin: { at: event.data.at, ip: event.data.ip } };
    case 'LoginFailed':
    case 'UserLoggedOut':
      return state;
    case 'SessionsEnded':
      return { ...state, sessionEpoch: state.sessionEpoch + 1 };
    default:
      return assertNever(event);
  }
}

function decide(command: UserCommand, state: UserState): readonly UserEvent[] | DomainError {
  if (command.type === 'RegisterUser') return register(command, state);
  if (state.status === 'none') return domainError('noSuchUser');
  const userId = state.userId;
  switch (command.type) {
    case 'OpenSubAccount':
      return openSubAccount(command, state);
    case 'ActivateUser':
      if (state.status !== 'pending' || !state.activation) return domainError('activationCodeWrong');
      if (state.activation.codeHash !== command.codeHash || command.now >= state.activation.expiresAt) return domainError('activationCodeWrong');
      return [{ type: 'UserActivated', data: { userId, at: command.now } }];
    case 'RequestPasswordReset':
      if (state.status === 'passive') return domainError('userPassive');
      return [{ type: 'PasswordResetRequested', data: { userId, code: command.code, at: command.now } }];
    case 'ResetPassword': {
      const reset = state.passwordReset;
      if (!reset || reset.codeHash !== command.codeHash || command.now >= reset.expiresAt) return domainError('passwordRenewalCodeIncorrect');
      return [{ type: 'PasswordReset', data: { userId, passwordHash: command.passwordHash, at: command.now } }];
    }
    case 'ChangePassword':
      if (command.actor.userId !== userId) return domainError('permissionDenied', 'self');
      if (!command.currentPasswordOk) return domainError('currentPasswordIncorrect');
      return [{ type: 'PasswordChanged', data: { userId, passwordHash: command.passwordHash, by: command.actor.userId, at: command.now } }];
    case 'UpdateProfile': {
      const refused = (command.actor.userId === userId ? null : staffCheck(command.actor, state, 'userEdit')) ?? checkProfileChanges(state.profile, command.changes);
      if (refused) return refused;
      return [{ type: 'ProfileUpdated', data: { userId, changes: trimmedChanges(command.changes), by: command.actor.userId, at: command.now } }];
    }
    case 'ChangeUserStatus': {
      const refused = staffCheck(command.actor, state, 'userEdit');
      if (refused) return refused;
      if (state.status === 'pending') return domainError('userNotActivated');
      if (state.status === command.status) return [];
      return [{ type: 'UserStatusChanged', data: { userId, status: command.status, by: command.actor.userId, at: command.now } }];
    }
    case 'ChangeProductFlags': {
      const refused = staffCheck(command.actor, state, 'userEdit');
      if (refused) return refused;
      return [{ type: 'ProductFlagsChanged', data: { userId, products: command.products, by: command.actor.userId, at: command.now } }];
    }
    case 'ChangeBettingLimits': {
      const refused =
        staffCheck(command.actor, state, 'limitsEdit') ??
        checkLimitsShape(command.limits) ??
        (command.actor.role === 'admin' ? null : checkLimitsRaise(state.limits, command.limits));
      if (refused) return refused;
      return [{ type: 'BettingLimitsChanged', data: { userId, limits: command.limits, by: command.actor.userId, at: command.now } }];
    }
    case 'ChangePermissions': {
      const refused = staffCheck(command.actor, state, null);
      if (refused) return refused;
      if (command.actor.role !== 'admin') {
        if (!isDealerRole(command.actor.role)) return domainError('permissionDenied', command.actor.role);
        const notHeld = command.permissions.find((permission) => !command.actor.permissions.includes(permission));
        if (notHeld) return domainError('permissionDenied', notHeld);
      }
      const permissions = [...new Set(command.permissions)].sort();
      if (sameSet(permissions, state.permissions)) return [];
      return [{ type: 'PermissionsChanged', data: { userId, permissions, by: command.actor.userId, at: command.now } }];
    }
    case 'ChangeOpeningLimits': {
      const refused = staffCheck(command.actor, state, 'dealerOpen');
      if (refused) return refused;
      if (!isDealerRole(state.role)) return domainError('invalidField', 'role');
      const { dealers, users } = command.openingLimits;
      if ((dealers !== null && (!Number.isSafeInteger(dealers) || dealers < 0)) || (users !== null && (!Number.isSafeInteger(users) || users < 0))) {
        return domainError('invalidField', 'openingLimits');
      }
      return [{ type: 'OpeningLimitsChanged', data: { userId, openingLimits: command.openingLimits, by: command.actor.userId, at: command.now } }];
    }
    case 'LogIn':
      return logIn(command, state);
    case 'LogOut':
      return [{ type: 'UserLoggedOut', data: { userId, sessionRef: command.sessionRef, at: command.now } }];
    case 'EndSessions': {
      const refused = command.actor.userId === userId ? null : staffCheck(command.actor, state, 'userEdit');
      if (refused) return refused;
      return [{ type: 'SessionsEnded', data: { userId, by: command.actor.userId, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

/** Scope first (never reveal what is outside it), then the permission the command needs. */
function staffCheck(actor: ActingUser, target: UserRecord, permission: Permission | null): DomainError | null {
  const scope = checkManages(actor, target);
  if (scope) return scope;
  if (permission && actor.role !== 'admin' && !actor.permissions.includes(permission)) return domainError('permissionDenied', permission);
  return null;
}

function register(command: RegisterUser, state: UserState): readonly UserEvent[] | DomainError {
  if (state.status !== 'none') return domainError('usernameAlreadyUseRegister');
  const refused = checkRegistration(command.form, command.rules, command.now);
  if (refused) return refused;
  const form = command.form;
  const data: UserRegistered['data'] = {
    userId: command.userId,
    siteId: command.siteId,
    role: command.role,
    userName: form.userName!,
    passwordHash: command.passwordHash,
    email: form.email ? normalizeEmail(form.email) : null,
    mobile: form.mobile ? normalizeMobile(form.phoneCode, form.mobile) : null,
    idNumber: form.idNumber ? form.idNumber.trim().toUpperCase() : null,
    profile: {
      firstName: form.firstName?.trim() ?? '',
      lastName: form.lastName?.trim() ?? '',
      birthDate: form.birthDate ? (parseBirthDate(form.birthDate) ?? '') : '',
      sex: form.sex ?? '',
      address: form.address?.trim() ?? '',
      city: form.city?.trim() ?? '',
      postCode: form.postCode?.trim() ?? '',
      countryId: form.countryId?.trim() ?? '',
      phoneCode: form.phoneCode?.trim() ?? '',
      currency: form.currency ?? '',
      lang: form.lang ?? '',
      autoprint: null,
    },
    parentId: command.parent?.userId ?? null,
    ancestors: command.parent ? [...command.parent.ancestors, command.parent.userId] : [],
    products: DEFAULT_PRODUCT_FLAGS,
    limits: DEFAULT_BETTING_LIMITS,
    permissions: command.permissions,
    openingLimits: command.openingLimits,
    status: command.activation ? 'pending' : 'active',
    activation: command.activation,
    promotionCode: form.promotionCode?.trim() || null,
    affiliateUser: form.affiliateUser?.trim() || null,
    at: command.now,
  };
  return [{ type: 'UserRegistered', data }];
}

/** On the parent's stream: role, permission and §6 opening limits ("dealer opening limit expired", userSizeError). */
function openSubAccount(command: OpenSubAccount, parent: UserState & UserRecord): readonly UserEvent[] | DomainError {
  const actor = command.actor;
  if (actor.siteId !== parent.siteId) return domainError('thisOperatorNotYour');
  if (actor.userId !== parent.userId && actor.role !== 'admin') return domainError('thisOperatorNotYour');
  if (parent.status !== 'active') return domainError('userPassive');
  if (!MAY_OPEN[parent.role].includes(command.childRole)) return domainError('permissionDenied', command.childRole);
  const dealer = isDealerRole(command.childRole);
  if (actor.role !== 'admin' && !actor.permissions.includes(dealer ? 'dealerOpen' : 'userOpen')) return domainError('permissionDenied', dealer ? 'dealerOpen' : 'userOpen');
  if (dealer && parent.openingLimits.dealers !== null && parent.opened.dealers >= parent.openingLimits.dealers) return domainError('dealerOpeningLimitExpired');
  if (!dealer && parent.openingLimits.users !== null && parent.opened.users >= parent.openingLimits.users) return domainError('userSizeError');
  return [{ type: 'SubAccountOpened', data: { userId: parent.userId, childId: command.childId, childRole: command.childRole, at: command.now } }];
}

const LOGIN_ROLES: Readonly<Record<LogIn['method'], readonly Role[]>> = {
  password: ['player', 'affiliate'],
  operator: ['admin', 'operator', 'partner', 'regulator', 'topDealer', 'dealer', 'subDealer'],
  terminal: ['terminal'],
  loginWithUser: ['player', 'terminal'],
};

function logIn(command: LogIn, state: UserState & UserRecord): readonly UserEvent[] | DomainError {
  const failed = (reason: string): UserEvent[] => [
    { type: 'LoginFailed', data: { userId: state.userId, siteId: state.siteId, method: command.method, reason, ip: command.ip, userAgent: command.userAgent, at: command.now } },
  ];
  if (command.method === 'loginWithUser') {
    if (!command.by) return domainError('loginRequired');
    const scope = checkManages(command.by, state);
    if (scope) return scope;
  } else if (command.locked) {
    return failed('accountLocked');
  } else if (!command.passwordOk) {
    return failed('incorrectUsernameOrPassword');
  }
  if (!LOGIN_ROLES[command.method].includes(state.role)) return failed('wrongLoginForRole');
  if (state.status === 'pending') return failed('userNotActivated');
  if (state.status === 'passive') return failed('userPassive');
  return [
    {
      type: 'UserLoggedIn',
      data: {
        userId: state.userId,
        siteId: state.siteId,
        sessionRef: command.sessionRef,
        method: command.method,
        ip: command.ip,
        userAgent: command.userAgent,
        machineId: command.machineId,
        by: command.by?.userId ?? null,
        sessionEpoch: state.sessionEpoch,
        at: command.now,
      },
    },
  ];
}

function trimmedChanges(changes: Partial<UserProfile>): Partial<UserProfile> {
  return Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, typeof value === 'string' ? value.trim() : value]));
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value) => b.includes(value));
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide: (command, state) => decide(command, state),
};
