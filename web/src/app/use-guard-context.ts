import type { GuardContext } from '@/config/guards';
import { useUser } from '@/features/auth/api/get-user';
import { useSiteSettings } from '@/features/site/api/get-settings';

export function useGuardContext(): GuardContext & { ready: boolean } {
  const settings = useSiteSettings();
  const { user, isLoading } = useUser();
  return {
    ready: !isLoading,
    loggedIn: user !== null,
    flags: user?.flags ?? {},
    loginScreen: settings.login_screen === 1,
    registerDisabled: settings.register_disabled === 1,
    affiliateEnabled: settings.affiliateStatus === 1,
  };
}
