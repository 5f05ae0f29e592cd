import type { SportId } from '../../catalog/sports';

/** Football (spec §9 "Football pause time is period length/2 + 0.5, capped at 90"). */
const FOOTBALL: SportId = 1;

/** A football match's regulation length in minutes: its clock bar ends there and later minutes show as 90+. */
export const FOOTBALL_MINUTES = 90;

/**
 * A live match's clock as the match lists show it: the minute (or a break), and for football how far
 * through the 90 minutes it is, for a progress bar.
 */
export interface MatchClock {
  /** The minute to show; null during a break or when the feed gave none. */
  readonly minute: number | null;
  /** Football's stoppage time past 90 in regulation: shown as 90+. */
  readonly stoppage: boolean;
  /** A break between periods (half time). */
  readonly paused: boolean;
  /** Football only: minutes of the 90 played, for the clock bar; null for other sports. */
  readonly elapsed: number | null;
}

function isBreak(status: string | undefined): boolean {
  return status === 'paused' || (status?.startsWith('pause') ?? false);
}

/**
 * The clock of a live match from its status and the feed's minute. In a football break the bar stands
 * at half the period length plus half a minute (past the first half, not yet the second), never past
 * 90; in regulation the minute stops at 90 and stoppage time shows as 90+. Extra time (`ot`) keeps
 * its own minutes (91 to 120) on a full bar.
 */
export function matchClock(sportId: number, status: string | undefined, minute: number | null | undefined, periodLength: number = FOOTBALL_MINUTES): MatchClock {
  const paused = isBreak(status);
  const known = typeof minute === 'number' && Number.isFinite(minute) ? Math.max(0, Math.trunc(minute)) : null;
  if (sportId !== FOOTBALL) return { minute: paused ? null : known, stoppage: false, paused, elapsed: null };
  if (paused) return { minute: null, stoppage: false, paused, elapsed: Math.min(periodLength / 2 + 0.5, FOOTBALL_MINUTES) };
  if (known === null) return { minute: null, stoppage: false, paused, elapsed: null };
  const regulation = status !== 'ot' && status !== 'penalties';
  const stoppage = regulation && known > FOOTBALL_MINUTES;
  return { minute: stoppage ? FOOTBALL_MINUTES : known, stoppage, paused, elapsed: Math.min(known, FOOTBALL_MINUTES) };
}
