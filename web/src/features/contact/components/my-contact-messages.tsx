import type { ContactStatus } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useMyContactMessages } from '../api/contact';

/** Waiting for support stands out; an answer is good news; a closed message is done. */
const STATUS_CLASS: Readonly<Record<ContactStatus, string>> = {
  open: 'status status--orange',
  answered: 'status status--green',
  closed: 'status status--blue',
};

/** "My messages" below a logged-in player's contact form: each message with the support team's replies. */
export function MyContactMessages() {
  const { t } = useTranslation('contact');
  const errorText = useErrorText();
  const messages = useMyContactMessages(true);
  const list = messages.data ?? [];
  return (
    <section className="my-contact-messages" aria-labelledby="my-contact-messages-title" data-testid="my-contact-messages">
      <h2 id="my-contact-messages-title">{t('mine.title')}</h2>
      {messages.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : messages.error ? (
        <p className="notice notice--error" role="alert">
          {isApiError(messages.error) ? errorText(messages.error.key, messages.error.params) : errorText('tecnicalProblemContent')}
        </p>
      ) : list.length === 0 ? (
        <EmptyState title={t('mine.empty')} />
      ) : (
        <ul className="my-contact-messages__list">
          {list.map((m) => (
            <li key={m.messageId} className="my-contact-messages__item" data-testid="contact-message">
              <header className="my-contact-messages__header">
                <strong>{m.subject}</strong>
                <span className={STATUS_CLASS[m.status]} data-testid="contact-message-status">
                  {t(`status.${m.status}`)}
                </span>
              </header>
              <p className="muted small">
                {t(`topics.${m.topic}`)} · <time dateTime={m.sentAt}>{formatDateTime(m.sentAt)}</time>
              </p>
              <p className="prose">{m.message}</p>
              {m.replies.length > 0 && (
                <ol className="my-contact-messages__replies">
                  {m.replies.map((reply) => (
                    <li key={reply.replyId} className="my-contact-messages__reply" data-testid="contact-reply">
                      <p className="muted small">
                        {t('mine.reply')} · <time dateTime={reply.at}>{formatDateTime(reply.at)}</time>
                      </p>
                      <p className="prose">{reply.text}</p>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
