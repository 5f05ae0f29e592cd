import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useCurrentRoute } from '../layout/use-current-route';

/**
 * Bingo, TV and virtual games, promotions and the external-game pages: their
 * providers arrive with later issues, so the page says there is nothing to show yet.
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
