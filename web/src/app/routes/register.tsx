import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { RegisterForm } from '@/features/auth/components/register-form';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { registerDestination } from '@/features/site/types';

/**
 * §2 /register. A new account that awaits e-mail activation is told to open its mail; one that may
 * log in at once is told so, with the way on that §3 redirectRegister names (the deposit page by
 * default, else home): registration opens no session, so the page offers the way rather than taking it.
 */
export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  const [done, setDone] = useState<'active' | 'pending' | null>(null);
  return (
    <section className="page page--narrow" data-testid="page-register">
      <h1>{t('register')}</h1>
      {done ? (
        <div className="notice notice--success" role="status" data-testid="register-success">
          <p>{t(done === 'active' ? 'registeredActive' : 'registered')}</p>
          {done === 'active' && (
            <Link className="button button--primary" to={registerDestination(settings, lang)} data-testid="register-next">
              {t(settings.redirectRegister === 'home' ? 'registeredGoHome' : 'registeredGoDeposit')}
            </Link>
          )}
        </div>
      ) : (
        <RegisterForm onRegistered={setDone} />
      )}
    </section>
  );
}
