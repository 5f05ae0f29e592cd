import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { liveHash, parseLiveHash } from '@/features/live/frames';
import { useLiveSubscription } from '@/features/live/hooks/use-live';
import { SEARCH_MIN_LENGTH, searchableKeyWord, useLiveMatches } from '@/features/sports/api/catalog';
import { isFavouriteMatch, useSportsFavouritesStore } from '@/stores/sports-favourites-store';
import { Markets } from '@/features/sports/components/market';
import { MatchListHeader } from '@/features/sports/components/match-list-header';
import { MatchRow } from '@/features/sports/components/match-row';
import { MatchTime } from '@/features/sports/components/match-time';
import { visibleGroups } from '@/features/sports/types';
import { useParams } from 'react-router-dom';

/**
 * Spec §2 /livebets and /livebets/{keyWord}: live matches by sport, narrowed by the keyword (the api
 * searches team and league names, §5 from 3 characters); `sportId|matchId` in the URL hash. The
 * favourites filter keeps the starred matches and those of starred leagues.
 */
export default function LiveBetsPage() {
  const { t } = useTranslation('live');
  const { lang = 'tr', keyWord: routeKeyWord } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { sportId, matchId } = parseLiveHash(location.hash);
  const keyWord = searchableKeyWord(routeKeyWord);
  const live = useLiveMatches(lang, keyWord);
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const favourites = useSportsFavouritesStore((s) => s);
  const [text, setText] = useState(routeKeyWord ?? '');
  const all = live.data ?? [];
  const matches = favouritesOnly ? all.filter((m) => isFavouriteMatch(m, favourites)) : all;
  const sports = [...new Map(matches.map((m) => [String(m.sportId), m.sportName ?? String(m.sportId)])).entries()];
  const shownSport = sportId ?? sports[0]?.[0] ?? null;
  const inSport = matches.filter((m) => String(m.sportId) === shownSport);
  const open = matchId ? matches.find((m) => m.id === matchId) : undefined;
  useLiveSubscription(shownSport ? { sportId: shownSport } : null);

  const go = (sport: string | null, match: string | null) => navigate({ hash: liveHash(sport, match) }, { replace: true });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const word = text.trim();
    navigate(word ? `/${lang}/livebets/${encodeURIComponent(word)}` : `/${lang}/livebets`);
  };

  return (
    <section className="page live" data-testid="page-livebets">
      <h1>{keyWord ? t('searchResults', { keyWord }) : t('title')}</h1>
      <form className="live__search" role="search" onSubmit={search}>
        <input type="search" value={text} aria-label={t('search')} placeholder={t('searchPlaceholder', { min: SEARCH_MIN_LENGTH })} data-testid="live-search" onChange={(e) => setText(e.target.value)} />
        <button type="submit" className="button">
          {t('search')}
        </button>
        {routeKeyWord !== undefined && (
          <Link to={`/${lang}/livebets`} className="link-button" data-testid="live-search-clear">
            {t('clearSearch')}
          </Link>
        )}
        <button type="button" className={favouritesOnly ? 'tab tab--active' : 'tab'} aria-pressed={favouritesOnly} data-testid="favourites-filter" onClick={() => setFavouritesOnly((on) => !on)}>
          {t('favourites')}
        </button>
      </form>
      {routeKeyWord !== undefined && !keyWord && (
        <p className="notice" data-testid="live-keyword-short">
          {t('keyWordTooShort', { min: SEARCH_MIN_LENGTH })}
        </p>
      )}
      {live.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : matches.length === 0 ? (
        <EmptyState title={favouritesOnly ? t('noFavourites') : keyWord ? t('noSearchResults', { keyWord }) : t('noLiveMatches')} />
      ) : (
        <>
          <nav className="tabs">
            {sports.map(([id, name]) => (
              <button key={id} type="button" className={id === shownSport ? 'tab tab--active' : 'tab'} onClick={() => go(id, null)}>
                {name} <span className="count">{matches.filter((m) => String(m.sportId) === id).length}</span>
              </button>
            ))}
          </nav>
          <MatchListHeader matches={inSport} />
          {inSport.map((match) => (
            <div key={match.id} onClick={() => go(shownSport, match.id)}>
              <MatchRow match={match} />
            </div>
          ))}
          {open && (
            <div className="live__detail" data-testid="live-detail">
              <h2>
                {open.homeTeam} {open.score ? `${open.score.home}:${open.score.away}` : ''} {open.awayTeam}
              </h2>
              <p className="muted">
                <MatchTime match={open} />{' '}
                {[
                  open.corners ? t('corners', { home: open.corners.home, away: open.corners.away }) : null,
                  open.cards ? t('cards', { home: open.cards.homeRed + open.cards.homeYellow, away: open.cards.awayRed + open.cards.awayYellow }) : null,
                  open.remainingMinutes != null ? t('remaining', { minutes: open.remainingMinutes }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              <Markets match={open} groups={visibleGroups(open)} />
            </div>
          )}
        </>
      )}
    </section>
  );
}
