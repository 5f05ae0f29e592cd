import type { Access } from './routes';

/** What the guards know about the visitor and the site. */
export interface GuardContext {
  readonly loggedIn: boolean;
  /** Product flags of the logged-in user (1 enables); empty for a guest. */
  readonly flags: Readonly<Record<string, number | undefined>>;
  /** Site setting login_screen: 1 forces the login screen on logged-out visitors. */
  readonly loginScreen: boolean;
  readonly registerDisabled: boolean;
  /** Site setting affiliateStatus === 1. */
  readonly affiliateEnabled: boolean;
  /** The logged-in user's role (§6), when known: a role route (the terminal's cash screen) needs it. */
  readonly role?: string;
}

/** Where a guard sends the visitor instead: Home ('') or the login screen. */
export type Redirect = { readonly to: 'home' | 'firstlogin' };

const HOME: Redirect = { to: 'home' };
const LOGIN: Redirect = { to: 'firstlogin' };

function anyFlag(flags: GuardContext['flags'], list: string): boolean {
  return list.split('|').some((flag) => Number(flags[flag.trim()] ?? 0) === 1);
}

/**
 * Spec §2 guards. Returns null when the route may be shown.
 * - Login is forced when login_screen is on and the visitor is logged out (the logged-out-only
 *   pages, activation and the hand/terminal logins stay reachable).
 * - Login (firstlogin) goes to Home when login_screen is off.
 * - A logged-in user opening a logged-out-only route goes to Home; registration routes need
 *   registration enabled.
 * - A login-required route sends a logged-out visitor Home (login_screen 0).
 * - A permission-flag route goes to Home unless one of its flags is 1. A guest is not held to the
 *   flags (they belong to a user's products); a guest browses sports and live (product choice).
 * - Online-user routes need onlineUser; affiliate ones also the site's affiliateStatus 1.
 * - A role route (the terminal's cash screen) goes to Home for any other role.
 */
export function guard(routeId: string, access: Access, ctx: GuardContext): Redirect | null {
  if (routeId === 'firstlogin') {
    if (ctx.loggedIn) return HOME;
    return ctx.loginScreen ? null : HOME;
  }
  if (!ctx.loggedIn && ctx.loginScreen && access.kind !== 'loggedOut' && !['activation', 'loginwithuser', 'handlogin'].includes(routeId)) {
    return LOGIN;
  }
  switch (access.kind) {
    case 'open':
      return null;
    case 'loggedOut':
      if (ctx.loggedIn) return HOME;
      if (access.registration && ctx.registerDisabled) return HOME;
      return null;
    case 'login':
      if (!ctx.loggedIn) return ctx.loginScreen ? LOGIN : HOME;
      if (access.flags && !anyFlag(ctx.flags, access.flags)) return HOME;
      if (access.online && !anyFlag(ctx.flags, 'onlineUser')) return HOME;
      if (access.affiliate && !ctx.affiliateEnabled) return HOME;
      if (access.role && ctx.role !== access.role) return HOME;
      return null;
    case 'flag':
      if (!ctx.loggedIn) return null;
      return anyFlag(ctx.flags, access.flags) ? null : HOME;
    default: {
      const never: never = access;
      return never;
    }
  }
}

/** Spec §2 "404 goes to Login if logged out and a login screen is set, otherwise Home". */
export function notFoundRedirect(ctx: GuardContext): Redirect {
  return !ctx.loggedIn && ctx.loginScreen ? LOGIN : HOME;
}

/** Spec §2 "After logout: Login if login_screen is 1, else Home if the current route needs authentication". */
export function afterLogout(access: Access, loginScreen: boolean): Redirect | null {
  if (loginScreen) return LOGIN;
  return access.kind === 'login' ? HOME : null;
}
