import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useResetPassword } from '@/features/auth/api/account';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';

/** Spec §2 /resetPassword/{passCode}: new password 4–20, typed twice (§5). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { passCode = '' } = useParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const [repassword, setRepassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 4 || password.length > 20) return setProblem(errorText('minLengthMaxLength', [4, 20]));
    if (password !== repassword) return setProblem(errorText('passwordsDiffer'));
    setProblem(null);
    reset.mutate({ passCode, password, repassword });
  };
  return (
    <section className="page page--narrow" data-testid="page-resetPassword">
      <h1>{t('resetPassword')}</h1>
      {reset.isSuccess ? (
        <p className="notice notice--success">{errorText('userPassChangeSuccess')}</p>
      ) : (
        <form className="form" onSubmit={submit} noValidate>
          <label>
            {t('newPassword')}
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" />
          </label>
          <label>
            {t('fields.passwordRepeat')}
            <input type="password" value={repassword} onChange={(e) => setRepassword(e.target.value)} autoComplete="new-password" />
          </label>
          {(problem || reset.error) && (
            <p className="notice notice--error" role="alert">
              {problem ?? (isApiError(reset.error) ? errorText(reset.error.key, reset.error.params) : errorText('tecnicalProblemContent'))}
            </p>
          )}
          <button type="submit" className="button button--primary" disabled={reset.isPending}>
            {t('send')}
          </button>
        </form>
      )}
    </section>
  );
}
