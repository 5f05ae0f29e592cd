import { useTranslation } from 'react-i18next';
import { BonusList } from '@/features/content/components/bonus-list';

/** Spec §2 /promotions (open): the site's bonuses, each requested from here by a logged-in player. */
export default function PromotionsPage() {
  const { t } = useTranslation('layout');
  return (
    <section className="page" data-testid="page-promotions">
      <h1>{t('titles.promotions')}</h1>
      <BonusList />
    </section>
  );
}
