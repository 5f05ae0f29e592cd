import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { type MatchFilter, SEARCH_MIN_LENGTH, useMatches, useSportTree } from '@/features/sports/api/catalog';
import { MatchListHeader } from '@/features/sports/components/match-list-header';
import { MatchRow } from '@/features/sports/components/match-row';
import { SearchBox } from '@/features/sports/components/search-box';
import { SportTree, type TreeSelection } from '@/features/sports/components/sport-tree';
import { useLiveSubscription } from '@/features/live/hooks/use-live';

/** Spec §2 /sports: the tree, the chosen branch's matches sorted by date, search. */
export default function SportsPage() {
  const { t } = useTranslation('sports');
  const { lang = 'tr' } = useParams();
  const tree = useSportTree(lang);
  const [selected, setSelected] = useState<TreeSelection>({});
  const [keyWord, setKeyWord] = useState('');
  const searching = keyWord.trim().length >= SEARCH_MIN_LENGTH;
  const firstSport = tree.data?.[0]?.id;
  const branch: TreeSelection = selected.sportId ? selected : firstSport ? { sportId: firstSport } : {};
  const filter: MatchFilter = searching ? { keyWord } : branch;
  const matches = useMatches(filter, lang);
  useLiveSubscription(filter.sportId ? { sportId: filter.sportId } : null);

  return (
    <section className="page sports" data-testid="page-sports">
      <div className="sports__side">
        <SearchBox value={keyWord} onChange={setKeyWord} />
        {tree.isPending ? (
          <div className="page-loading" aria-busy="true" />
        ) : tree.data && tree.data.length > 0 ? (
          <SportTree sports={tree.data} selected={branch} onSelect={setSelected} />
        ) : (
          <EmptyState title={t('noSports')} />
        )}
      </div>
      <div className="sports__list">
        <h1>{searching ? t('searchResults', { keyWord }) : t('title')}</h1>
        {matches.isFetching && <div className="progress" aria-busy="true" />}
        {matches.data && <MatchListHeader matches={matches.data} />}
        {matches.data && matches.data.length > 0
          ? matches.data.map((match) => <MatchRow key={match.id} match={match} />)
          : !matches.isFetching && <EmptyState title={t('noMatches')} />}
      </div>
    </section>
  );
}
