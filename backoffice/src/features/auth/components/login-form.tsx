import { LoginBody } from '@contract/identity';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { useLogin } from '../api/session';

/** Spec §5 login rules (4–20), checked with the api's `LoginBody` before the request goes. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('common');
  const login = useLogin();
  const failure = useFailureText();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = validate(LoginBody, { userName: String(form.get('userName') ?? '').trim(), password: String(form.get('password') ?? '') });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) login.mutate(checked.data, { onSuccess: onSignedIn });
  };
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="login-form">
      <label>
        {t('userName')}
        <input name="userName" autoComplete="username" />
        <FieldError errors={errors} name="userName" />
      </label>
      <label>
        {t('password')}
        <input name="password" type="password" autoComplete="current-password" />
        <FieldError errors={errors} name="password" />
      </label>
      {login.isError ? <Notice kind="error">{failure(login.error)}</Notice> : null}
      <button type="submit" className="button button--primary" disabled={login.isPending}>
        {t('login')}
      </button>
    </form>
  );
}
