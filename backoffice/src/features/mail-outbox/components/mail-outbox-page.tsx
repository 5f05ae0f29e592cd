import type { OutboxMessage } from '@kupon/api/contract';
import { OutboxQuery } from '@contract/identity';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useMailOutbox } from '../api/mail-outbox';
import { MailDetail } from './mail-detail';

const PAGE = 25;
/** The mails the api writes today (activation, password renewal, a staff reply to a contact message); another kind still lists under "all". */
const KINDS = ['activation', 'passwordReset', 'contactReply'] as const;
const column = createColumnHelper<typeof tableCore, OutboxMessage>();

/**
 * The dev mail outbox (issue 4): every mail the built-in mailer wrote for this brand instead of
 * sending it, newest first, by recipient and kind, paged by the server; a row opens the mail.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation(['mail', 'common']);
  const failure = useFailureText();
  const [params, setParams] = useSearchParams();
  const to = params.get('to') ?? '';
  const kind = params.get('kind') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [errors, setErrors] = useState<FieldErrors>({});
  const [open, setOpen] = useState<OutboxMessage | null>(null);
  const list = useMailOutbox({ to, kind, offset, limit: PAGE });
  const set = (next: Record<string, string>) => setParams({ to, kind, offset: String(offset), ...next }, { replace: true });

  const columns = useMemo<Columns<OutboxMessage>>(
    () => [
      column.accessor('createdAt', { header: () => t('time'), cell: (cell) => formatDateTime(cell.getValue(), true) }),
      column.accessor('to', { header: () => t('to') }),
      column.accessor('kind', { header: () => t('kind'), cell: (cell) => t(`kinds.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      column.accessor('subject', { header: () => t('subject') }),
    ],
    [t],
  );

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { to: String(form.get('to') ?? '').trim(), kind: String(form.get('kind') ?? '') };
    // The route's own query schema, so a bad entry is named before any request goes.
    const checked = validate(OutboxQuery, next);
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) set({ ...next, offset: '0' });
  };

  return (
    <section className="card" data-testid="page-mail">
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <form className="filters" role="search" onSubmit={search} noValidate data-testid="mail-search" key={`${to}|${kind}`}>
        <label>
          {t('to')} <input name="to" type="email" placeholder={t('toPlaceholder')} defaultValue={to} maxLength={254} />
          <FieldError errors={errors} name="to" />
        </label>
        <label>
          {t('kind')}{' '}
          <select name="kind" defaultValue={kind}>
            <option value="">{t('allKinds')}</option>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--primary">
          {t('common:search')}
        </button>
      </form>
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      <DataTable
        columns={columns}
        data={list.data?.messages ?? []}
        rowId={(message) => message.id}
        testId="mail-list"
        rowTestId="mail-row"
        loading={list.isFetching}
        onRowClick={setOpen}
      />
      <Pager offset={offset} limit={PAGE} total={list.data?.total ?? 0} pageSize={list.data?.messages.length ?? 0} onOffset={(next) => set({ offset: String(next) })} />
      {open ? <MailDetail message={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
