import type { ContactSummary } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { mayAnswerContact } from '../access';
import { useContactInbox } from '../api/contact-messages';
import { CONTACT_STATUSES, CONTACT_TOPICS, DEFAULT_STATUS, isContactStatus, isContactTopic } from '../utils/contact-lists';
import { ContactMessageDialog } from './contact-message-dialog';
import { StatusBadge } from './status-badge';

const PAGE = 25;
/** The status filter's "every status" (an absent `status` is the default, open). */
const ALL = 'all';
const column = createColumnHelper<typeof tableCore, ContactSummary>();

/**
 * The contact inbox: the messages players and guests sent from the player site's contact form,
 * newest first, by status (open ones first shown), topic and a search, paged by the server; a row
 * opens the message (`?message=`), where site staff answer and close it and the regulator reads.
 */
export default function ContactInboxPage() {
  const { t } = useTranslation(['contact', 'common']);
  const failure = useFailureText();
  const answerable = mayAnswerContact(useMe().data);
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status') ?? DEFAULT_STATUS;
  const topicParam = params.get('topic') ?? '';
  const q = params.get('q') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const opened = params.get('message');
  const status = isContactStatus(statusParam) ? statusParam : null;
  const topic = isContactTopic(topicParam) ? topicParam : null;
  const [typed, setTyped] = useState(q);
  const list = useContactInbox({ status, topic, q, offset, limit: PAGE });
  const set = (next: Record<string, string>) => {
    const kept: Record<string, string> = { status: status ?? ALL, topic: topic ?? '', q, offset: String(offset), ...(opened ? { message: opened } : {}) };
    const merged = { ...kept, ...next };
    setParams(Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== '')), { replace: true });
  };

  const columns = useMemo<Columns<ContactSummary>>(
    () => [
      column.accessor('sentAt', { header: () => t('sentAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('name', { header: () => t('name') }),
      column.accessor('userName', { header: () => t('userName'), cell: (cell) => cell.getValue() ?? <span className="muted">{t('guest')}</span> }),
      column.accessor('email', { header: () => t('email') }),
      column.accessor('topic', { header: () => t('topic'), cell: (cell) => t(`topics.${cell.getValue()}`, { defaultValue: cell.getValue() }) }),
      column.accessor('subject', { header: () => t('subject') }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <StatusBadge status={cell.getValue()} /> }),
      column.accessor('replyCount', { header: () => t('replyCount') }),
      column.accessor('repliedAt', { header: () => t('repliedAt'), cell: (cell) => formatDateTime(cell.getValue()) }),
    ],
    [t],
  );

  return (
    <section className="card" data-testid="page-contact">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <form
        className="filters"
        role="search"
        data-testid="contact-search"
        onSubmit={(event) => {
          event.preventDefault();
          set({ q: typed.trim(), offset: '0' });
        }}
      >
        <label>
          {t('status')}
          <select name="status" value={status ?? ALL} onChange={(event) => set({ status: event.target.value, offset: '0' })}>
            <option value={ALL}>{t('allStatuses')}</option>
            {CONTACT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('topic')}
          <select name="topic" value={topic ?? ''} onChange={(event) => set({ topic: event.target.value, offset: '0' })}>
            <option value="">{t('allTopics')}</option>
            {CONTACT_TOPICS.map((k) => (
              <option key={k} value={k}>
                {t(`topics.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('searchLabel')}
          <input name="q" type="search" placeholder={t('searchPlaceholder')} value={typed} maxLength={100} onChange={(event) => setTyped(event.target.value)} />
        </label>
        <button type="submit" className="button button--primary">
          {t('common:search')}
        </button>
      </form>
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {list.data ? (
        <p className="muted" data-testid="contact-total">
          {t('total', { total: list.data.total })}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        data={list.data?.messages ?? []}
        rowId={(message) => message.messageId}
        testId="contact-list"
        rowTestId="contact-row"
        loading={list.isFetching}
        onRowClick={(message) => set({ message: message.messageId })}
      />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} pageSize={list.data?.messages.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
      {opened ? <ContactMessageDialog key={opened} messageId={opened} answerable={answerable} onClose={() => set({ message: '' })} /> : null}
    </section>
  );
}
