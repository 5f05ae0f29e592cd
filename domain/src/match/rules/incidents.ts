import type { Score, Side } from '../../catalog/match-result';
import { ICE_HOCKEY, SOCCER, TENNIS, type SportId, sportOf } from '../../catalog/sports';
import { FINISHED_STATUSES, type Scoreboard } from '../events';

/**
 * What the live match tracker lists (spec §3 live_show_tracker): a goal, a card, a corner, a tennis
 * game or a set won, a period (half, quarter…) played out. Each is a difference between two
 * consecutive scoreboards of the match stream; the feed sends no incident of its own.
 */
export type IncidentKind = 'goal' | 'yellow_card' | 'red_card' | 'corner' | 'game' | 'set' | 'period_end';

export interface Incident {
  readonly kind: IncidentKind;
  /** Who scored, was booked, won the game or set; null for a period played out. */
  readonly side: Side | null;
  /** The period (half, quarter, set) it belongs to, from 1. */
  readonly period: number;
  /** Minute of play when the scoreboard showed it; null where the sport has no clock or the minute is unknown. */
  readonly minute: number | null;
  /**
   * The count after it: goal → match score; card, corner → that kind's count; game → games in the
   * set; set → the set's games; period_end → the period's score.
   */
  readonly score: Score;
}

const SIDES: readonly Side[] = ['home', 'away'];
const ZERO: Score = { home: 0, away: 0 };
const EMPTY: Scoreboard = {
  status: 'not_started',
  score: ZERO,
  periods: [],
  minute: null,
  cards: { yellow: ZERO, red: ZERO },
  corners: ZERO,
};

/** Sports whose score changes are few enough to list one by one (a basketball point is not). */
const GOAL_SPORTS: readonly SportId[] = [SOCCER, ICE_HOCKEY];

/** One incident per unit a side's count rose; a fall (a goal ruled out, a correction) lists nothing. */
function rises(kind: IncidentKind, before: Score, after: Score, at: Pick<Incident, 'period' | 'minute'>): Incident[] {
  return SIDES.flatMap((side) =>
    Array.from({ length: Math.max(0, after[side] - before[side]) }, (_, i) => ({
      kind,
      side,
      ...at,
      score: { ...after, [side]: before[side] + i + 1 },
    })),
  );
}

/** Periods of a timed sport already played out: before the break after period N, N; while one runs, the ones before it. */
function periodsPlayed(board: Scoreboard): number {
  const pause = /^pause(\d)$/.exec(board.status);
  if (pause) return Math.min(Number(pause[1]), board.periods.length);
  if (FINISHED_STATUSES.includes(board.status) || board.status === 'ot' || board.status === 'penalties') return board.periods.length;
  return Math.max(0, board.periods.length - 1);
}

/**
 * The incidents between two consecutive scoreboards of a match (`previous` null: the first one the
 * stream carries, whose earlier incidents get no minute). Pure: the api's timeline read model and
 * the player site's tracker run this same function, so both list the same incidents.
 */
export function incidentsBetween(sportId: SportId, previous: Scoreboard | null, next: Scoreboard): Incident[] {
  const before = previous ?? EMPTY;
  const minute = previous === null ? null : next.minute;
  const running = Math.max(1, next.periods.length);
  const at = { period: running, minute };
  const incidents: Incident[] = [];
  const format = sportOf(sportId).format;
  if (format.kind === 'timed') {
    if (GOAL_SPORTS.includes(sportId)) incidents.push(...rises('goal', before.score, next.score, at));
    incidents.push(...rises('yellow_card', before.cards.yellow, next.cards.yellow, at));
    incidents.push(...rises('red_card', before.cards.red, next.cards.red, at));
    incidents.push(...rises('corner', before.corners, next.corners, at));
    for (let period = periodsPlayed(before); period < periodsPlayed(next); period += 1) {
      incidents.push({ kind: 'period_end', side: null, period: period + 1, minute, score: next.periods[period] ?? ZERO });
    }
    return incidents;
  }
  if (sportId === TENNIS) {
    next.periods.forEach((games, i) => incidents.push(...rises('game', before.periods[i] ?? ZERO, games, { period: i + 1, minute })));
  }
  const setsBefore = before.score.home + before.score.away;
  for (const won of rises('set', before.score, next.score, at)) {
    const set = setsBefore + incidents.filter((x) => x.kind === 'set').length + 1;
    incidents.push({ ...won, period: set, score: next.periods[set - 1] ?? ZERO });
  }
  return incidents;
}

/** A match's whole timeline from its scoreboards in stream order. */
export function timelineOf(sportId: SportId, boards: readonly Scoreboard[]): Incident[] {
  return boards.flatMap((board, i) => incidentsBetween(sportId, boards[i - 1] ?? null, board));
}

/** The same incident seen twice (from the timeline route and again from a live update) has the same key. */
export function incidentKey(incident: Incident): string {
  return `${incident.kind}|${incident.side ?? '-'}|${incident.period}|${incident.score.home}:${incident.score.away}`;
}
