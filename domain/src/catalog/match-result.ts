import { assertNever } from '../shared/decider';
import type { OutcomeResult } from '../shared/results';
import type { SportId } from './sports';

export type Side = 'home' | 'away';

/** A count per side: goals, points, games, sets, corners… */
export interface Score {
  readonly home: number;
  readonly away: number;
}

/**
 * One period as played: a half, quarter, ice-hockey period or inning (goals / points), or a set
 * (tennis: games, a set won on a tie-break is 7:6; volleyball: points). `tieBreak` holds the
 * tie-break points of a tennis set; a match tie-break played instead of a deciding set is recorded
 * as a set of 1:0 games with its points in `tieBreak`.
 */
export interface PeriodScore extends Score {
  readonly tieBreak?: Score;
}

/**
 * Cards shown in one period, as the official match report counts them: a second yellow that sends a
 * player off is recorded as one red (not as a yellow too), so one player counts at most one yellow
 * and one red.
 */
export interface PeriodCards {
  readonly yellow: Score;
  readonly red: Score;
}

/**
 * Where a match stands. Only `completed`, `abandoned` and `cancelled` are terminal:
 * - `not_started`, `postponed`: nothing is played yet; a postponed match that will not be played is
 *   recorded as `cancelled` once the operator gives up waiting for it.
 * - `in_play`, `interrupted`: running or stopped for now; what is already decided settles.
 * - `completed`: played to its end, including a tennis match ended by a retirement (`retired`) or
 *   awarded by a walkover (`walkover`).
 * - `abandoned`: stopped for good before its end; what was decided stands, the rest is void.
 * - `cancelled`: will not be played; everything is void.
 */
export type MatchStatus =
  | 'not_started'
  | 'postponed'
  | 'in_play'
  | 'interrupted'
  | 'completed'
  | 'abandoned'
  | 'cancelled';

export const MATCH_STATUSES: readonly MatchStatus[] = [
  'not_started',
  'postponed',
  'in_play',
  'interrupted',
  'completed',
  'abandoned',
  'cancelled',
];

/**
 * What is known of a match's result, from kick-off to the official final. Settlement reads only
 * this, so a partial result (first half over, match running) already settles first-half markets.
 */
export interface MatchResult {
  readonly sportId: SportId;
  readonly status: MatchStatus;
  /**
   * The regular periods in order, as far as played (the running one included): football and
   * handball halves, basketball quarters, ice-hockey periods, baseball innings, tennis and
   * volleyball sets, esports maps. Overtime is never in here.
   */
  readonly periods: readonly PeriodScore[];
  /**
   * How many of `periods` are over. Optional: a completed match (not retired) has all its periods
   * over, any other match none unless this says so.
   */
  readonly completedPeriods?: number;
  /** Everything scored after regular time and before a shoot-out: extra time, overtime(s). */
  readonly overtime?: Score;
  /** The penalty (or 7-metre, or shoot-out) tally, when the match went to one. */
  readonly penalties?: Score;
  /** Corner kicks per regular period (football), when the feed reports them. */
  readonly corners?: readonly Score[];
  /** Cards per regular period (football), when the feed reports them. */
  readonly cards?: readonly PeriodCards[];
  /** The side that retired (or was disqualified) during the match; the other side is the official winner. */
  readonly retired?: Side;
  /** The side awarded the match without it being played. */
  readonly walkover?: Side;
}

/** True once the match has reached its natural end: a retirement or walkover is not one. */
export function isPlayedOut(result: MatchResult): boolean {
  return result.status === 'completed' && result.retired === undefined && result.walkover === undefined;
}

/** How many regular periods are over and can no longer change. */
export function periodsOver(result: MatchResult): number {
  if (isPlayedOut(result)) return result.periods.length;
  return Math.min(result.completedPeriods ?? 0, result.periods.length);
}

/**
 * How the match's status turns a verdict worked out from the known scores into a settlement:
 * `null` verdicts are undecided. On a match stopped before its end (abandoned, retired) a decided
 * verdict stands and an undecided one is void; a match never played voids everything.
 */
export function settleByStatus(
  result: MatchResult,
  verdict: OutcomeResult | null,
): OutcomeResult | null {
  if (result.walkover !== undefined) return 'void';
  switch (result.status) {
    case 'not_started':
    case 'postponed':
    case 'in_play':
    case 'interrupted':
      return verdict;
    case 'completed':
      return result.retired === undefined ? verdict : (verdict ?? 'void');
    case 'abandoned':
      return verdict ?? 'void';
    case 'cancelled':
      return 'void';
    default:
      return assertNever(result.status);
  }
}
