import type { CasinoItem } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { hasAnyFlag } from '@/features/auth/types';
import { useCasinoGames } from '@/features/casino/api/casino';
import { gamesNamed } from '@/features/casino/highlights';
import type { CasinoProduct } from '@/features/casino/types';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { gameIds, type SiteSettings } from '@/features/site/types';
import './footer-game-logos.css';

/**
 * Spec §2 footer "game logos from casino lists": the logos of the games the operator put in the
 * site's top lists (§3 topcasino_ids, topslot_ids), in their order, each leading to its product page.
 * A product the player may not play (its §6 flag) shows none; a guest sees them all.
 */
const LISTS: readonly { product: CasinoProduct; ids: keyof Pick<SiteSettings, 'topcasino_ids' | 'topslot_ids'>; flag: string; path: string }[] = [
  { product: 'livecasino', ids: 'topcasino_ids', flag: 'casinoUser', path: 'livecasino' },
  { product: 'slot', ids: 'topslot_ids', flag: 'slotUser', path: 'casino' },
];

export function FooterGameLogos() {
  const { t } = useTranslation('layout');
  const settings = useSiteSettings();
  const { user } = useUser();
  const lists = LISTS.map((list) => ({ ...list, serviceIds: gameIds(settings[list.ids]) })).filter((list) => list.serviceIds.length > 0 && (!user || hasAnyFlag(user, list.flag)));
  if (lists.length === 0) return null;
  return (
    <div className="site-footer__games" aria-label={t('footer.games')} data-testid="footer-games">
      {lists.map((list) => (
        <ListLogos key={list.product} product={list.product} serviceIds={list.serviceIds} path={list.path} />
      ))}
    </div>
  );
}

/** One product's listed games: its catalogue is asked for only when the site lists some of its games. */
function ListLogos({ product, serviceIds, path }: { product: CasinoProduct; serviceIds: readonly number[]; path: string }) {
  const { lang = 'tr' } = useParams();
  const games = useCasinoGames({ product, order: 'listOrder' }, lang);
  const named: CasinoItem[] = gamesNamed(games.data ?? [], serviceIds).filter((game) => game.logo);
  return named.map((game) => (
    <Link key={game.serviceId} to={`/${lang}/${path}`} className="site-footer__game" data-testid="footer-game">
      <img src={game.logo} alt={game.title} loading="lazy" />
    </Link>
  ));
}
