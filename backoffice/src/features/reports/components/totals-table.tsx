import type { MoneyTotals } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

export const TOTAL_COLUMNS = ['stakes', 'payouts', 'refunds', 'cashouts', 'ggr'] as const;

/** GGR margin in basis points as a percent with two decimals, by integer arithmetic. */
export function formatMargin(bp: number | null): string {
  if (bp === null) return '—';
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}%`;
}

/** Rows of money totals with a label column and a totals line; every cell exact to the minor unit. */
export function TotalsTable<T extends MoneyTotals>({ rows, label, totals, testId, labelHeader }: { rows: readonly T[]; label: (row: T) => string; totals?: MoneyTotals; testId: string; labelHeader: string }) {
  const { t } = useTranslation('reports');
  const line = (key: string, name: string, row: MoneyTotals, testRow?: string) => (
    <tr key={key} data-testid={testRow}>
      <th>{name}</th>
      {TOTAL_COLUMNS.map((c) => (
        <td key={c} data-column={c}>
          {formatMoney(row[c])}
        </td>
      ))}
      <td>{formatMargin(row.marginBp)}</td>
      <td>{row.coupons}</td>
    </tr>
  );
  return (
    <table className="table table--compact" data-testid={testId}>
      <thead>
        <tr>
          <th>{labelHeader}</th>
          {TOTAL_COLUMNS.map((c) => (
            <th key={c}>{t(`money.${c}`)}</th>
          ))}
          <th>{t('money.margin')}</th>
          <th>{t('money.coupons')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => line(`${label(row)}-${index}`, label(row), row, 'report-row'))}
        {totals ? line('totals', t('total'), totals, 'report-total') : null}
      </tbody>
    </table>
  );
}
