import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForgotPassword } from '@/features/auth/api/account';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';

/** Spec §2 /forgotPassword. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const forgot = useForgotPassword();
  const [userName, setUserName] = useState('');
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    forgot.mutate({ ...(userName.trim() ? { userName: userName.trim() } : {}), ...(email.trim() ? { email: email.trim() } : {}) });
  };
  return (
    <section className="page page--narrow" data-testid="page-forgotPassword">
      <h1>{t('forgotPassword')}</h1>
      {forgot.isSuccess ? (
        <p className="notice notice--success">{t('resetMailSent')}</p>
      ) : (
        <form className="form" onSubmit={submit}>
          <label>
            {t('userName')}
            <input value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="username" />
          </label>
          <label>
            {t('fields.email')}
            <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
          </label>
          {forgot.error && <p className="notice notice--error">{isApiError(forgot.error) ? errorText(forgot.error.key, forgot.error.params) : errorText('tecnicalProblemContent')}</p>}
          <button type="submit" className="button button--primary" disabled={forgot.isPending}>
            {t('send')}
          </button>
        </form>
      )}
    </section>
  );
}
