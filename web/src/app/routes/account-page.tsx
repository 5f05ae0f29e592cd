import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { useCurrentRoute } from '../layout/use-current-route';

/** Affiliate and Affiliate Banner (§2): their api (getAffiliate, getAffiliateBanner …) does not exist yet. */
export default function AccountPage() {
  const { t } = useTranslation('layout');
  const route = useCurrentRoute();
  return (
    <section className="page" data-testid={`page-${route?.id ?? 'account'}`}>
      <h1>{t(`titles.${route?.id ?? 'home'}` as 'titles.home')}</h1>
      <EmptyState title={t('nothingHereYet')} />
    </section>
  );
}
