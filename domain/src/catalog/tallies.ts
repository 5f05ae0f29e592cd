import { sportOf } from './sports';
import { isPlayedOut, periodsOver } from './match-result';
import type { MatchResult, PeriodScore, Score, Side } from './match-result';

/**
 * A count over one part of a match. Final once that part is over; until then a lower bound, since
 * goals, points, games, corners and cards are only ever added.
 */
export interface Tally extends Score {
  readonly final: boolean;
}

const ZERO: Score = { home: 0, away: 0 };

function sum(scores: readonly Score[]): Score {
  return scores.reduce((total, s) => ({ home: total.home + s.home, away: total.away + s.away }), ZERO);
}

export function regularPeriodsOf(result: MatchResult): number {
  const format = sportOf(result.sportId).format;
  if (format.kind !== 'timed') throw new RangeError(`sport ${result.sportId} plays sets, not timed periods`);
  return format.regularPeriods;
}

/** The first `count` regular periods together: final once all of them are over. */
function firstPeriods(result: MatchResult, count: number): Tally {
  return { ...sum(result.periods.slice(0, count)), final: periodsOver(result) >= count };
}

/** Regular time: 90 minutes (football), 4 quarters, 3 periods, 60 minutes (handball). */
export function regularTime(result: MatchResult): Tally {
  return firstPeriods(result, regularPeriodsOf(result));
}

/** The first half: football and handball's first half, basketball's first two quarters. */
export function firstHalf(result: MatchResult): Tally {
  const periods = regularPeriodsOf(result);
  if (periods % 2 !== 0) throw new RangeError(`sport ${result.sportId} has no halves`);
  return firstPeriods(result, periods / 2);
}

/** Regular time plus every overtime, never a shoot-out: final only when the match is played out. */
export function withOvertime(result: MatchResult): Tally {
  const regular = regularTime(result);
  const overtime = result.overtime ?? ZERO;
  return {
    home: regular.home + overtime.home,
    away: regular.away + overtime.away,
    final: regular.final && isPlayedOut(result),
  };
}

/** One set or period (1-based): final once it is over. */
export function period(result: MatchResult, number: number): Tally {
  return { ...(result.periods[number - 1] ?? ZERO), final: periodsOver(result) >= number };
}

/** Every period added up (tennis games, volleyball points): final when the match is played out. */
export function allPeriods(result: MatchResult): Tally {
  return { ...sum(result.periods), final: isPlayedOut(result) };
}

/** Who took a set: more games (or points); a set level on games is decided by its tie-break. */
export function setWinner(set: PeriodScore): Side | undefined {
  if (set.home !== set.away) return set.home > set.away ? 'home' : 'away';
  if (set.tieBreak !== undefined && set.tieBreak.home !== set.tieBreak.away) {
    return set.tieBreak.home > set.tieBreak.away ? 'home' : 'away';
  }
  return undefined;
}

/** Sets won by each side among the sets that are over: final when the match is played out. */
export function setsWon(result: MatchResult): Tally {
  const over = result.periods.slice(0, periodsOver(result));
  return {
    home: over.filter((set) => setWinner(set) === 'home').length,
    away: over.filter((set) => setWinner(set) === 'away').length,
    final: isPlayedOut(result),
  };
}

export function otherSide(side: Side): Side {
  return side === 'home' ? 'away' : 'home';
}

/**
 * The official winner of a timed match after overtime and a shoot-out (a shoot-out decides the
 * winner but adds no goals). `tie` when even that leaves it level; `null` until the match is over.
 */
export function winnerAfterShootout(result: MatchResult): Side | 'tie' | null {
  const score = withOvertime(result);
  if (!score.final) return null;
  if (score.home !== score.away) return score.home > score.away ? 'home' : 'away';
  const shootout = result.penalties;
  if (shootout === undefined || shootout.home === shootout.away) return 'tie';
  return shootout.home > shootout.away ? 'home' : 'away';
}

/**
 * The winner of a set match. After a retirement the official winner (the side that did not retire)
 * counts once at least one set was completed; before that the match winner is undecided (void).
 */
export function setMatchWinner(result: MatchResult): Side | 'tie' | null {
  if (result.retired !== undefined) return periodsOver(result) >= 1 ? otherSide(result.retired) : null;
  const sets = setsWon(result);
  if (!sets.final) return null;
  if (sets.home === sets.away) return 'tie';
  return sets.home > sets.away ? 'home' : 'away';
}

/** Corners in the first `count` regular periods; `null` when the feed reported no corners. */
export function corners(result: MatchResult, count: number): Tally | null {
  if (result.corners === undefined) return null;
  return {
    ...sum(result.corners.slice(0, count)),
    final: periodsOver(result) >= count && result.corners.length >= count,
  };
}

/**
 * Cards in the first `count` regular periods, a yellow and a red counting one each. The second yellow
 * that sends a player off is recorded as the red only, so one player counts at most 2 cards.
 * `null` when the feed reported no cards.
 */
export function cards(result: MatchResult, count: number): Tally | null {
  if (result.cards === undefined) return null;
  const inPeriods = result.cards.slice(0, count);
  return {
    ...sum(inPeriods.map((c) => ({ home: c.yellow.home + c.red.home, away: c.yellow.away + c.red.away }))),
    final: periodsOver(result) >= count && result.cards.length >= count,
  };
}
