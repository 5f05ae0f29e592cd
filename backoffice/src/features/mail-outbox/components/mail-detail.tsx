import type { OutboxMessage } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { formatDateTime } from '@/lib/format';
import { isHtmlBody, mailDocument } from '../utils/mail-body';

/**
 * One mail as it went out. A text mail is shown as text; an HTML mail is drawn in a sandboxed frame
 * (never into the back office's own page), with its source below.
 */
export function MailDetail({ message, onClose }: { message: OutboxMessage; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const html = isHtmlBody(message.text);
  return (
    <Modal title={message.subject || t('noSubject')} onClose={onClose} testId="mail-detail">
      <dl className="fields">
        <div className="fields__row">
          <dt>{t('time')}</dt>
          <dd>{formatDateTime(message.createdAt, true)}</dd>
        </div>
        <div className="fields__row">
          <dt>{t('to')}</dt>
          <dd data-testid="mail-to">{message.to}</dd>
        </div>
        <div className="fields__row">
          <dt>{t('kind')}</dt>
          <dd>{t(`kinds.${message.kind}` as never, { defaultValue: message.kind })}</dd>
        </div>
        <div className="fields__row">
          <dt>{t('subject')}</dt>
          <dd>{message.subject}</dd>
        </div>
      </dl>
      <h3>{t('body')}</h3>
      {html ? (
        <>
          <iframe
            title={t('body')}
            data-testid="mail-html"
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={mailDocument(message.text)}
            style={{ width: '100%', height: 320, border: '1px solid var(--color-border)', borderRadius: 'var(--radius)', background: 'var(--color-surface)' }}
          />
          <details>
            <summary>{t('source')}</summary>
            <pre className="mono" data-testid="mail-source">
              {message.text}
            </pre>
          </details>
        </>
      ) : (
        <pre className="mono" data-testid="mail-text">
          {message.text}
        </pre>
      )}
    </Modal>
  );
}
