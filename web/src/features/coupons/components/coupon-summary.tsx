import { useTranslation } from 'react-i18next';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import { type Coupon, lineBet, lineColour, lineMatch, statusOf } from '../types';

/**
 * What a coupon says, without what may be done with it: status, type and date, the lines with their
 * results, the money. The coupon detail shows it with its actions; the ticket check shows it to
 * whoever holds the slip (without the coupon's id).
 */
export function CouponSummary({ coupon: c }: { coupon: Omit<Coupon, 'ticketId'> }) {
  const { t } = useTranslation('coupons');
  const { name, colour } = statusOf(c.status);
  const display = useSiteDisplay();
  return (
    <>
      <p>
        <span className={`status status--${colour}`}>{t(`status.${name}`)}</span> · {t(`types.${c.ticketType as 'TK'}`)} · {formatDateTime(c.ticketDate)}
        {c.systemArray.length > 0 && <> · {t('systemSizes', { sizes: c.systemArray.join(', ') })}</>}
      </p>
      <table className="table">
        <tbody>
          {c.lines.map((line) => (
            <tr key={line.selectionId} className={`line line--${lineColour(line.status)}`} data-testid="coupon-line">
              <td>
                {lineMatch(line)}
                {line.isBank && <span className="tag">{t('banker')}</span>}
                {line.isLive && <span className="tag">{t('live')}</span>}
              </td>
              <td>
                {lineBet(line)}
                {line.results && (
                  <span className="line-result" data-testid="line-result">
                    {' '}
                    · {t('result', { score: line.results })}
                  </span>
                )}
              </td>
              <td className="odds-value">{display.odds(line.odds)}</td>
              <td>
                <span className={`status status--${lineColour(line.status)}`}>{t(`lineStatus.${(line.status ?? 'open') as 'open'}`)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="facts">
        {c.checkCode && (
          <>
            <dt>{t('checkCode')}</dt>
            <dd className="check-code" data-testid="check-code">
              {c.checkCode}
            </dd>
          </>
        )}
        <dt>{t('stake')}</dt>
        <dd>{display.money(c.totalStake)}</dd>
        <dt>{t('tickets')}</dt>
        <dd>{c.totalTickets}</dd>
        <dt>{t('maxPay')}</dt>
        <dd>{display.money(c.maxPay)}</dd>
        {c.bonusPercent > 0 && (
          <>
            <dt>{t('bonus')}</dt>
            <dd>%{c.bonusPercent}</dd>
          </>
        )}
        {(c.bonusPay ?? 0) > 0 && (
          <>
            <dt>{t('bonusPay')}</dt>
            <dd data-testid="bonus-pay">{display.money(c.bonusPay ?? 0)}</dd>
          </>
        )}
        <dt>{t('income')}</dt>
        <dd>{display.money(c.income)}</dd>
      </dl>
    </>
  );
}
