import { useTranslation } from 'react-i18next';
import { AffiliatePage } from '@/features/affiliate/components/affiliate-page';
import { useUser } from '@/features/auth/api/get-user';
import { useSiteSettings } from '@/features/site/api/get-settings';

/** Spec §2 /affiliate (onlineUser, affiliateStatus 1): the affiliate programme, money in the header's currency format. */
export default function AffiliateRoute() {
  const { t } = useTranslation('layout');
  const { user } = useUser();
  const settings = useSiteSettings();
  return (
    <section className="page" data-testid="page-affiliate">
      <h1>{t('titles.affiliate')}</h1>
      <AffiliatePage currency={user?.currency} currencyMode={settings.currencyMode} />
    </section>
  );
}
