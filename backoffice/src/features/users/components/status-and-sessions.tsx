import type { StaffUserView } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useChangeUser, useResetSessions, useSessionHistory } from '../api/users';
import { LoginLock } from './login-lock';

/** Active / passive (passive ends the sessions) and "reset sessions", with the session history beside them. */
export function StatusAndSessions({ user, editable }: { user: StaffUserView; editable: boolean }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const change = useChangeUser(user.userId);
  const reset = useResetSessions(user.userId);
  const history = useSessionHistory(user.userId);
  const next = user.status === 'active' ? 'passive' : 'active';
  return (
    <div className="panel" data-testid="status-sessions">
      <h2>{t('statusAndSessions')}</h2>
      <LoginLock user={user} editable={editable} />
      {editable ? (
        <div className="actions">
          <button type="button" className="button" data-testid="toggle-status" disabled={change.isPending || user.status === 'pending'} onClick={() => change.mutate({ part: 'status', body: { status: next } })}>
            {t(next === 'passive' ? 'makePassive' : 'makeActive')}
          </button>
          <button type="button" className="button" data-testid="reset-sessions" disabled={reset.isPending} onClick={() => reset.mutate()}>
            {t('resetSessions')}
          </button>
        </div>
      ) : null}
      {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
      {reset.isError ? <Notice kind="error">{failure(reset.error)}</Notice> : null}
      {reset.isSuccess ? <Notice kind="success">{t('sessionsEnded')}</Notice> : null}
      <table className="table table--compact">
        <thead>
          <tr>
            <th>{t('sessionStarted')}</th>
            <th>{t('sessionMethod')}</th>
            <th>IP</th>
            <th>{t('sessionEnded')}</th>
          </tr>
        </thead>
        <tbody>
          {(history.data ?? []).slice(0, 20).map((session) => (
            <tr key={session.sessionRef}>
              <td>{formatDateTime(session.startedAt)}</td>
              <td>{session.method}</td>
              <td>{session.ip}</td>
              <td>{session.endedAt ? `${formatDateTime(session.endedAt)} (${session.endReason ?? ''})` : t('sessionLive')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
