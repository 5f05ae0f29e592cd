import type { GuardContext } from '@/config/guards';
import { useUser } from '@/features/auth/api/get-user';
import { useSiteSettingsState } from '@/features/site/api/get-settings';

export function useGuardContext(): GuardContext & { ready: boolean } {
  // A guard waits for the site's settings too: login_screen and register_disabled decide redirects.
  const { settings, ready } = useSiteSettingsState();
  const { user, isLoading } = useUser();
  return {
    ready: ready && !isLoading,
    loggedIn: user !== null,
    flags: user?.flags ?? {},
    loginScreen: settings.login_screen === 1,
    registerDisabled: settings.register_disabled === 1,
    affiliateEnabled: settings.affiliateStatus === 1,
    ...(user?.role ? { role: user.role } : {}),
  };
}
