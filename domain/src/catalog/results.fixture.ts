/**
 * Test builders: match results written the way a results page shows them ("2:1", "7:6(7:4)"),
 * so each test reads as given result → outcome results.
 */
import type { MatchResult, MatchStatus, PeriodCards, PeriodScore, Score, Side } from './match-result';
import { parseScore } from './lines';
import { resolveMarket } from './settlement';
import type { MarketCode } from './markets';
import type { OutcomeResult } from '../shared/results';
import type { SportId } from './sports';

export function score(text: string): Score {
  const parsed = parseScore(text);
  if (parsed === undefined) throw new Error(`not a score: ${text}`);
  return parsed;
}

function minus(total: Score, part: Score): Score {
  return { home: total.home - part.home, away: total.away - part.away };
}

interface HalvesGiven {
  /** The half-time score; with no `ft`/`live`, the match stands at half-time. */
  readonly ht?: string;
  /** The full-time (regular time) score of a completed match. */
  readonly ft?: string;
  /** The current score while the match runs (or when it stopped, for an abandoned match). */
  readonly live?: string;
  readonly status?: MatchStatus;
  readonly et?: string;
  readonly pens?: string;
  readonly corners?: readonly string[];
  readonly cards?: readonly { readonly yellow: string; readonly red?: string }[];
}

/** A football (or handball) result given by its half-time and full-time scores. */
export function halves(sportId: SportId, given: HalvesGiven): MatchResult {
  const ht = given.ht === undefined ? undefined : score(given.ht);
  const end = given.ft ?? given.live;
  const periods: Score[] = [];
  if (ht === undefined) {
    if (end !== undefined) periods.push(score(end));
  } else {
    periods.push(ht);
    if (end !== undefined) periods.push(minus(score(end), ht));
  }
  const status = given.status ?? (given.ft !== undefined ? 'completed' : 'in_play');
  const cards: PeriodCards[] | undefined = given.cards?.map((c) => ({
    yellow: score(c.yellow),
    red: score(c.red ?? '0:0'),
  }));
  return {
    sportId,
    status,
    periods,
    completedPeriods: given.ft !== undefined ? 2 : ht !== undefined ? 1 : 0,
    ...(given.et === undefined ? {} : { overtime: score(given.et) }),
    ...(given.pens === undefined ? {} : { penalties: score(given.pens) }),
    ...(given.corners === undefined ? {} : { corners: given.corners.map(score) }),
    ...(cards === undefined ? {} : { cards }),
  };
}

export const soccer = (given: HalvesGiven): MatchResult => halves(1, given);
export const handball = (given: HalvesGiven): MatchResult => halves(6, given);

interface PeriodsGiven {
  readonly periods: readonly string[];
  /** How many of `periods` are over; all of them by default. */
  readonly completed?: number;
  readonly status?: MatchStatus;
  readonly ot?: string;
  readonly pens?: string;
}

/** A result given period by period: basketball quarters, ice-hockey periods. */
export function timed(sportId: SportId, given: PeriodsGiven): MatchResult {
  const completed = given.completed ?? given.periods.length;
  return {
    sportId,
    status: given.status ?? 'completed',
    periods: given.periods.map(score),
    completedPeriods: completed,
    ...(given.ot === undefined ? {} : { overtime: score(given.ot) }),
    ...(given.pens === undefined ? {} : { penalties: score(given.pens) }),
  };
}

export const basketball = (given: PeriodsGiven): MatchResult => timed(2, given);
export const hockey = (given: PeriodsGiven): MatchResult => timed(4, given);

/** "6:4" or "7:6(7:4)": games, with the tie-break points in brackets. */
function set(text: string): PeriodScore {
  const match = /^(\d+:\d+)(?:\((\d+:\d+)\))?$/.exec(text);
  if (match === null || match[1] === undefined) throw new Error(`not a set: ${text}`);
  return match[2] === undefined ? score(match[1]) : { ...score(match[1]), tieBreak: score(match[2]) };
}

interface SetsGiven {
  readonly sets: readonly string[];
  /** How many of `sets` are over; all of them by default, all but the last when `status` is in_play. */
  readonly completed?: number;
  readonly status?: MatchStatus;
  readonly retired?: Side;
  readonly walkover?: Side;
}

export function sets(sportId: SportId, given: SetsGiven): MatchResult {
  const status = given.status ?? 'completed';
  const running = status === 'in_play' || given.retired !== undefined;
  return {
    sportId,
    status,
    periods: given.sets.map(set),
    completedPeriods: given.completed ?? (running ? Math.max(0, given.sets.length - 1) : given.sets.length),
    ...(given.retired === undefined ? {} : { retired: given.retired }),
    ...(given.walkover === undefined ? {} : { walkover: given.walkover }),
  };
}

export const tennis = (given: SetsGiven): MatchResult => sets(5, given);
export const volleyball = (given: SetsGiven): MatchResult => sets(23, given);

/** Every outcome of a market on a result, as `{ outcomeCode: result }`. */
export function settle(marketCode: MarketCode, special: string, result: MatchResult): Record<string, OutcomeResult | null> {
  return Object.fromEntries(resolveMarket(marketCode, special, result).map((o) => [o.outcomeCode, o.result]));
}
