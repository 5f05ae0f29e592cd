import { type Incident, incidentKey, INITIAL_SCOREBOARD, isSportId, matchClock, type Scoreboard, sportOf } from '@kupon/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMatchTimeline } from './get-timeline';
import { IncidentIcon } from './incident-icon';
import { applyLive, liveSignature, merged, type TrackedMatch, type TrackerState } from './live-board';
import './tracker.css';

type T = ReturnType<typeof useTranslation<'live'>>['t'];

/** The sport whose feed reports corners and cards. */
const FOOTBALL = 1;

/** What a sport calls its periods (a set sport plays sets). */
function periodName(t: T, sportId: number, n: number): string {
  if (!isSportId(sportId) || sportOf(sportId).format.kind === 'sets') return t('tracker.set', { n });
  if (sportId === 1 || sportId === 6) return t('tracker.half', { n });
  if (sportId === 2) return t('tracker.quarter', { n });
  if (sportId === 3) return t('tracker.inning', { n });
  return t('tracker.period', { n });
}

function statusText(t: T, sportId: number, status: string): string {
  const running = /^(\d)(p|set)$/.exec(status);
  if (running) return periodName(t, sportId, Number(running[1]));
  if (status.startsWith('pause')) return t('tracker.status.pause');
  return t(`tracker.status.${status}`, { defaultValue: status });
}

function incidentText(t: T, sportId: number, incident: Incident, teams: { home: string; away: string }): string {
  const team = incident.side ? teams[incident.side] : '';
  const score = `${incident.score.home}:${incident.score.away}`;
  if (incident.kind === 'period_end') return t('tracker.incident.period_end', { name: periodName(t, sportId, incident.period), score });
  if (incident.kind === 'set') return t('tracker.incident.set', { name: periodName(t, sportId, incident.period), team, score });
  return t(`tracker.incident.${incident.kind}`, { team, score });
}

/**
 * Spec §3 live_show_tracker: the live match tracker on the match page — score, period and minute,
 * the incidents in order (newest first), corners and cards per team. It loads the timeline route
 * once, then derives each new incident from the socket's updates with the domain's
 * `incidentsBetween`, the rule the api's read model applies. Nothing when the site turned it off.
 */
export function MatchTracker({ match, enabled }: { match: TrackedMatch; enabled: boolean }) {
  if (!enabled || !match.isLive) return null;
  return <LiveTracker match={match} />;
}

function LiveTracker({ match }: { match: TrackedMatch }) {
  const { t } = useTranslation('live');
  const { lang = 'tr' } = useParams();
  const timeline = useMatchTimeline(match.id, lang);
  const [state, setState] = useState<TrackerState>({ board: null, incidents: [] });
  const signature = liveSignature(match);
  const seen = useRef(signature);

  useEffect(() => {
    const loaded = timeline.data;
    if (!loaded) return;
    // A match whose feed has sent no state yet starts from the empty scoreboard; its first update lists what it shows.
    setState((current) => ({ board: (loaded.scoreboard as Scoreboard | null) ?? INITIAL_SCOREBOARD, incidents: merged(loaded.incidents as readonly Incident[], current.incidents) }));
  }, [timeline.data]);

  useEffect(() => {
    // Only what the socket changed after the page opened: the match as first loaded may be older than the timeline.
    if (seen.current === signature) return;
    seen.current = signature;
    setState((current) => applyLive(current, match.sportId, match));
  }, [signature, match]);

  const board = state.board;
  if (!board) return null;
  const teams = { home: match.homeTeam, away: match.awayTeam };
  const clock = matchClock(match.sportId, board.status, board.minute);
  const stats: [string, { home: number; away: number }][] = [
    [t('tracker.stats.corners'), board.corners],
    [t('tracker.stats.yellow'), board.cards.yellow],
    [t('tracker.stats.red'), board.cards.red],
  ];
  return (
    <section className="match-tracker" data-testid="match-tracker" aria-label={t('tracker.title')}>
      <div className="match-tracker__board">
        <span>{teams.home}</span>
        <span className="match-tracker__score" data-testid="tracker-score">
          {board.score.home}:{board.score.away}
        </span>
        <span>{teams.away}</span>
      </div>
      <p className="match-tracker__clock" data-testid="tracker-clock">
        {statusText(t, match.sportId, board.status)}
        {clock.minute !== null ? ` · ${t(clock.stoppage ? 'tracker.stoppage' : 'tracker.minute', { minute: clock.minute })}` : ''}
      </p>
      {board.periods.length > 1 && (
        <ol className="match-tracker__periods">
          {board.periods.map((p, i) => (
            <li key={i}>
              {periodName(t, match.sportId, i + 1)} {p.home}:{p.away}
            </li>
          ))}
        </ol>
      )}
      {match.sportId === FOOTBALL && (
        <table className="match-tracker__stats" data-testid="tracker-stats">
          <tbody>
            {stats.map(([label, count]) => (
              <tr key={label}>
                <td>{count.home}</td>
                <th scope="row">{label}</th>
                <td>{count.away}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ol className="match-tracker__incidents" data-testid="tracker-incidents" reversed>
        {state.incidents.length === 0 && <li className="match-tracker__incident match-tracker__incident--none">{t('tracker.noIncidents')}</li>}
        {[...state.incidents].reverse().map((incident) => (
          <li key={incidentKey(incident)} className={`match-tracker__incident match-tracker__incident--${incident.side ?? 'both'}`}>
            <span className="match-tracker__minute">{incident.minute !== null ? t('tracker.minute', { minute: incident.minute }) : ''}</span>
            <IncidentIcon kind={incident.kind} />
            <span>{incidentText(t, match.sportId, incident, teams)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
