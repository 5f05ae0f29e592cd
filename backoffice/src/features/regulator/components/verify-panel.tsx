import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { useVerify } from '../api/events';

/** Verifies the hash chain (one stream, or everything) and shows the result with the first broken link. */
export function VerifyPanel({ stream }: { stream: string | null }) {
  const { t } = useTranslation('events');
  const failure = useFailureText();
  const verify = useVerify();
  const report = verify.data;
  return (
    <div className="panel" data-testid="verify-panel">
      <button type="button" className="button button--primary" data-testid={stream ? 'verify-stream' : 'verify-all'} disabled={verify.isPending} onClick={() => verify.mutate(stream)}>
        {t(stream ? 'verifyStream' : 'verifyAll')}
      </button>
      {verify.isPending ? <span className="muted"> {t('verifying')}</span> : null}
      {verify.isError ? <Notice kind="error">{failure(verify.error)}</Notice> : null}
      {report ? (
        <div data-testid="verify-result" data-ok={report.ok ? '1' : '0'}>
          {report.ok ? (
            <Notice kind="success">{t('chainOk', { streams: report.streamsChecked, events: report.eventsChecked })}</Notice>
          ) : (
            <Notice kind="error">
              <span>
                {t('chainBroken', { streams: report.streamsChecked, events: report.eventsChecked })}{' '}
                {report.firstFailure ? (
                  <span data-testid="first-failure">
                    {t('firstFailure', { reason: t(`reasons.${report.firstFailure.reason}`), revision: report.firstFailure.streamRevision })}{' '}
                    <Link to={`/events/stream/${encodeURIComponent(report.firstFailure.streamName)}?highlight=${report.firstFailure.streamRevision}`}>{report.firstFailure.streamName}</Link>
                    {report.firstFailure.eventId ? <span className="muted small"> ({report.firstFailure.eventId})</span> : null}
                  </span>
                ) : report.firstFailureElsewhere ? (
                  t('failureElsewhere')
                ) : null}
              </span>
            </Notice>
          )}
        </div>
      ) : null}
    </div>
  );
}
