import type { StaffContactMessage } from '@kupon/api/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useCloseContact, useContactMessage } from '../api/contact-messages';
import { ReplyForm } from './reply-form';
import { StatusBadge } from './status-badge';

/**
 * One contact message as staff see it: where it came from, its text and every reply with who sent
 * it. Site staff answer and close it while it is not closed; the regulator only reads. The player's
 * text is shown as text, never as markup.
 */
export function ContactMessageDialog({ messageId, answerable, onClose }: { messageId: string; answerable: boolean; onClose: () => void }) {
  const { t } = useTranslation('contact');
  const failure = useFailureText();
  const message = useContactMessage(messageId);
  return (
    <Modal title={message.data?.subject ?? t('message')} onClose={onClose} testId="contact-message">
      {message.isPending ? <div aria-busy="true" /> : null}
      {message.isError ? <Notice kind="error">{failure(message.error)}</Notice> : null}
      {message.data ? <MessageView message={message.data} answerable={answerable} /> : null}
    </Modal>
  );
}

function MessageView({ message, answerable }: { message: StaffContactMessage; answerable: boolean }) {
  const { t } = useTranslation('contact');
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div className="fields__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
  return (
    <div className="form">
      <dl className="fields" data-testid="contact-fields">
        {row(t('sentAt'), formatDateTime(message.sentAt, true), 'contact-sent-at')}
        {row(t('name'), message.name, 'contact-name')}
        {row(t('userName'), message.userName ?? <span className="muted">{t('guest')}</span>, 'contact-user')}
        {row(t('email'), message.email, 'contact-email')}
        {row(t('topic'), t(`topics.${message.topic}`, { defaultValue: message.topic }), 'contact-topic')}
        {row(t('status'), <StatusBadge status={message.status} />, 'contact-status')}
        {row(t('lang'), message.lang, 'contact-lang')}
        {row(t('ip'), message.ip, 'contact-ip')}
        {message.closedAt ? row(t('closedAt'), t('closedBy', { at: formatDateTime(message.closedAt), userName: message.closedByUserName ?? '' }), 'contact-closed') : null}
      </dl>
      <h3>{t('message')}</h3>
      <div className="plain-text panel" data-testid="contact-text">
        {message.message}
      </div>
      <h3>{t('replies', { count: message.replies.length })}</h3>
      {message.replies.length === 0 ? <p className="muted">{t('noReplies')}</p> : null}
      {message.replies.map((reply) => (
        <div key={reply.replyId} className="panel" data-testid="contact-reply">
          <span className="muted small" data-testid="contact-reply-by">
            {t('repliedBy', { userName: reply.byUserName, at: formatDateTime(reply.at) })}
          </span>
          <div className="plain-text">{reply.text}</div>
        </div>
      ))}
      {answerable && message.status !== 'closed' ? (
        <>
          <ReplyForm messageId={message.messageId} email={message.email} />
          <CloseButton messageId={message.messageId} />
        </>
      ) : null}
    </div>
  );
}

/** Closing needs a confirmation: a closed message takes no more replies. */
function CloseButton({ messageId }: { messageId: string }) {
  const { t } = useTranslation('contact');
  const failure = useFailureText();
  const close = useCloseContact(messageId);
  return (
    <>
      {close.isError ? <Notice kind="error">{failure(close.error)}</Notice> : null}
      <div className="actions">
        <button type="button" className="button button--danger" data-testid="close-message" disabled={close.isPending} onClick={() => window.confirm(t('closeConfirm')) && close.mutate()}>
          {t('closeMessage')}
        </button>
      </div>
    </>
  );
}
