import { useTranslation } from 'react-i18next';
import { AffiliatePage } from '@/features/affiliate/components/affiliate-page';
import { useUser } from '@/features/auth/api/get-user';
import { useSiteDisplay } from '@/features/site/display';

/** Spec §2 /affiliate (onlineUser, affiliateStatus 1): the affiliate programme, money in the header's currency format and the site's decimals. */
export default function AffiliateRoute() {
  const { t } = useTranslation('layout');
  const { user } = useUser();
  const display = useSiteDisplay();
  return (
    <section className="page" data-testid="page-affiliate">
      <h1>{t('titles.affiliate')}</h1>
      <AffiliatePage currency={user?.currency} currencyMode={display.currencyMode} decimals={display.decimals} />
    </section>
  );
}
