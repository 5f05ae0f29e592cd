import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { useChangeAffiliateStatus } from '../api/affiliates';

export interface StatusTarget {
  readonly userId: string;
  readonly userName: string;
  readonly referralCode: string;
  readonly status: 'active' | 'passive';
}

/**
 * Confirms pausing or resuming an affiliate. A paused affiliate keeps its players and figures but gets
 * no banners (api/AFFILIATE.md); the api takes no reason, so none is asked.
 */
export function StatusDialog({ affiliate, onClose }: { affiliate: StatusTarget; onClose: () => void }) {
  const { t } = useTranslation('affiliates');
  const failure = useFailureText();
  const change = useChangeAffiliateStatus();
  const pause = affiliate.status === 'active';
  return (
    <Modal title={t(pause ? 'pauseTitle' : 'resumeTitle')} onClose={onClose} testId="affiliate-status-dialog">
      <div className="form">
        <p>{t(pause ? 'pauseConfirm' : 'resumeConfirm', { userName: affiliate.userName, code: affiliate.referralCode })}</p>
        {change.isError ? <Notice kind="error">{failure(change.error)}</Notice> : null}
        <div className="actions">
          <button
            type="button"
            className={pause ? 'button button--danger' : 'button button--primary'}
            data-testid="affiliate-status-confirm"
            disabled={change.isPending}
            onClick={() => change.mutate({ userId: affiliate.userId, status: pause ? 'passive' : 'active' }, { onSuccess: onClose })}
          >
            {t(pause ? 'pause' : 'resume')}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
