import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { LiveConnection } from '@/features/live/components/live-connection';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useSiteDisplay } from '@/features/site/display';
import { ErrorAmountFormat } from '@/lib/error-text';
import { SiteAppearance } from '@/features/site/components/site-appearance';
import { useUiStore } from '@/stores/ui-store';
import { BetslipAside } from './betslip-aside';
import { ContactSidebar } from './contact-sidebar';
import { Footer } from './footer';
import { Header } from './header';
import { LookalikeWarning } from './lookalike-warning';
import { MaintenanceGate } from './maintenance-gate';
import { PopupAlerts } from '@/features/content/components/popup-alerts';
import { MainMenu } from './main-menu';
import { PrintArea } from './print-area';
import { Popups } from './popups';
import { SessionWatcher } from './session-watcher';
import { UpdateBanner } from './update-banner';
import { useCurrentRoute } from './use-current-route';

/** Spec §2 "Route changes scroll to top after 100 ms". */
export const SCROLL_RESET_MS = 100;

const WITH_BETSLIP = new Set(['home', 'sports', 'match', 'livebets', 'couponShare']);

export function Layout() {
  const route = useCurrentRoute();
  const { pathname } = useLocation();
  const setSearchOpen = useUiStore((s) => s.setSearchOpen);
  const settings = useSiteSettings();
  const display = useSiteDisplay();

  useEffect(() => {
    const timer = setTimeout(() => window.scrollTo(0, 0), SCROLL_RESET_MS);
    return () => clearTimeout(timer);
  }, [pathname]);

  // Spec §2 "Clicking anywhere closes the search box" (the search box stops its own clicks).
  useEffect(() => {
    const close = () => setSearchOpen(false);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [setSearchOpen]);

  const showHeader = !route?.hideHeader;
  const showFooter = !route?.hideFooter;
  const showBetslip = route ? WITH_BETSLIP.has(route.id) : false;

  return (
    <div className="app" data-route={route?.id ?? 'none'}>
      <SiteAppearance />
      <ErrorAmountFormat.Provider value={display.money}>
        <MaintenanceGate>
          <SessionWatcher />
          <LiveConnection />
          <UpdateBanner />
          {showHeader && (
            <>
              <LookalikeWarning />
              <Header />
              <MainMenu />
            </>
          )}
          <div className={showBetslip ? 'main main--with-aside' : 'main'}>
            <main className="content">
              <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
                <Outlet />
              </Suspense>
            </main>
            {showBetslip && <BetslipAside />}
          </div>
          {showFooter && <Footer />}
          {showHeader && <ContactSidebar />}
          <Popups />
          {showHeader && <PopupAlerts onHome={route?.id === 'home'} />}
          <PrintArea title={settings.title} />
        </MaintenanceGate>
      </ErrorAmountFormat.Provider>
    </div>
  );
}
