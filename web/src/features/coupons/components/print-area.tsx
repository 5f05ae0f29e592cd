import { useTranslation } from 'react-i18next';
import { displayOdds, formatDateTime, formatMoney } from '@/lib/format';
import { usePrintStore } from '@/stores/print-store';
import { statusOf } from '../types';

/**
 * Spec §2 "Coupon print uses a hidden print area". Always in the page, empty and hidden on screen;
 * the print stylesheet hides everything else and shows it, so the printer gets only the slip.
 */
export function PrintArea({ title }: { title: string }) {
  const { t } = useTranslation('coupons');
  const slip = usePrintStore((s) => s.slip);
  return (
    <div id="print-area" className="print-area" aria-hidden="true" data-testid="print-area" data-kind={slip?.kind ?? ''}>
      {slip && (
        <div className="slip">
          <h1>{title}</h1>
          <h2>{t(`slip.${slip.kind}`)}</h2>
          <p>
            #{slip.coupon.ticketId}
            <br />
            {formatDateTime(slip.coupon.ticketDate)} · {t(`types.${slip.coupon.ticketType as 'TK'}`)}
            {slip.coupon.systemArray.length > 0 && <> · {t('systemSizes', { sizes: slip.coupon.systemArray.join(', ') })}</>}
          </p>
          <table>
            <tbody>
              {slip.coupon.lines.map((line) => (
                <tr key={line.selectionId}>
                  <td>
                    {slip.matches[line.matchId] ?? line.matchId}
                    {line.isBank ? ` (${t('banker')})` : ''}
                  </td>
                  <td>{slip.bets[line.selectionId] ?? line.outcomeId}</td>
                  <td>{displayOdds(line.odds)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            {t('stake')}: {formatMoney(slip.coupon.totalStake)} · {t('tickets')}: {slip.coupon.totalTickets}
            <br />
            {t('maxPay')}: {formatMoney(slip.coupon.maxPay)}
            {slip.amount !== undefined && (
              <>
                <br />
                <strong>
                  {t(slip.kind === 'cancel' ? 'slip.refunded' : 'slip.paid')}: {formatMoney(slip.amount)}
                </strong>
              </>
            )}
            <br />
            {t('statusLabel')}: {t(`status.${statusOf(slip.coupon.status).name}`)}
          </p>
        </div>
      )}
    </div>
  );
}
