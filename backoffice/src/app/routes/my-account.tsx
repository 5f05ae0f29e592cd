import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { useChangePassword, useMySessions } from '@/features/auth/api/account';
import { useMe } from '@/features/auth/api/session';
import { type Passwords, passwordErrors } from '@/features/auth/password';
import { useErrorText, useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import type { FieldErrors } from '@/lib/form';

/** Spec §2 admin "my account" and "change password": who is signed in (role, site, permissions), a new password, my live sessions. */
export default function MyAccountPage() {
  const { t } = useTranslation(['common', 'users']);
  const errorText = useErrorText();
  const failure = useFailureText();
  const me = useMe().data!;
  const sessions = useMySessions();
  const change = useChangePassword();
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const values: Passwords = { currentPassword: String(data.get('currentPassword') ?? ''), newPassword: String(data.get('newPassword') ?? ''), newPasswordRepeat: String(data.get('newPasswordRepeat') ?? '') };
    const found = passwordErrors(values, me.userName);
    setErrors(found);
    change.reset();
    if (Object.keys(found).length > 0) return;
    change.mutate(values, { onSuccess: () => form.reset() });
  };

  const who: [string, string, string][] = [
    [t('myAccount.userName'), me.userName, 'me-userName'],
    [t('myAccount.name'), `${me.firstName} ${me.lastName}`.trim(), 'me-name'],
    [t('myAccount.role'), t(`roles.${me.role}` as never, { defaultValue: me.role }), 'me-role'],
    [t('myAccount.site'), me.siteId, 'me-site'],
    [t('myAccount.permissions'), me.permissions.map((p) => t(`users:permission.${p}` as never, { defaultValue: p })).join(', '), 'me-permissions'],
  ];

  return (
    <section className="card" data-testid="page-my-account">
      <h1>{t('myAccount.title')}</h1>
      <dl className="fields" data-testid="me-fields">
        {who.map(([label, value, testId]) => (
          <div key={testId} className="fields__row">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value || '—'}</dd>
          </div>
        ))}
      </dl>

      <div className="panel">
        <h2>{t('myAccount.changePassword')}</h2>
        <p className="muted">{t('myAccount.changeHint')}</p>
        {change.isSuccess ? (
          <Notice kind="success" testId="password-changed">
            {errorText('userPassChangeSuccess')} {t('myAccount.othersEnded')}
          </Notice>
        ) : null}
        {change.isError ? (
          <Notice kind="error" testId="password-refused">
            {failure(change.error)}
          </Notice>
        ) : null}
        <form className="form" onSubmit={submit} noValidate data-testid="password-form">
          <label>
            {t('myAccount.currentPassword')}
            <input name="currentPassword" type="password" autoComplete="current-password" data-testid="current-password" />
            <FieldError errors={errors} name="currentPassword" />
          </label>
          <label>
            {t('myAccount.newPassword')}
            <input name="newPassword" type="password" autoComplete="new-password" data-testid="new-password" />
            <FieldError errors={errors} name="newPassword" />
          </label>
          <label>
            {t('myAccount.newPasswordRepeat')}
            <input name="newPasswordRepeat" type="password" autoComplete="new-password" data-testid="new-password-repeat" />
            <FieldError errors={errors} name="newPasswordRepeat" />
          </label>
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={change.isPending} data-testid="change-password">
              {t('myAccount.submit')}
            </button>
          </div>
        </form>
      </div>

      <div className="panel">
        <h2>{t('myAccount.sessions')}</h2>
        {sessions.isError ? <Notice kind="error">{failure(sessions.error)}</Notice> : null}
        <table className="table table--compact" data-testid="my-sessions">
          <thead>
            <tr>
              <th>{t('myAccount.sessionStarted')}</th>
              <th>{t('myAccount.lastSeen')}</th>
              <th>{t('myAccount.ip')}</th>
            </tr>
          </thead>
          <tbody>
            {(sessions.data ?? []).map((session) => (
              <tr key={session.sessionRef} data-testid="my-session">
                <td>{formatDateTime(session.createdAt, true)}</td>
                <td>{formatDateTime(session.lastSeenAt, true)}</td>
                <td>{session.ip}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
