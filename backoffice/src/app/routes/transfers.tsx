import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { useTransfers } from '@/features/transfers/api/transfers';
import { DecisionDialog } from '@/features/transfers/components/decision-dialog';
import type { TransferView } from '@/lib/contract';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime, formatMoney, localInputToIso } from '@/lib/format';

const PAGE = 50;
const STATUSES = ['', 'requested', 'approved', 'credited', 'paid', 'rejected', 'reversed'] as const;

function isStatus(value: string): value is (typeof STATUSES)[number] {
  return (STATUSES as readonly string[]).includes(value);
}
const column = createColumnHelper<typeof tableCore, TransferView>();

/** Deposit and withdrawal requests: approve or reject (with a reason) what is waiting for staff. The status filter is kept in the address (`?status=requested`: the menu's waiting count leads there). */
export default function TransfersPage() {
  const { t } = useTranslation(['transfers', 'common']);
  const failure = useFailureText();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') ?? '';
  const status = isStatus(asked) ? asked : '';
  const setStatus = (next: string) => setParams(next ? { status: next } : {}, { replace: true });
  const [from, setFrom] = useState('');
  // Pages are walked by time: each older page ends where the previous one's last row began.
  const [cursors, setCursors] = useState<string[]>([]);
  const [deciding, setDeciding] = useState<{ transfer: TransferView; approve: boolean } | null>(null);
  const list = useTransfers({ status, from: localInputToIso(from), to: cursors.at(-1), limit: PAGE });
  const rows = list.data ?? [];

  const columns = useMemo<Columns<TransferView>>(
    () => [
      column.accessor('requestedAt', { header: () => t('requestedAt'), cell: (cell) => formatDateTime(cell.getValue(), true) }),
      column.accessor('accountId', { header: () => t('account'), cell: (cell) => <Link to={`/users/${cell.getValue()}`}>{cell.getValue().slice(0, 8)}</Link> }),
      column.accessor('direction', { header: () => t('direction'), cell: (cell) => t(`directions.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      column.accessor('amount', { header: () => t('amount'), cell: ({ row }) => formatMoney(row.original.amount, row.original.currency) }),
      column.accessor('provider', { header: () => t('provider') }),
      column.accessor('status', { header: () => t('status'), cell: (cell) => <span className={`status status--${cell.getValue()}`}>{t(`statuses.${cell.getValue()}` as never, { defaultValue: cell.getValue() })}</span> }),
      column.accessor('reason', { header: () => t('reason'), cell: (cell) => cell.getValue() ?? '' }),
      column.display({
        id: 'actions',
        header: () => '',
        cell: ({ row }) =>
          decidable(row.original) ? (
            <span className="actions">
              <button type="button" className="button button--primary" data-testid="approve" onClick={() => setDeciding({ transfer: row.original, approve: true })}>
                {t('approve')}
              </button>
              <button type="button" className="button" data-testid="reject" onClick={() => setDeciding({ transfer: row.original, approve: false })}>
                {t('reject')}
              </button>
            </span>
          ) : null,
      }),
    ],
    [t],
  );

  return (
    <section className="card" data-testid="page-transfers">
      <h1>{t('title')}</h1>
      <div className="filters">
        <select aria-label={t('status')} value={status} onChange={(event) => (setStatus(event.target.value), setCursors([]))}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s ? t(`statuses.${s}` as never) : t('allStatuses')}
            </option>
          ))}
        </select>
        <label>
          {t('common:from')} <input type="datetime-local" value={from} onChange={(event) => (setFrom(event.target.value), setCursors([]))} />
        </label>
      </div>
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      <DataTable columns={columns} data={rows} rowId={(row) => row.transferId} testId="transfer-list" rowTestId="transfer-row" loading={list.isFetching} />
      <nav className="pager">
        <button type="button" className="button" disabled={cursors.length === 0} onClick={() => setCursors((c) => c.slice(0, -1))}>
          {t('common:newer')}
        </button>
        <button type="button" className="button" disabled={rows.length < PAGE} onClick={() => setCursors((c) => [...c, rows.at(-1)!.requestedAt])}>
          {t('common:older')}
        </button>
      </nav>
      {deciding ? <DecisionDialog transfer={deciding.transfer} approve={deciding.approve} onClose={() => setDeciding(null)} /> : null}
    </section>
  );
}

/** A request staff decide now, as the api says (a provider's own deposits wait for its callback). */
function decidable(transfer: TransferView): boolean {
  return transfer.staffDecides;
}
