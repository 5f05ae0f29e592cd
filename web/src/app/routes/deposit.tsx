import { MoneyPage } from '@/features/account-money/components/money-page';
import { RedeemCard } from '@/features/cards/components/redeem-card';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { liveChatUrl } from '@/features/site/live-chat';

/** Spec §2 /deposit: the deposit popup's content as a page, or the live chat where the header opens it. */
export default function DepositPage() {
  const settings = useSiteSettings();
  return (
    <>
      <MoneyPage type={1} chatUrl={settings.moneyByLiveChat === 1 ? liveChatUrl(settings) : ''} />
      <RedeemCard />
    </>
  );
}
