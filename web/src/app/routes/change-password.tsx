import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangePassword } from '@/features/auth/api/account';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';

/** Spec §2 /changePassword (currentPassword, newPassword; new password 4–20, §5). */
export default function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!currentPassword) return setProblem(errorText('isRequiredArea'));
    if (newPassword.length < 4 || newPassword.length > 20) return setProblem(errorText('minLengthMaxLength', [4, 20]));
    if (newPassword !== repeat) return setProblem(errorText('passwordsDiffer'));
    setProblem(null);
    change.mutate({ currentPassword, newPassword, newPasswordRepeat: repeat });
  };
  return (
    <section className="page page--narrow" data-testid="page-changePassword">
      <h1>{t('changePassword')}</h1>
      {change.isSuccess && <p className="notice notice--success">{errorText('userPassChangeSuccess')}</p>}
      <form className="form" onSubmit={submit} noValidate>
        <label>
          {t('currentPassword')}
          <input type="password" value={currentPassword} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" />
        </label>
        <label>
          {t('newPassword')}
          <input type="password" value={newPassword} onChange={(e) => setNew(e.target.value)} autoComplete="new-password" />
        </label>
        <label>
          {t('fields.passwordRepeat')}
          <input type="password" value={repeat} onChange={(e) => setRepeat(e.target.value)} autoComplete="new-password" />
        </label>
        {(problem || change.error) && (
          <p className="notice notice--error" role="alert">
            {problem ?? (isApiError(change.error) ? errorText(change.error.key, change.error.params) : errorText('tecnicalProblemContent'))}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={change.isPending}>
          {t('send')}
        </button>
      </form>
    </section>
  );
}
