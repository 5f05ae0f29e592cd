import type { LedgerEntry } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { formatDateTime, formatMoney } from '@/lib/format';

const column = createColumnHelper<typeof tableCore, LedgerEntry>();
const money = (amount: number | null) => (amount === null ? '—' : formatMoney(amount));

/**
 * Money movements from the reports' ledger (credit history, transfers, adjustments): when, whose
 * account, what happened, the signed amount with the balance before and after, the other side, who
 * did it and the note. One server page; every amount exact to the minor unit.
 */
export function LedgerTable({ entries, loading, testId }: { entries: readonly LedgerEntry[]; loading: boolean; testId: string }) {
  const { t } = useTranslation('reports');
  const columns = useMemo<Columns<LedgerEntry>>(
    () => [
      column.accessor('at', { header: () => t('ledger.at'), cell: (cell) => formatDateTime(cell.getValue(), true) }),
      column.accessor('userName', { header: () => t('ledger.account'), cell: ({ row }) => <Link to={`/users/${row.original.accountId}`}>{row.original.userName}</Link> }),
      column.accessor('type', { header: () => t('ledger.type'), cell: (cell) => t(`ledger.types.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      column.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: (cell) => (
          <span className={cell.getValue() < 0 ? 'amount amount--out' : 'amount'} data-testid="ledger-amount">
            {formatMoney(cell.getValue())}
          </span>
        ),
      }),
      column.accessor('balanceBefore', { header: () => t('ledger.before'), cell: (cell) => money(cell.getValue()) }),
      column.accessor('balanceAfter', { header: () => t('ledger.after'), cell: (cell) => money(cell.getValue()) }),
      column.accessor('counterpartyName', { header: () => t('ledger.counterparty'), cell: (cell) => cell.getValue() ?? '' }),
      column.accessor('byUserName', { header: () => t('ledger.by'), cell: ({ row }) => row.original.byUserName ?? row.original.byUserId.slice(0, 8) }),
      column.accessor('note', { header: () => t('ledger.note'), cell: (cell) => cell.getValue() ?? '' }),
    ],
    [t],
  );
  return <DataTable columns={columns} data={entries} rowId={(row) => row.eventId} testId={testId} rowTestId="ledger-row" loading={loading} />;
}
