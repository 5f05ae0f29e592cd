import type { StaffUserView } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useClearLoginLock } from '../api/users';

/**
 * The lock failed logins put on the account (docs/decisions/0004): until when and after how many
 * failures, and "Unlock" for staff who may edit the user. Nothing while the account is not locked.
 */
export function LoginLock({ user, editable }: { user: StaffUserView; editable: boolean }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const clear = useClearLoginLock(user.userId);
  const lock = user.loginLock;
  if (!lock) return clear.isSuccess ? <Notice kind="success">{t('loginUnlocked')}</Notice> : null;
  return (
    <div className="actions" data-testid="login-lock">
      <Notice kind="warning" testId="login-lock-text">{t('loginLocked', { until: formatDateTime(lock.lockedUntil, true), failures: lock.failures })}</Notice>
      {editable ? (
        <button type="button" className="button" data-testid="unlock-login" disabled={clear.isPending} onClick={() => clear.mutate()}>
          {t('unlockLogin')}
        </button>
      ) : null}
      {clear.isError ? <Notice kind="error">{failure(clear.error)}</Notice> : null}
    </div>
  );
}
