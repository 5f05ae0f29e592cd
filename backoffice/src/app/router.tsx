import { lazy } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Layout } from './layout';
import NotFound from './routes/not-found';
import { RequireSection, RequireStaff } from './require-staff';

/** Lazy pages (STYLE.md "Routes are lazy"): one chunk per page; the charts load with reports only. */
const Login = lazy(() => import('./routes/login'));
const Home = lazy(() => import('./routes/home'));
const Users = lazy(() => import('./routes/users'));
const UserDetail = lazy(() => import('./routes/user-detail'));
const Dealers = lazy(() => import('./routes/dealers'));
const Transfers = lazy(() => import('./routes/transfers'));
const Coupons = lazy(() => import('./routes/coupons'));
const Results = lazy(() => import('./routes/results'));
const Events = lazy(() => import('./routes/events'));
const Stream = lazy(() => import('./routes/stream'));
const Reports = lazy(() => import('./routes/reports'));
const Catalog = lazy(() => import('./routes/catalog'));
const PaymentMethods = lazy(() => import('./routes/payment-methods'));
const SiteSettings = lazy(() => import('./routes/site-settings'));
const Content = lazy(() => import('./routes/content'));
const MailOutbox = lazy(() => import('@/features/mail-outbox/components/mail-outbox-page'));
const ContactInbox = lazy(() => import('@/features/contact/components/contact-inbox-page'));
const CasinoReport = lazy(() => import('@/features/casino-report/components/casino-report-page'));
const Affiliates = lazy(() => import('@/features/affiliates/components/affiliates-page'));
const AffiliateDetail = lazy(() => import('@/features/affiliates/components/affiliate-detail-page'));
const Propositions = lazy(() => import('@/features/propositions/components/propositions-page'));
const Cards = lazy(() => import('@/features/cards/components/cards-page'));
const MyAccount = lazy(() => import('./routes/my-account'));

export function appRoutes(): RouteObject[] {
  return [
    { path: '/login', element: <Login /> },
    {
      path: '/',
      element: (
        <RequireStaff>
          <Layout />
        </RequireStaff>
      ),
      children: [
        { index: true, element: <Home /> },
        { path: 'users', element: <RequireSection section="users"><Users /></RequireSection> },
        { path: 'users/:userId', element: <RequireSection section="users"><UserDetail /></RequireSection> },
        { path: 'dealers', element: <RequireSection section="dealers"><Dealers /></RequireSection> },
        { path: 'transfers', element: <RequireSection section="transfers"><Transfers /></RequireSection> },
        { path: 'coupons', element: <RequireSection section="coupons"><Coupons /></RequireSection> },
        { path: 'results', element: <RequireSection section="results"><Results /></RequireSection> },
        { path: 'events', element: <RequireSection section="events"><Events /></RequireSection> },
        { path: 'events/stream/:streamName', element: <RequireSection section="events"><Stream /></RequireSection> },
        { path: 'reports', element: <RequireSection section="reports"><Reports /></RequireSection> },
        { path: 'reports/casino', element: <RequireSection section="reports"><CasinoReport /></RequireSection> },
        { path: 'catalog', element: <RequireSection section="catalog"><Catalog /></RequireSection> },
        { path: 'payments', element: <RequireSection section="payments"><PaymentMethods /></RequireSection> },
        { path: 'site', element: <RequireSection section="site"><SiteSettings /></RequireSection> },
        { path: 'content', element: <RequireSection section="content"><Content /></RequireSection> },
        { path: 'mail', element: <RequireSection section="mail"><MailOutbox /></RequireSection> },
        { path: 'contact', element: <RequireSection section="contact"><ContactInbox /></RequireSection> },
        { path: 'affiliates', element: <RequireSection section="affiliates"><Affiliates /></RequireSection> },
        { path: 'affiliates/:userId', element: <RequireSection section="affiliates"><AffiliateDetail /></RequireSection> },
        { path: 'propositions', element: <RequireSection section="propositions"><Propositions /></RequireSection> },
        { path: 'cards', element: <RequireSection section="cards"><Cards /></RequireSection> },
        { path: 'my-account', element: <MyAccount /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ];
}

let router: ReturnType<typeof createBrowserRouter> | null = null;

export function AppRouter() {
  router ??= createBrowserRouter(appRoutes());
  return <RouterProvider router={router} />;
}
