import { useNavigate, useParams } from 'react-router-dom';
import { useUiStore } from '@/stores/ui-store';
import { useSiteSettings } from './api/get-settings';
import type { SiteSettings } from './types';

/** Phone width: the width at which the layout drops to one column (styles/app.css). */
export const PHONE_WIDTH_QUERY = '(max-width: 700px)';

function onPhone(): boolean {
  return typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_WIDTH_QUERY).matches : window.innerWidth <= 700;
}

/** §3 live chat (desktop, mobile): the page for this viewport, the other one when only that is set; '' for none. */
export function liveChatUrl(settings: Pick<SiteSettings, 'liveChatDesktop' | 'liveChatMobile'>, phone = onPhone()): string {
  return phone ? settings.liveChatMobile || settings.liveChatDesktop : settings.liveChatDesktop || settings.liveChatMobile;
}

/**
 * Deposit (1) and withdraw (2) as the brand wants them: the money popups, or on a brand whose money
 * goes through its live chat (§2 "on one branded host deposit/withdraw open live chat") the chat page
 * in a new window. A brand with the switch on but no chat page keeps the popups. With `followPayway`
 * (the header's and account menu's buttons), a site whose §3 payway is 'page' goes to the /deposit
 * and /withdraw pages instead of the popup.
 */
export function useMoneyAction(followPayway = false): (type: 1 | 2) => void {
  const settings = useSiteSettings();
  const openPopup = useUiStore((s) => s.openPopup);
  const navigate = useNavigate();
  const { lang = 'tr' } = useParams();
  return (type) => {
    const chat = settings.moneyByLiveChat === 1 ? liveChatUrl(settings) : '';
    if (chat) window.open(chat, '_blank', 'noopener');
    else if (followPayway && settings.payway === 'page') navigate(`/${lang}/${type === 1 ? 'deposit' : 'withdraw'}`);
    else openPopup({ kind: 'money', type });
  };
}
