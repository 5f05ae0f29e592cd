import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { liveHash, parseLiveHash } from '@/features/live/frames';
import { useLiveSubscription } from '@/features/live/hooks/use-live';
import { useLiveMatches } from '@/features/sports/api/catalog';
import { Market } from '@/features/sports/components/market';
import { MatchListHeader } from '@/features/sports/components/match-list-header';
import { MatchRow } from '@/features/sports/components/match-row';
import { visibleGroups } from '@/features/sports/types';
import { useParams } from 'react-router-dom';

/** Spec §2 /livebets: live matches by sport; `sportId|matchId` in the URL hash. */
export default function LiveBetsPage() {
  const { t } = useTranslation('live');
  const { lang = 'tr' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { sportId, matchId } = parseLiveHash(location.hash);
  const live = useLiveMatches(lang);
  const matches = live.data ?? [];
  const sports = [...new Map(matches.map((m) => [String(m.sportId), m.sportName ?? String(m.sportId)])).entries()];
  const shownSport = sportId ?? sports[0]?.[0] ?? null;
  const inSport = matches.filter((m) => String(m.sportId) === shownSport);
  const open = matchId ? matches.find((m) => m.id === matchId) : undefined;
  useLiveSubscription(shownSport ? { sportId: shownSport } : null);

  const go = (sport: string | null, match: string | null) => navigate({ hash: liveHash(sport, match) }, { replace: true });

  return (
    <section className="page live" data-testid="page-livebets">
      <h1>{t('title')}</h1>
      {live.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : matches.length === 0 ? (
        <EmptyState title={t('noLiveMatches')} />
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
                {[
                  open.time,
                  open.corners ? t('corners', { home: open.corners.home, away: open.corners.away }) : null,
                  open.cards ? t('cards', { home: open.cards.homeRed + open.cards.homeYellow, away: open.cards.awayRed + open.cards.awayYellow }) : null,
                  open.remainingMinutes != null ? t('remaining', { minutes: open.remainingMinutes }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </p>
              {visibleGroups(open).map((g) => (
                <Market key={`${g.oddsId}:${g.special}`} match={open} group={g} />
              ))}
            </div>
          )}
        </>
      )}
    </section>
  );
}
