import { useEffect, useRef } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/login';
import { readSessionFlag, SESSION_POLL_MS, sessionDisagrees, writeSessionFlag } from '@/features/auth/session-flag';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { slipRulesFor } from '@/stores/betslip-rules';
import { useBetslipStore } from '@/stores/betslip-store';

/**
 * Spec §4 session rules: a status refresh saying `logout` forces logout; the logout flag in storage
 * is polled every second and the page reloads when it disagrees with this tab (cross-tab logout).
 * Also hands the player's limits and the site's coupon bonus (§3 bonusCoupon) to the betslip.
 */
export function SessionWatcher() {
  const { user, isLoading } = useUser();
  const logout = useLogout();
  const setRules = useBetslipStore((s) => s.setRules);
  const { bonusCoupon } = useSiteSettings();
  const loggedIn = user !== null;
  const loggedInRef = useRef(loggedIn);
  loggedInRef.current = loggedIn;

  useEffect(() => {
    if (user?.logout) logout.mutate();
  }, [user?.logout, logout]);

  useEffect(() => {
    setRules(slipRulesFor(user?.limits ?? null, bonusCoupon));
  }, [user?.limits, bonusCoupon, setRules]);

  useEffect(() => {
    if (isLoading) return;
    // This tab's state becomes the shared flag the first time it is known.
    if (readSessionFlag() === null) writeSessionFlag(loggedIn ? 'in' : 'out');
    const timer = setInterval(() => {
      if (sessionDisagrees(readSessionFlag(), loggedInRef.current)) window.location.reload();
    }, SESSION_POLL_MS);
    return () => clearInterval(timer);
  }, [isLoading, loggedIn]);

  return null;
}
