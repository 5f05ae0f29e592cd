import { lazy, Suspense } from 'react';
import type { MoneyType } from '../api/money';

/** The screen, its texts and styles load with the popup's or the page's first opening. */
const PaymentScreen = lazy(() => import('./payment-screen').then((m) => ({ default: m.PaymentScreen })));

/**
 * What the money popup shows (§2 "money popup type 1 deposit, 2 withdraw"), and the /deposit and
 * /withdraw pages with it: one component, so the two never drift apart.
 */
export function MoneyPanel({ type }: { type: MoneyType }) {
  return (
    <div className="money-panel" data-testid={type === 1 ? 'deposit-panel' : 'withdraw-panel'}>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <PaymentScreen type={type} />
      </Suspense>
    </div>
  );
}
