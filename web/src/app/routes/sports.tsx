import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { type MatchFilter, SEARCH_MIN_LENGTH, useFavouriteMatches, useMatches, useSportTree } from '@/features/sports/api/catalog';
import { MatchListHeader } from '@/features/sports/components/match-list-header';
import { MatchRow } from '@/features/sports/components/match-row';
import { SearchBox } from '@/features/sports/components/search-box';
import { SportTree, type TreeSelection } from '@/features/sports/components/sport-tree';
import { useLiveSubscription } from '@/features/live/hooks/use-live';
import { useSportsFavouritesStore } from '@/stores/sports-favourites-store';

/**
 * Spec §2 /sports: the tree, the chosen branch's matches sorted by date, search. Several leagues can
 * be picked at once (§7 matches with multipleLeague: one request with the id list), and the
 * favourites filter lists the starred matches and leagues.
 */
export default function SportsPage() {
  const { t } = useTranslation('sports');
  const { lang = 'tr' } = useParams();
  const tree = useSportTree(lang);
  const [selected, setSelected] = useState<TreeSelection>({});
  const [keyWord, setKeyWord] = useState('');
  const [picked, setPicked] = useState<readonly string[]>([]);
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const favouriteMatchIds = useSportsFavouritesStore((s) => s.matchIds);
  const favouriteTournamentIds = useSportsFavouritesStore((s) => s.tournamentIds);
  const searching = keyWord.trim().length >= SEARCH_MIN_LENGTH;
  const firstSport = tree.data?.[0]?.id;
  const branch: TreeSelection = selected.sportId ? selected : firstSport ? { sportId: firstSport } : {};
  const view: 'search' | 'favourites' | 'picked' | 'branch' = searching ? 'search' : favouritesOnly ? 'favourites' : picked.length > 0 ? 'picked' : 'branch';
  const filter: MatchFilter = view === 'search' ? { keyWord } : view === 'picked' ? { tournamentId: picked } : view === 'branch' ? branch : {};
  const branchMatches = useMatches(filter, lang);
  const favouriteMatches = useFavouriteMatches({ matchIds: favouriteMatchIds, tournamentIds: favouriteTournamentIds }, lang, view === 'favourites');
  const noFavourites = favouriteMatchIds.length === 0 && favouriteTournamentIds.length === 0;
  const matches = view === 'favourites' ? favouriteMatches : branchMatches;
  const shown = view === 'favourites' && noFavourites ? [] : matches.data;
  useLiveSubscription(filter.sportId ? { sportId: filter.sportId } : null);

  const togglePick = (tournamentId: string) => {
    setFavouritesOnly(false);
    setPicked((current) => (current.includes(tournamentId) ? current.filter((id) => id !== tournamentId) : [...current, tournamentId]));
  };
  const heading = view === 'search' ? t('searchResults', { keyWord }) : view === 'favourites' ? t('favourites') : view === 'picked' ? t('pickedLeagues', { count: picked.length }) : t('title');

  return (
    <section className="page sports" data-testid="page-sports">
      <div className="sports__side">
        <SearchBox value={keyWord} onChange={setKeyWord} />
        <div className="sports__filters">
          <button type="button" className={favouritesOnly ? 'tab tab--active' : 'tab'} aria-pressed={favouritesOnly} data-testid="favourites-filter" onClick={() => setFavouritesOnly((on) => !on)}>
            {t('favourites')} <span className="count">{favouriteMatchIds.length + favouriteTournamentIds.length}</span>
          </button>
          {picked.length > 0 && (
            <button type="button" className="link-button" data-testid="clear-picked" onClick={() => setPicked([])}>
              {t('clearPicked')}
            </button>
          )}
        </div>
        {tree.isPending ? (
          <div className="page-loading" aria-busy="true" />
        ) : tree.data && tree.data.length > 0 ? (
          <SportTree
            sports={tree.data}
            selected={branch}
            onSelect={(next) => {
              setFavouritesOnly(false);
              setSelected(next);
            }}
            picked={picked}
            onTogglePick={togglePick}
          />
        ) : (
          <EmptyState title={t('noSports')} />
        )}
      </div>
      <div className="sports__list">
        <h1>{heading}</h1>
        {matches.isFetching && <div className="progress" aria-busy="true" />}
        {shown && <MatchListHeader matches={shown} />}
        {shown && shown.length > 0
          ? shown.map((match) => <MatchRow key={match.id} match={match} />)
          : !matches.isFetching && <EmptyState title={view === 'favourites' ? t('noFavourites') : t('noMatches')} />}
      </div>
    </section>
  );
}
