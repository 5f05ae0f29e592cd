import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';

/**
 * What the money popup shows (§2 "money popup type 1 deposit, 2 withdraw"), and the /deposit and
 * /withdraw pages with it: one component, so the two never drift apart. The §2 deposit screen
 * (method list and form) is not built yet; until then both say no method is available.
 */
export function MoneyPanel({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation('layout');
  return (
    <div className="money-panel" data-testid={type === 1 ? 'deposit-panel' : 'withdraw-panel'}>
      <EmptyState title={t('noPaymentMethods')} />
    </div>
  );
}
