import { COUPON_STATUS_COLOURS, couponStatusName } from '@kupon/domain';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { displayOdds, formatDateTime, formatMoney } from '@/lib/format';
import { useCoupon, useCouponAction } from '../api/coupons';

/** Coupon detail (§3) with the staff actions my role holds: cancel (`couponCancel`) and shop payout (dealers, admin). */
export function CouponDetail({ couponId, canCancel, canPay }: { couponId: string; canCancel: boolean; canPay: boolean }) {
  const { t } = useTranslation('coupons');
  const failure = useFailureText();
  const detail = useCoupon(couponId);
  const action = useCouponAction();
  if (detail.isPending) return <div className="page-loading" aria-busy="true" />;
  if (detail.isError) return <Notice kind="error" testId="coupon-error">{failure(detail.error)}</Notice>;
  const { coupon } = detail.data;
  const status = couponStatusName(coupon.status) ?? 'waiting';
  return (
    <div className="panel" data-testid="coupon-detail">
      <h2>
        {coupon.ticketId} <span className={`status status--${COUPON_STATUS_COLOURS[status]}`}>{t(`status.${status}` as never)}</span>
      </h2>
      <dl className="fields">
        <div className="fields__row"><dt>{t('date')}</dt><dd>{formatDateTime(coupon.ticketDate, true)}</dd></div>
        <div className="fields__row"><dt>{t('type')}</dt><dd>{t(`types.${coupon.ticketType}` as never, { defaultValue: coupon.ticketType })}{coupon.isLive ? ` · ${t('live')}` : ''}</dd></div>
        <div className="fields__row"><dt>{t('stake')}</dt><dd>{formatMoney(coupon.totalStake)}</dd></div>
        <div className="fields__row"><dt>{t('maxPay')}</dt><dd>{formatMoney(coupon.maxPay)}</dd></div>
        <div className="fields__row"><dt>{t('income')}</dt><dd>{formatMoney(coupon.income)}</dd></div>
        <div className="fields__row"><dt>{t('tickets')}</dt><dd>{coupon.totalTickets}{coupon.systemArray.length ? ` (${coupon.systemArray.join(', ')})` : ''}</dd></div>
        <div className="fields__row"><dt>{t('paid')}</dt><dd>{coupon.paid ? formatDateTime(coupon.payDate) || t('yes') : t('no')}</dd></div>
      </dl>
      <table className="table table--compact">
        <thead>
          <tr>
            <th>{t('match')}</th>
            <th>{t('market')}</th>
            <th>{t('outcome')}</th>
            <th>{t('odds')}</th>
            <th>{t('lineStatus')}</th>
          </tr>
        </thead>
        <tbody>
          {coupon.lines.map((line) => (
            <tr key={line.selectionId} data-testid="coupon-line">
              <td>{line.matchId}{line.isBank ? ` · ${t('banker')}` : ''}</td>
              <td>{line.marketId}{line.special ? ` (${line.special})` : ''}</td>
              <td>{line.outcomeId}</td>
              <td>{displayOdds(line.odds)}</td>
              <td>{line.status ? t(`lines.${line.status}` as never, { defaultValue: line.status }) : t('lines.open')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="actions">
        {canCancel && coupon.status === 0 ? (
          <button type="button" className="button button--danger" data-testid="cancel-coupon" disabled={action.isPending} onClick={() => action.mutate({ couponId, action: 'cancel' })}>
            {t('cancel')}
          </button>
        ) : null}
        {canPay && (coupon.status === 1 || coupon.status === 2) && !coupon.paid ? (
          <button type="button" className="button button--primary" data-testid="pay-coupon" disabled={action.isPending} onClick={() => action.mutate({ couponId, action: 'pay' })}>
            {t('pay')}
          </button>
        ) : null}
      </div>
      {action.isError ? <Notice kind="error">{failure(action.error)}</Notice> : null}
    </div>
  );
}
