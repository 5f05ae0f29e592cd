import { useTranslation } from 'react-i18next';
import { AffiliateBannersPage } from '@/features/affiliate/components/affiliate-banners-page';

/** Spec §2 /affiliateBanner (onlineUser, affiliateStatus 1): banners around the referral link, with their HTML. */
export default function AffiliateBannerRoute() {
  const { t } = useTranslation('layout');
  return (
    <section className="page" data-testid="page-affiliateBanner">
      <h1>{t('titles.affiliateBanner')}</h1>
      <AffiliateBannersPage />
    </section>
  );
}
