import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '@/features/auth/components/register-form';

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const [done, setDone] = useState(false);
  return (
    <section className="page page--narrow" data-testid="page-register">
      <h1>{t('register')}</h1>
      {done ? (
        <p className="notice notice--success" role="status" data-testid="register-success">
          {t('registered')}
        </p>
      ) : (
        <RegisterForm onRegistered={() => setDone(true)} />
      )}
    </section>
  );
}
