import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { useCoupons } from '@/features/coupons/api/coupons';
import { COUPON_FILTERS, type CouponFilter, statusOf } from '@/features/coupons/types';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import { useUiStore } from '@/stores/ui-store';

/** Spec §2 /coupons: the player's coupons with filters and the §4 status colours. */
export default function CouponsPage() {
  const { t } = useTranslation('coupons');
  const [filter, setFilter] = useState<CouponFilter>('all');
  const { lang = 'tr' } = useParams();
  const coupons = useCoupons(filter, lang);
  const openPopup = useUiStore((s) => s.openPopup);
  const display = useSiteDisplay();
  return (
    <section className="page" data-testid="page-coupons">
      <h1>{t('title')}</h1>
      <nav className="tabs">
        {COUPON_FILTERS.map((f) => (
          <button key={f} type="button" className={f === filter ? 'tab tab--active' : 'tab'} onClick={() => setFilter(f)}>
            {t(`filters.${f}`)}
          </button>
        ))}
      </nav>
      {coupons.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : coupons.data && coupons.data.length > 0 ? (
        <table className="table" data-testid="coupon-list">
          <thead>
            <tr>
              <th>{t('date')}</th>
              <th>{t('type')}</th>
              <th>{t('stake')}</th>
              <th>{t('maxPay')}</th>
              <th>{t('statusLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {coupons.data.map((c) => {
              const { name, colour } = statusOf(c.status);
              return (
                <tr key={c.ticketId} className="clickable" data-testid="coupon-row" onClick={() => openPopup({ kind: 'couponDetail', couponId: c.ticketId })}>
                  <td>{formatDateTime(c.ticketDate)}</td>
                  <td>{t(`types.${c.ticketType as 'TK'}`)}</td>
                  <td>{display.money(c.totalStake)}</td>
                  <td>{display.money(c.maxPay)}</td>
                  <td>
                    <span className={`status status--${colour}`}>{t(`status.${name}`)}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <EmptyState title={t('none')} />
      )}
    </section>
  );
}
