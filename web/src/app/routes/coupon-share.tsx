import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CouponDetail } from '@/features/coupons/components/coupon-detail';

/** Spec §2 /couponShare/{id}: a shared coupon. */
export default function CouponSharePage() {
  const { t } = useTranslation('coupons');
  const { id = '' } = useParams();
  return (
    <section className="page" data-testid="page-couponShare">
      <h1>{t('shared')}</h1>
      <CouponDetail couponId={id} />
    </section>
  );
}
