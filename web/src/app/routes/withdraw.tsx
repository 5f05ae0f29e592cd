import { MoneyPage } from '@/features/account-money/components/money-page';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { liveChatUrl } from '@/features/site/live-chat';

/** Spec §2 /withdraw: the withdraw popup's content as a page, or the live chat where the header opens it. */
export default function WithdrawPage() {
  const settings = useSiteSettings();
  return <MoneyPage type={2} chatUrl={settings.moneyByLiveChat === 1 ? liveChatUrl(settings) : ''} />;
}
