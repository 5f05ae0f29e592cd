import type { CasinoItem } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { useFavouritesStore } from '../stores/favourites-store';
import { StarIcon } from './star-icon';

/** The §3 casino/slot items as tiles: logo and title open the game; the star toggles a favourite. */
export function GameGrid({ games, onOpen, opening }: { games: readonly CasinoItem[]; onOpen: (game: CasinoItem) => void; opening: boolean }) {
  const { t } = useTranslation('casino');
  const favourites = useFavouritesStore((s) => s.serviceIds);
  const toggle = useFavouritesStore((s) => s.toggle);
  return (
    <ul className="casino-grid" data-testid="casino-grid">
      {games.map((game) => {
        const favourite = favourites.includes(game.serviceId);
        return (
          <li key={game.serviceId} className="casino-game" data-testid="casino-game" data-service-id={game.serviceId}>
            <button type="button" className="casino-game__open" disabled={opening} onClick={() => onOpen(game)} title={t('play', { title: game.title })}>
              {game.logo ? <img src={game.logo} alt="" loading="lazy" /> : <span className="casino-game__no-logo" aria-hidden="true" />}
              <span className="casino-game__title" data-testid="casino-game-title">
                {game.title}
              </span>
              <span className="casino-game__provider muted small">{game.company_name}</span>
              {/* §3 openLobby 1: the game opens a lobby of its own (live tables). */}
              {game.openLobby === 1 && <span className="tag">{t('lobby')}</span>}
            </button>
            <button
              type="button"
              className={favourite ? 'casino-game__favourite casino-game__favourite--on' : 'casino-game__favourite'}
              aria-pressed={favourite}
              aria-label={favourite ? t('removeFavourite', { title: game.title }) : t('addFavourite', { title: game.title })}
              data-testid="casino-favourite-toggle"
              onClick={() => toggle(game.serviceId)}
            >
              <StarIcon filled={favourite} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
