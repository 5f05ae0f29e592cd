import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useLogin } from '../api/login';
import { LOGIN_MAX, LOGIN_MIN, loginProblems, type LoginProblem } from '../validation';

/** Spec §2 login popup / login screen: username, password, forgot password, register; §5 4–20 rule. */
export function LoginForm({ onDone, showRegister = true }: { onDone?: () => void; showRegister?: boolean }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const login = useLogin();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<LoginProblem[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = loginProblems(userName, password);
    setProblems(found);
    if (found.length) return;
    login.mutate({ userName: userName.trim(), password }, { onSuccess: () => onDone?.() });
  };

  const problemText = (field: LoginProblem['field']) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return null;
    return problem.key === 'isRequiredArea' ? errorText('isRequiredArea') : t('lengthRule', { min: LOGIN_MIN, max: LOGIN_MAX });
  };

  const serverError = login.error ? (isApiError(login.error) ? errorText(login.error.key, login.error.params) : errorText('tecnicalProblemContent')) : null;

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="login-form">
      <label>
        {t('userName')}
        <input name="userName" autoComplete="username" value={userName} maxLength={LOGIN_MAX} onChange={(e) => setUserName(e.target.value)} />
        {problemText('userName') && <span className="field-error">{problemText('userName')}</span>}
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" value={password} maxLength={LOGIN_MAX} onChange={(e) => setPassword(e.target.value)} />
        {problemText('password') && <span className="field-error">{problemText('password')}</span>}
      </label>
      {serverError && (
        <p className="notice notice--error" role="alert" data-testid="login-error">
          {serverError}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signIn')}
      </button>
      <div className="form__links">
        <Link to={`/${lang}/forgotPassword`} onClick={onDone}>
          {t('forgotPassword')}
        </Link>
        {showRegister && (
          <Link to={`/${lang}/register`} onClick={onDone}>
            {t('register')}
          </Link>
        )}
      </div>
    </form>
  );
}
