import { FOOTBALL_MINUTES, matchClock } from '@kupon/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import type { MatchSummary } from '../types';
import './match-time.css';

/**
 * A live match's clock (spec §9): the minute, `90+` in football's stoppage time, half time or a break
 * instead of a minute; football also gets a bar of its 90 minutes, which in a break stands at the
 * period length / 2 + 0.5 the domain's `matchClock` gives.
 */
export function MatchTime({ match }: { match: Pick<MatchSummary, 'sportId' | 'matchStatus' | 'minute'> }) {
  const { t } = useTranslation('sports');
  const clock = matchClock(match.sportId, match.matchStatus, match.minute);
  const text = clock.paused
    ? t(match.sportId === 1 && match.matchStatus === 'pause1' ? 'clock.halfTime' : 'clock.break')
    : clock.minute === null
      ? ''
      : t(clock.stoppage ? 'clock.stoppage' : 'clock.minute', { minute: clock.minute });
  if (text === '' && clock.elapsed === null) return null;
  return (
    <span className="match-time" data-testid="match-time">
      {text}
      {clock.elapsed !== null && (
        <progress className="match-time__bar" max={FOOTBALL_MINUTES} value={clock.elapsed} aria-label={t('clock.played', { minutes: FOOTBALL_MINUTES })} />
      )}
    </span>
  );
}

/** When a match is: in play, its score and clock; before it, its start in local time. */
export function MatchWhen({ match }: { match: Pick<MatchSummary, 'sportId' | 'matchStatus' | 'minute' | 'isLive' | 'score' | 'matchDate'> }) {
  if (!match.isLive || !match.score) return <>{formatDateTime(match.matchDate)}</>;
  return (
    <>
      {`${match.score.home}:${match.score.away} `}
      <MatchTime match={match} />
    </>
  );
}
