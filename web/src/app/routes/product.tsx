import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useCurrentRoute } from '../layout/use-current-route';

/**
 * The pages whose content arrives with later issues (the external-game pages and the like):
 * the page says there is nothing to show yet. Bingo, virtual and TV games are game pages (routes/casino).
 */
export default function ProductPage() {
  const { t } = useTranslation('layout');
  const route = useCurrentRoute();
  return (
    <section className="page" data-testid={`page-${route?.id ?? 'product'}`}>
      <h1>{t(`titles.${route?.id ?? 'home'}` as 'titles.home')}</h1>
      <EmptyState title={t('nothingHereYet')} />
    </section>
  );
}
