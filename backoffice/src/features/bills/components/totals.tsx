import type { BillTotals } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';

const MONEY_ROWS = ['stakes', 'payouts', 'refunds', 'cashouts', 'deposits', 'withdrawals', 'creditIn', 'creditOut', 'bonuses', 'adjustments'] as const;

/** Net > 0: the account owes its dealer; < 0: the dealer owes it. */
export function NetText({ net, currency }: { net: number; currency?: string | null | undefined }) {
  const { t } = useTranslation('bills');
  const amount = formatMoney(Math.abs(net), currency ?? undefined);
  if (net > 0) return <span className="amount--out">{t('owesDealer', { amount })}</span>;
  if (net < 0) return <span className="status--green">{t('dealerOwes', { amount })}</span>;
  return <span>{t('even')}</span>;
}

/** A period's totals as a two-column table (exact minor units, formatted). */
export function TotalsTable({ totals, net, currency, testId }: { totals: BillTotals; net: number; currency?: string | null | undefined; testId: string }) {
  const { t } = useTranslation('bills');
  return (
    <table className="table table--compact" data-testid={testId}>
      <tbody>
        <tr>
          <th scope="row">{t('totals.coupons')}</th>
          <td data-testid={`${testId}-coupons`}>
            {totals.coupons}
          </td>
        </tr>
        {MONEY_ROWS.map((row) => (
          <tr key={row}>
            <th scope="row">{t(`totals.${row}`)}</th>
            <td data-testid={`${testId}-${row}`}>
              {formatMoney(totals[row], currency ?? undefined)}
            </td>
          </tr>
        ))}
        <tr>
          <th scope="row">{t('net')}</th>
          <td data-testid={`${testId}-net`}>
            <NetText net={net} currency={currency} />
          </td>
        </tr>
      </tbody>
    </table>
  );
}
