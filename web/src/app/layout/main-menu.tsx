import { useTranslation } from 'react-i18next';
import { NavLink, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { hasAnyFlag } from '@/features/auth/types';
import { useBonuses } from '@/features/content/api/content';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { Icon } from '@/components/icon';

type MenuKey = 'sports' | 'liveBets' | 'slots' | 'liveCasino' | 'bingo' | 'virtualGames' | 'tvGames';

const ITEMS: readonly { path: string; key: MenuKey; flag: string; isNew?: boolean }[] = [
  { path: 'sports', key: 'sports', flag: 'sportUser' },
  { path: 'livebets', key: 'liveBets', flag: 'liveUser' },
  { path: 'casino', key: 'slots', flag: 'slotUser' },
  { path: 'livecasino', key: 'liveCasino', flag: 'casinoUser', isNew: true },
  { path: 'bingo', key: 'bingo', flag: 'bingoUser' },
  { path: 'virtualgames', key: 'virtualGames', flag: 'virtualUser', isNew: true },
  { path: 'tvgames', key: 'tvGames', flag: 'tvgamesUser', isNew: true },
];

/** Spec §2 "Main menu by permission" (a guest sees every product; see guards.ts). */
export function MainMenu() {
  const { t } = useTranslation('layout');
  const { lang = 'tr' } = useParams();
  const { user } = useUser();
  const settings = useSiteSettings();
  // §2 "promotions (only when bonuses exist, with count)": the count of bonuses on offer now.
  const bonusCount = useBonuses(lang, user?.userId ?? null).data?.count ?? 0;
  const visible = ITEMS.filter((item) => !user || hasAnyFlag(user, item.flag));
  return (
    <nav className="main-menu" aria-label={t('mainMenu')} data-testid="main-menu">
      {visible.map((item) => (
        <NavLink key={item.path} to={`/${lang}/${item.path}`} className="main-menu__item">
          {t(`menu.${item.key}`)}
          {item.isNew && <span className="tag">{t('new')}</span>}
        </NavLink>
      ))}
      {bonusCount > 0 && (
        <NavLink to={`/${lang}/promotions`} className="main-menu__item" data-testid="menu-promotions">
          {t('menu.promotions')} <span className="badge" data-testid="bonus-count">{bonusCount}</span>
        </NavLink>
      )}
      {settings.tv_link && (
        <a href={settings.tv_link} target="_blank" rel="noreferrer" className="main-menu__item" title={t('tv')}>
          <Icon name="tv" />
        </a>
      )}
    </nav>
  );
}
