import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/modal';
import { MoneyPanel } from '@/features/account-money/components/money-panel';
import { LoginForm } from '@/features/auth/components/login-form';

/** The coupon popup loads with its first opening: the home route's script stays small (issue 7 budget). */
/** The bonus list (and its texts) load with the bonus popup's first opening. */
const BonusList = lazy(() => import('@/features/content/components/bonus-list').then((m) => ({ default: m.BonusList })));
const CouponDetail = lazy(() => import('@/features/coupons/components/coupon-detail').then((m) => ({ default: m.CouponDetail })));
/** The deposit popup offers the /deposit page's "Redeem a card" form too, the same component; it loads with the popup's first opening. */
const RedeemCard = lazy(() => import('@/features/cards/components/redeem-card').then((m) => ({ default: m.RedeemCard })));
import { useUiStore } from '@/stores/ui-store';

/** Spec §2 popups opened through the ui store. */
export function Popups() {
  const { t } = useTranslation('layout');
  const popup = useUiStore((s) => s.popup);
  const close = useUiStore((s) => s.closePopup);
  if (!popup) return null;
  switch (popup.kind) {
    case 'login':
      return (
        <Modal title={t('login')} onClose={close} testId="login-popup">
          <LoginForm onDone={close} />
        </Modal>
      );
    case 'couponDetail':
      return (
        <Modal title={t('couponDetail')} onClose={close} testId="coupon-detail-popup">
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <CouponDetail couponId={popup.couponId} />
          </Suspense>
        </Modal>
      );
    case 'money':
      return (
        <Modal title={popup.type === 1 ? t('deposit') : t('withdraw')} onClose={close} testId="money-popup">
          <MoneyPanel type={popup.type} />
          {popup.type === 1 ? (
            <Suspense fallback={null}>
              <RedeemCard />
            </Suspense>
          ) : null}
        </Modal>
      );
    case 'bonus':
      return (
        <Modal title={t('bonusRequest')} onClose={close} testId="bonus-popup">
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <BonusList />
          </Suspense>
        </Modal>
      );
    default: {
      const never: never = popup;
      return never;
    }
  }
}
