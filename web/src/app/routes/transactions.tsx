import { useTranslation } from 'react-i18next';
import { TransactionsList } from '@/features/account-money/components/transactions-list';
import { useUser } from '@/features/auth/api/get-user';
import { useSiteSettings } from '@/features/site/api/get-settings';

/** Spec §2 /transactions (login required): the player's money movements, in the header's currency format. */
export default function TransactionsPage() {
  const { t } = useTranslation('layout');
  const { user } = useUser();
  const settings = useSiteSettings();
  return (
    <section className="page" data-testid="page-transactions">
      <h1>{t('titles.transactions')}</h1>
      <TransactionsList currency={user?.currency} currencyMode={settings.currencyMode} />
    </section>
  );
}
