import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useLogout, useMe } from '@/features/auth/api/session';
import { sectionsFor } from '@/features/auth/access';
import { sectionPath, useStaffWaiting, waitingBySection } from '@/features/waiting/api/get-waiting';
import { WaitingBadge } from '@/features/waiting/components/waiting-badge';
import { LanguageSwitcher } from './language-switcher';

/** The back office frame: the menu of the signed-in role (with what waits in each section), who is signed in, language and sign-out. */
export function Layout() {
  const { t } = useTranslation('common');
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();
  const user = me.data!;
  const waiting = waitingBySection(useStaffWaiting(user).data);
  return (
    <div className="shell">
      <header className="topbar">
        <NavLink to="/" className="brand">
          {t('appName')}
        </NavLink>
        <div className="topbar__tools">
          <span data-testid="signed-in" data-role={user.role}>
            {user.userName} · {t(`roles.${user.role}`)}
          </span>
          <NavLink to="/my-account" className="button" data-testid="my-account-link">
            {t('myAccount.link')}
          </NavLink>
          <LanguageSwitcher />
          <button type="button" className="button" data-testid="logout" onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/login') })}>
            {t('logout')}
          </button>
        </div>
      </header>
      <nav className="sidebar" aria-label={t('menu')}>
        {sectionsFor(user).map((section) => (
          <NavLink key={section} to={sectionPath(section, waiting)} className="sidebar__item" data-testid={`nav-${section}`}>
            {t(`sections.${section}`)}
            <WaitingBadge section={section} count={waiting[section]} />
          </NavLink>
        ))}
      </nav>
      <main className="content">
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
