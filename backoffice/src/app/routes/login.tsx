import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useMe } from '@/features/auth/api/session';
import { LoginForm } from '@/features/auth/components/login-form';
import { LanguageSwitcher } from '../language-switcher';

/** One door for every back-office role (admin, operator, partner, regulator, dealers): the role decides what opens. */
export default function LoginPage() {
  const { t } = useTranslation('common');
  const me = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const back = (location.state as { from?: string } | null)?.from ?? '/';
  if (me.data) return <Navigate to={back} replace />;
  return (
    <div className="login-page">
      <section className="card login-card">
        <header className="login-card__header">
          <h1>{t('appName')}</h1>
          <LanguageSwitcher />
        </header>
        <p className="muted">{t('loginHint')}</p>
        <LoginForm onSignedIn={() => navigate(back, { replace: true })} />
      </section>
    </div>
  );
}
