import { useTranslation } from 'react-i18next';
import './favourites.css';
import { StarIcon } from '@/features/casino/components/star-icon';
import { useSportsFavouritesStore } from '@/stores/sports-favourites-store';

/**
 * The star of a match or a league on the sports and live pages: starred ones show under the
 * favourites filter (kept on this device). `name` is what the button's label names.
 */
export function FavouriteStar({ kind, id, name }: { kind: 'match' | 'tournament'; id: string; name: string }) {
  const { t } = useTranslation('sports');
  const starred = useSportsFavouritesStore((s) => (kind === 'match' ? s.matchIds : s.tournamentIds).includes(id));
  const toggleMatch = useSportsFavouritesStore((s) => s.toggleMatch);
  const toggleTournament = useSportsFavouritesStore((s) => s.toggleTournament);
  return (
    <button
      type="button"
      className={starred ? 'favourite-star favourite-star--on' : 'favourite-star'}
      aria-pressed={starred}
      aria-label={starred ? t('removeFavourite', { name }) : t('addFavourite', { name })}
      title={starred ? t('removeFavourite', { name }) : t('addFavourite', { name })}
      data-testid={`favourite-${kind}`}
      onClick={(event) => {
        // A row that opens its match on a click (the live list) must not open it for the star.
        event.stopPropagation();
        if (kind === 'match') toggleMatch(id);
        else toggleTournament(id);
      }}
    >
      <StarIcon filled={starred} />
    </button>
  );
}
