import { useEffect, useRef } from 'react';
import { useUser } from '@/features/auth/api/get-user';
import { useLogout } from '@/features/auth/api/login';
import { readSessionFlag, SESSION_POLL_MS, sessionDisagrees, sessionFlagWrittenHere, writeSessionFlag } from '@/features/auth/session-flag';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { slipRulesFor } from '@/stores/betslip-rules';
import { useBetslipStore } from '@/stores/betslip-store';

/**
 * Spec §4 session rules: a status refresh saying `logout` forces logout; the logout flag in storage
 * is polled every second and the page reloads when another tab set it to the other state (cross-tab
 * logout or login); this tab's own login or logout never reloads it.
 * Also hands the player's limits, the site's coupon bonus (§3 bonusCoupon) and its §9 max payout
 * tiers to the betslip.
 */
export function SessionWatcher() {
  const { user, isLoading } = useUser();
  const logout = useLogout();
  const setRules = useBetslipStore((s) => s.setRules);
  const { bonusCoupon, maxPayoutTiers } = useSiteSettings();
  const loggedIn = user !== null;
  const loggedInRef = useRef(loggedIn);
  loggedInRef.current = loggedIn;

  useEffect(() => {
    if (user?.logout) logout.mutate();
  }, [user?.logout, logout]);

  useEffect(() => {
    setRules(slipRulesFor(user?.limits ?? null, bonusCoupon, maxPayoutTiers));
  }, [user?.limits, bonusCoupon, maxPayoutTiers, setRules]);

  useEffect(() => {
    if (isLoading) return;
    // The session cookie is shared by every tab, so the state this tab just learnt is every tab's.
    writeSessionFlag(loggedIn ? 'in' : 'out');
    const timer = setInterval(() => {
      if (sessionDisagrees(readSessionFlag(), sessionFlagWrittenHere(), loggedInRef.current)) window.location.reload();
    }, SESSION_POLL_MS);
    return () => clearInterval(timer);
  }, [isLoading, loggedIn]);

  return null;
}
