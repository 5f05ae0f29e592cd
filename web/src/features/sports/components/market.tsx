import { OddsButton } from '@/components/odds-button';
import { outcomeLocked, type MatchSummary, type OddsGroup } from '../types';

/** One market (odds group) of a match: its outcomes as odds buttons. */
export function Market({ match, group, showTitle = true }: { match: MatchSummary; group: OddsGroup; showTitle?: boolean }) {
  return (
    <div className="market" data-testid="market">
      {showTitle && (
        <h4 className="market__title">
          {group.typeName}
          {group.special ? ` (${group.special})` : ''}
        </h4>
      )}
      <div className="market__odds">
        {group.odds.map((odd) => (
          <OddsButton
            key={odd.outcomeId}
            matchId={match.id}
            marketId={group.oddsId}
            special={group.special}
            outcomeId={odd.outcomeId}
            odds={odd.odd}
            isLive={Boolean(match.isLive)}
            locked={outcomeLocked(match, group, odd)}
            label={odd.outcome}
            limits={odd.limits ?? null}
            detail={{
              sportId: match.sportId,
              home: match.homeTeam,
              away: match.awayTeam,
              matchDate: match.matchDate,
              marketName: group.typeName + (group.special ? ` (${group.special})` : ''),
              outcomeName: odd.outcome,
            }}
          />
        ))}
      </div>
    </div>
  );
}
