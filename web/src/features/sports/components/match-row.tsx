import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { shortTeamName } from '@/lib/format';
import { type MatchSummary, visibleGroups } from '../types';
import { FavouriteStar } from './favourite-star';
import { Market } from './market';
import { MatchWhen } from './match-time';

/** The markets behind the row's `+N`: a list entry that carries only the main market counts the match's own. */
function marketsOf(match: MatchSummary, visible: number): number {
  return match.marketCount !== undefined && match.marketCount > match.oddsGroups.length ? match.marketCount : visible;
}

/** A match in a list: its favourite star, teams (cut at 10 characters, §9), date, the main market, a link to all markets. */
export const MatchRow = memo(function MatchRow({ match }: { match: MatchSummary }) {
  const { t } = useTranslation('sports');
  const { lang = 'tr' } = useParams();
  const groups = visibleGroups(match);
  const main = groups[0];
  return (
    <article className="match-row" data-testid="match-row" data-match-id={match.id} data-live={match.isLive ? 1 : 0} data-starts-at={match.matchDate}>
      <div className="match-row__info">
        <div className="match-row__title">
          <FavouriteStar kind="match" id={match.id} name={`${match.homeTeam} - ${match.awayTeam}`} />
          <Link to={`/${lang}/sports/match/${encodeURIComponent(match.id)}`} className="match-row__teams" title={`${match.homeTeam} - ${match.awayTeam}`}>
            {shortTeamName(match.homeTeam)} - {shortTeamName(match.awayTeam)}
          </Link>
        </div>
        <span className="muted small">
          <MatchWhen match={match} />
        </span>
      </div>
      {main ? <Market match={match} group={main} showTitle={false} /> : <span className="muted">{t('noOdds')}</span>}
      <Link to={`/${lang}/sports/match/${encodeURIComponent(match.id)}`} className="chip" title={t('allMarkets')}>
        +{Math.max(0, marketsOf(match, groups.length) - 1)}
      </Link>
    </article>
  );
});
