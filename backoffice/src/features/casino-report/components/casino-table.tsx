import type { CasinoReportRow, CasinoTotals } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

const MONEY_COLUMNS = ['bets', 'wins', 'refunds', 'ggr'] as const;

/** GGR margin in basis points as a percent with two decimals, by integer arithmetic. */
export function formatMargin(bp: number | null): string {
  if (bp === null) return '—';
  const abs = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, '0')}%`;
}

/** Casino money per group with a totals line; every cell exact to the minor unit. */
export function CasinoTable({ rows, totals, labelHeader, label }: { rows: readonly CasinoReportRow[]; totals: CasinoTotals; labelHeader: string; label: (row: CasinoReportRow) => string }) {
  const { t } = useTranslation('casino');
  const line = (key: string, name: string, row: CasinoTotals, testId: string) => (
    <tr key={key} data-testid={testId}>
      <th scope="row">{name}</th>
      {MONEY_COLUMNS.map((c) => (
        <td key={c} data-column={c}>
          {formatMoney(row[c])}
        </td>
      ))}
      <td data-column="margin">{formatMargin(row.marginBp)}</td>
      <td data-column="rounds">{row.rounds}</td>
    </tr>
  );
  return (
    <table className="table table--compact" data-testid="casino-table">
      <thead>
        <tr>
          <th>{labelHeader}</th>
          {MONEY_COLUMNS.map((c) => (
            <th key={c}>{t(`money.${c}`)}</th>
          ))}
          <th>{t('money.margin')}</th>
          <th>{t('money.rounds')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={7} className="muted" data-testid="casino-empty">
              {t('empty')}
            </td>
          </tr>
        ) : (
          rows.map((row) => line(row.key, label(row), row, 'casino-row'))
        )}
        {line('totals', t('total'), totals, 'casino-total')}
      </tbody>
    </table>
  );
}
