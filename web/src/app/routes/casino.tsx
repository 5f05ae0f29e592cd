import { useUser } from '@/features/auth/api/get-user';
import { CasinoPage } from '@/features/casino/components/casino-page';
import { TerminalBingoRounds } from '@/features/casino/components/terminal-bingo-rounds';
import { productOfRoute } from '@/features/casino/types';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useMoneyAction } from '@/features/site/live-chat';
import { useUiStore } from '@/stores/ui-store';
import { useCurrentRoute } from '../layout/use-current-route';

/** Spec §2 /casino (slots, slotUser), /livecasino (casinoUser), /bingo (bingoUser), /virtualgames (virtualUser), /tvgames (tvgamesUser) and the external-game pages (/racing, /lotto, /virtualleague, /betgames, /mintGaming, /virtualSports; api/EXTERNAL-GAMES.md): one page, the route's product. */
export default function CasinoRoute() {
  const route = useCurrentRoute();
  const { user } = useUser();
  const settings = useSiteSettings();
  const openPopup = useUiStore((s) => s.openPopup);
  const money = useMoneyAction();
  // The game popup's deposit and withdraw follow the header's rule (§2: not with a forced login screen or registration off).
  const moneyButtons = user !== null && settings.login_screen !== 1 && settings.register_disabled !== 1;
  const product = productOfRoute(route?.id);
  return (
    <>
      <CasinoPage
        product={product}
        loggedIn={user !== null}
        onLoginRequired={() => openPopup({ kind: 'login' })}
        {...(moneyButtons ? { onMoney: money } : {})}
      />
      {/* Shop bingo (api/PRINTS.md): a terminal prints the slips of the tombala rounds it sold. */}
      {product === 'bingo' && user?.role === 'terminal' && <TerminalBingoRounds />}
    </>
  );
}
