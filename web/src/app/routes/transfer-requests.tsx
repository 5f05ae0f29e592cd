import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { TransferList } from '@/features/account-money/components/transfer-list';
import { useSiteSettings } from '@/features/site/api/get-settings';

/** Spec §2 /transferRequest (login required): the player's deposit and withdrawal requests. */
export default function TransferRequestsPage() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const settings = useSiteSettings();
  return (
    <section className="page" data-testid="page-transferRequest">
      <h1>{t('titles.transferRequest')}</h1>
      <TransferList lang={lang} currencyMode={settings.currencyMode} />
    </section>
  );
}
