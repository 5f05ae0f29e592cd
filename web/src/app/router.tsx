import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { ROUTES, type RouteId } from '@/config/routes';
import { Guarded } from './guarded';
import { LanguageRedirect, LanguageRoot } from './language-root';
import { NotFound } from './routes/not-found';

/** Lazy pages (STYLE.md "Routes are lazy"): one chunk per page. */
const PAGES: Record<RouteId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('./routes/home')),
  firstlogin: lazy(() => import('./routes/login')),
  google: lazy(() => import('./routes/home')),
  register: lazy(() => import('./routes/register')),
  activation: lazy(() => import('./routes/activation')),
  sports: lazy(() => import('./routes/sports')),
  match: lazy(() => import('./routes/match')),
  livebets: lazy(() => import('./routes/livebets')),
  casino: lazy(() => import('./routes/casino')),
  livecasino: lazy(() => import('./routes/casino')),
  bingo: lazy(() => import('./routes/casino')),
  tvgames: lazy(() => import('./routes/casino')),
  virtualgames: lazy(() => import('./routes/casino')),
  promotions: lazy(() => import('./routes/promotions')),
  couponShare: lazy(() => import('./routes/coupon-share')),
  results: lazy(() => import('./routes/results')),
  page: lazy(() => import('./routes/static-page')),
  transactions: lazy(() => import('./routes/transactions')),
  transferRequest: lazy(() => import('./routes/transfer-requests')),
  deposit: lazy(() => import('./routes/deposit')),
  withdraw: lazy(() => import('./routes/withdraw')),
  changePassword: lazy(() => import('./routes/change-password')),
  userInformation: lazy(() => import('./routes/user-information')),
  notifications: lazy(() => import('./routes/notifications')),
  coupons: lazy(() => import('./routes/coupons')),
  affiliate: lazy(() => import('./routes/affiliate')),
  affiliateBanner: lazy(() => import('./routes/affiliate-banner')),
  forgotPassword: lazy(() => import('./routes/forgot-password')),
  resetPassword: lazy(() => import('./routes/reset-password')),
  loginwithuser: lazy(() => import('@/features/auth/components/login-with-user-page')),
  handlogin: lazy(() => import('@/features/auth/components/hand-login-page')),
  racing: lazy(() => import('./routes/casino')),
  lotto: lazy(() => import('./routes/casino')),
  virtualleague: lazy(() => import('./routes/casino')),
  betgames: lazy(() => import('./routes/casino')),
  mintGaming: lazy(() => import('./routes/casino')),
  virtualSports: lazy(() => import('./routes/casino')),
  ticketCheck: lazy(() => import('@/features/ticket-check/components/ticket-check-page')),
  contact: lazy(() => import('@/features/contact/components/contact-page')),
  terminal: lazy(() => import('@/features/terminal/components/terminal-cash-page')),
};

export function appRoutes(): RouteObject[] {
  const children: RouteObject[] = ROUTES.flatMap((route) =>
    route.paths.map((path) => {
      const Page = PAGES[route.id];
      const element = (
        <Guarded route={route}>
          <Page />
        </Guarded>
      );
      const handle = { route };
      return path === '' ? { index: true, element, handle } : { path, element, handle };
    }),
  );
  children.push({ path: '*', element: <NotFound /> });
  return [
    { path: '/', element: <LanguageRedirect /> },
    { path: '/:lang', element: <LanguageRoot />, children },
    { path: '*', element: <LanguageRedirect /> },
  ];
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

export function AppRouter() {
  router ??= createBrowserRouter(appRoutes());
  return <RouterProvider router={router} />;
}
