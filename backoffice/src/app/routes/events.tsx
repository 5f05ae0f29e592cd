import type { EventLogEntry } from '@kupon/api/contract';
import { EventLogQuery } from '@contract/event-log';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { FieldError, Notice } from '@/components/field-error';
import { exportHref, type LogFilters, useEventLog } from '@/features/regulator/api/events';
import { VerifyPanel } from '@/features/regulator/components/verify-panel';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, localInputToIso } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';

const PAGE = 50;
const CATEGORIES = ['user', 'wallet', 'coupon', 'transfer', 'match', 'site', 'unique'] as const;
const column = createColumnHelper<typeof tableCore, EventLogEntry>();

/** The regulator console: the global log with filters (category, type, stream, actor, time), each event's actor and IP, and verification of the whole chain. */
export default function EventsPage() {
  const { t } = useTranslation(['events', 'common']);
  const failure = useFailureText();
  const [filters, setFilters] = useState<LogFilters>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  // Older pages are reached with the previous page's cursor; the stack walks back.
  const [cursors, setCursors] = useState<string[]>([]);
  const log = useEventLog(filters, cursors.at(-1), PAGE);

  const columns = useMemo<Columns<EventLogEntry>>(
    () => [
      column.accessor('at', { header: () => t('at'), cell: (cell) => formatDateTime(cell.getValue(), true) }),
      column.accessor('type', { header: () => t('type') }),
      column.accessor('streamName', {
        header: () => t('stream'),
        cell: ({ row }) => (
          <Link to={`/events/stream/${encodeURIComponent(row.original.streamName)}?highlight=${row.original.streamRevision}`} data-testid="stream-link">
            {row.original.streamName}
          </Link>
        ),
      }),
      column.accessor('streamRevision', { header: () => t('revision') }),
      column.display({ id: 'actor', header: () => t('actor'), cell: ({ row }) => `${row.original.actor.userId} (${row.original.actor.role})` }),
      column.display({ id: 'ip', header: () => 'IP', cell: ({ row }) => row.original.actor.ip ?? '' }),
    ],
    [t],
  );

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const next = { category: text('category'), type: text('type'), stream: text('stream'), actorUserId: text('actorUserId'), from: localInputToIso(String(form.get('from') ?? '')), to: localInputToIso(String(form.get('to') ?? '')) };
    const checked = validate(EventLogQuery, next);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setFilters(next);
    setCursors([]);
  };

  return (
    <section className="card" data-testid="page-events">
      <h1>{t('title')}</h1>
      <VerifyPanel stream={null} />
      <form className="filters form--grid" onSubmit={apply} noValidate data-testid="event-filters">
        <label>
          {t('category')}
          <select name="category" defaultValue="">
            <option value="">{t('allCategories')}</option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('type')}
          <input name="type" placeholder="UserLoggedIn" />
          <FieldError errors={errors} name="type" />
        </label>
        <label>
          {t('stream')}
          <input name="stream" placeholder="wallet-…" />
          <FieldError errors={errors} name="stream" />
        </label>
        <label>
          {t('actor')}
          <input name="actorUserId" />
          <FieldError errors={errors} name="actorUserId" />
        </label>
        <label>
          {t('common:from')}
          <input name="from" type="datetime-local" step="1" />
          <FieldError errors={errors} name="from" />
        </label>
        <label>
          {t('common:to')}
          <input name="to" type="datetime-local" step="1" />
          <FieldError errors={errors} name="to" />
        </label>
        <div className="actions">
          <button type="submit" className="button button--primary">
            {t('common:search')}
          </button>
          {filters.from && filters.to ? (
            <a className="button" href={exportHref({ from: filters.from, to: filters.to })} download data-testid="export-range">
              {t('exportRange')}
            </a>
          ) : null}
        </div>
      </form>
      {log.isError ? <Notice kind="error">{failure(log.error)}</Notice> : null}
      <DataTable columns={columns} data={log.data?.entries ?? []} rowId={(row) => row.eventId} testId="event-log" rowTestId="event-row" loading={log.isFetching} />
      <nav className="pager">
        <button type="button" className="button" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('common:newer')}
        </button>
        <button type="button" className="button" disabled={!log.data?.nextBefore} onClick={() => setCursors((c) => [...c, log.data!.nextBefore!])}>
          {t('common:older')}
        </button>
      </nav>
    </section>
  );
}
