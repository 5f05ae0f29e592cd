import { describe, expect, it } from 'vitest';
import { afterLogout, guard, type GuardContext, notFoundRedirect } from './guards';
import { ROUTES, routeById, type RouteId } from './routes';

const guest: GuardContext = { loggedIn: false, flags: {}, loginScreen: false, registerDisabled: false, affiliateEnabled: false };
const player: GuardContext = { ...guest, loggedIn: true, flags: { sportUser: 1, liveUser: 1, onlineUser: 1 } };

function where(id: RouteId, ctx: GuardContext): string {
  return guard(id, routeById(id).access, ctx)?.to ?? 'shown';
}

describe('route guards (spec §2)', () => {
  it('every §2 route exists under /:lang', () => {
    const paths = ROUTES.flatMap((r) => r.paths);
    for (const path of ['', 'firstlogin', 'google', 'register', 'register/:affcode', 'activation/:activationcode', 'sports', 'livebets', 'livebets/:keyWord', 'casino', 'livecasino', 'bingo', 'tvgames', 'virtualgames', 'promotions', 'couponShare/:id', 'results', 'page/:id', 'transactions', 'transferRequest', 'deposit', 'withdraw', 'changePassword', 'userInformation', 'notifications', 'coupons', 'affiliate', 'affiliateBanner', 'forgotPassword', 'resetPassword/:passCode', 'loginwithuser', 'handlogin', 'racing', 'lotto', 'virtualleague', 'betgames', 'mintGaming', 'virtualSports', 'contact']) {
      expect(paths).toContain(path);
    }
  });

  it('a login-required route sends a guest Home when login_screen is 0, to the login screen when it is 1', () => {
    expect(where('transactions', guest)).toBe('home');
    expect(where('transactions', { ...guest, loginScreen: true })).toBe('firstlogin');
    expect(where('transactions', player)).toBe('shown');
  });

  it('logged-out-only routes send a logged-in user Home; registration needs registration enabled', () => {
    expect(where('forgotPassword', player)).toBe('home');
    expect(where('register', player)).toBe('home');
    expect(where('register', guest)).toBe('shown');
    expect(where('register', { ...guest, registerDisabled: true })).toBe('home');
  });

  it('the login screen goes Home when login_screen is off, and is forced on guests when it is on', () => {
    expect(where('firstlogin', guest)).toBe('home');
    expect(where('firstlogin', { ...guest, loginScreen: true })).toBe('shown');
    expect(where('firstlogin', { ...player, loginScreen: true })).toBe('home');
    expect(where('results', { ...guest, loginScreen: true })).toBe('firstlogin');
    expect(where('forgotPassword', { ...guest, loginScreen: true })).toBe('shown');
    expect(where('activation', { ...guest, loginScreen: true })).toBe('shown');
  });

  it('a product-flag route goes Home unless the flag is 1; for a pipe list any one suffices', () => {
    expect(where('casino', player)).toBe('home');
    expect(where('casino', { ...player, flags: { slotUser: 1 } })).toBe('shown');
    expect(where('coupons', { ...player, flags: { liveUser: 1 } })).toBe('shown');
    expect(where('coupons', { ...player, flags: { sportUser: 0, liveUser: 0 } })).toBe('home');
    expect(where('coupons', guest)).toBe('home');
    // A guest browses the products (flags belong to a user).
    expect(where('sports', guest)).toBe('shown');
  });

  it('affiliate pages need onlineUser and the site affiliateStatus 1', () => {
    expect(where('affiliate', player)).toBe('home');
    expect(where('affiliate', { ...player, affiliateEnabled: true })).toBe('shown');
    expect(where('affiliate', { ...player, flags: { sportUser: 1 }, affiliateEnabled: true })).toBe('home');
  });

  it('404 goes to Login if logged out with a login screen, otherwise Home; logout goes by login_screen', () => {
    expect(notFoundRedirect(guest).to).toBe('home');
    expect(notFoundRedirect({ ...guest, loginScreen: true }).to).toBe('firstlogin');
    expect(notFoundRedirect({ ...player, loginScreen: true }).to).toBe('home');
    expect(afterLogout(routeById('transactions').access, false)?.to).toBe('home');
    expect(afterLogout(routeById('results').access, false)).toBeNull();
    expect(afterLogout(routeById('results').access, true)?.to).toBe('firstlogin');
  });

  it('header hidden on Login, LoginWithUser, HandLogin; footer also on sports and live', () => {
    const hidden = (key: 'hideHeader' | 'hideFooter') => ROUTES.filter((r) => r[key]).map((r) => r.id).sort();
    expect(hidden('hideHeader')).toEqual(['firstlogin', 'handlogin', 'loginwithuser']);
    expect(hidden('hideFooter')).toEqual(['firstlogin', 'handlogin', 'livebets', 'loginwithuser', 'match', 'sports']);
  });
});
