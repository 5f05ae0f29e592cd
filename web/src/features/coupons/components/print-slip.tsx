import { useTranslation } from 'react-i18next';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import type { PrintSlip as Slip } from '@/stores/print-store';
import { statusOf } from '../types';

/** A printed slip (coupon, win or cancel), as the hidden print area of the layout holds it. */
export function PrintSlip({ slip, title }: { slip: Slip; title: string }) {
  const { t } = useTranslation('coupons');
  const display = useSiteDisplay();
  return (
    <div className="slip">
      <h1>{title}</h1>
      <h2>{t(`slip.${slip.kind}`)}</h2>
      <p>
        #{slip.coupon.ticketId}
        <br />
        {slip.coupon.checkCode && (
          <>
            {t('checkCode')}: <strong data-testid="slip-check-code">{slip.coupon.checkCode}</strong>
            <br />
          </>
        )}
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
              <td>{display.odds(line.odds)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        {t('stake')}: {display.money(slip.coupon.totalStake)} · {t('tickets')}: {slip.coupon.totalTickets}
        <br />
        {t('maxPay')}: {display.money(slip.coupon.maxPay)}
        {slip.amount !== undefined && (
          <>
            <br />
            <strong>
              {t(slip.kind === 'cancel' ? 'slip.refunded' : 'slip.paid')}: {display.money(slip.amount)}
            </strong>
          </>
        )}
        <br />
        {t('statusLabel')}: {t(`status.${statusOf(slip.coupon.status).name}`)}
      </p>
    </div>
  );
}
