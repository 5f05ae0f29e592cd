import type { OutcomeResult } from '../shared/results';
import type { Score, Side } from './match-result';
import type { Tally } from './tallies';
import { settleEdge } from './lines';
import type { QuarterLine } from './lines';

/**
 * The kinds of bet every market is made of, each settled against a tally of the part of the match
 * it is about. A verdict is `null` while the known scores do not decide it yet. Counts only grow,
 * so some picks are decided before their part of the match ends (an over already cleared, a
 * correct score already passed).
 */
export type Verdict = OutcomeResult | null;

export type ThreeWay = '1' | 'X' | '2';
export type TwoWay = '1' | '2';
export type DoubleChance = '1X' | '12' | 'X2';
export type OverUnder = 'over' | 'under';
export type YesNo = 'yes' | 'no';
export type OddEven = 'odd' | 'even';
export type HalfTimeFullTime = `${ThreeWay}/${ThreeWay}`;

function wonIf(condition: boolean): OutcomeResult {
  return condition ? 'won' : 'lost';
}

export function threeWayOf(score: Score): ThreeWay {
  if (score.home === score.away) return 'X';
  return score.home > score.away ? '1' : '2';
}

export function threeWay(tally: Tally, pick: ThreeWay): Verdict {
  return tally.final ? wonIf(threeWayOf(tally) === pick) : null;
}

export function doubleChance(tally: Tally, pick: DoubleChance): Verdict {
  return tally.final ? wonIf(pick.includes(threeWayOf(tally))) : null;
}

/** A draw returns the stake. */
export function drawNoBet(tally: Tally, pick: TwoWay): Verdict {
  if (!tally.final) return null;
  const outcome = threeWayOf(tally);
  return outcome === 'X' ? 'void' : wonIf(outcome === pick);
}

/** A two-way winner market; a tie that the rules do not break returns the stake. */
export function twoWay(winner: Side | 'tie' | null, pick: TwoWay): Verdict {
  if (winner === null) return null;
  if (winner === 'tie') return 'void';
  return wonIf((winner === 'home' ? '1' : '2') === pick);
}

/** Over/under the total of both sides; an over is decided once cleared, an under once exceeded. */
export function overUnder(tally: Tally, line: QuarterLine, pick: OverUnder): Verdict {
  const overEdge = 4 * (tally.home + tally.away) - line;
  const verdict = settleEdge(pick === 'over' ? overEdge : -overEdge, line);
  if (tally.final) return verdict;
  const cannotChange = pick === 'over' ? verdict === 'won' : verdict === 'lost';
  return cannotChange ? verdict : null;
}

/** Handicap on the margin; `line` is the home side's handicap, the away side takes the opposite. */
export function handicap(tally: Tally, line: QuarterLine, pick: TwoWay): Verdict {
  if (!tally.final) return null;
  const homeEdge = 4 * (tally.home - tally.away) + line;
  return settleEdge(pick === '1' ? homeEdge : -homeEdge, line);
}

/** 1X2 after adding the head start (`0:1`: the away side starts a goal up). */
export function europeanHandicap(tally: Tally, headStart: Score, pick: ThreeWay): Verdict {
  return threeWay({ home: tally.home + headStart.home, away: tally.away + headStart.away, final: tally.final }, pick);
}

export function bothTeamsToScore(tally: Tally, pick: YesNo): Verdict {
  const both = tally.home > 0 && tally.away > 0;
  if (!both && !tally.final) return null;
  return wonIf(both === (pick === 'yes'));
}

export function oddEven(tally: Tally, pick: OddEven): Verdict {
  if (!tally.final) return null;
  return wonIf(((tally.home + tally.away) % 2 === 1) === (pick === 'odd'));
}

/** An exact score; lost as soon as either side has passed it. */
export function exactScore(tally: Tally, pick: Score): Verdict {
  if (tally.home > pick.home || tally.away > pick.away) return 'lost';
  if (!tally.final) return null;
  return wonIf(tally.home === pick.home && tally.away === pick.away);
}

/** "Any other score" beside a grid of exact scores up to `max` goals a side. */
export function scoreOutsideGrid(tally: Tally, max: number): Verdict {
  if (tally.home > max || tally.away > max) return 'won';
  return tally.final ? 'lost' : null;
}

/** Both the half-time and the full-time 1X2; lost as soon as the half-time part is. */
export function halfTimeFullTime(halfTime: Tally, fullTime: Tally, pick: HalfTimeFullTime): Verdict {
  const [halfPick, fullPick] = pick.split('/') as [ThreeWay, ThreeWay];
  if (!halfTime.final) return null;
  if (threeWayOf(halfTime) !== halfPick) return 'lost';
  return threeWay(fullTime, fullPick);
}
