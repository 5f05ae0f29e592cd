import type { TransactionView } from '@kupon/api/contract';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useCreditHistory } from '../api/dealers';

const column = createColumnHelper<typeof tableCore, TransactionView>();

/** Credit sent, received, cut, returned and credit limits set, of my wallet or of an account below me, with the balance after each. */
export function CreditHistory({ userId, nameOf, title }: { userId: string | null; nameOf: (id: string | null) => string; title: string }) {
  const { t } = useTranslation('dealers');
  const history = useCreditHistory(userId);
  const columns = useMemo<Columns<TransactionView>>(
    () => [
      column.accessor('at', { header: () => t('history.at'), cell: (cell) => formatDateTime(cell.getValue(), true) }),
      column.accessor('type', { header: () => t('history.type'), cell: (cell) => t(`history.types.${cell.getValue()}` as never, { defaultValue: cell.getValue() }) }),
      column.accessor('counterpartyId', { header: () => t('history.counterparty'), cell: (cell) => nameOf(cell.getValue()) }),
      column.accessor('amount', { header: () => t('history.amount'), cell: (cell) => <span className={cell.getValue() < 0 ? 'amount amount--out' : 'amount'} data-testid="history-amount">{formatMoney(cell.getValue())}</span> }),
      column.accessor('balance', { header: () => t('history.balance'), cell: (cell) => formatMoney(cell.getValue()) }),
    ],
    [t, nameOf],
  );
  return (
    <div className="panel" data-testid="credit-history">
      <h2>{title}</h2>
      <DataTable columns={columns} data={history.data ?? []} rowId={(row) => row.eventId} rowTestId="history-row" loading={history.isPending} />
    </div>
  );
}
