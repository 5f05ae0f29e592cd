import { describe, expect, it } from 'vitest';
import type { Score } from '../../catalog/match-result';
import type { SportId } from '../../catalog/sports';
import { INITIAL_SCOREBOARD } from '../decider';
import type { Scoreboard } from '../events';
import { type Incident, incidentKey, incidentsBetween, timelineOf } from './incidents';

const s = (home: number, away: number): Score => ({ home, away });
const board = (patch: Partial<Scoreboard>): Scoreboard => ({ ...INITIAL_SCOREBOARD, ...patch });

/** given a scoreboard, when the next ones arrive, then these incidents happened in between. */
function given(sportId: SportId, first: Scoreboard, ...boards: Scoreboard[]) {
  const incidents = () => boards.flatMap((board, i) => incidentsBetween(sportId, boards[i - 1] ?? first, board));
  return {
    thenIncidents: (expected: readonly Partial<Incident>[]) =>
      expect(incidents().map((x) => Object.fromEntries(Object.entries(x).filter(([k]) => k in (expected[0] ?? x))))).toEqual(expected),
    then: (expected: readonly Incident[]) => expect(incidents()).toEqual(expected),
  };
}

describe('match incidents: football', () => {
  const kickoff = board({ status: '1p', periods: [s(0, 0)], minute: 1 });

  it('a goal at the minute the home score rose, with the score after it', () => {
    given(1, kickoff, board({ status: '1p', score: s(1, 0), periods: [s(1, 0)], minute: 23 })).then([
      { kind: 'goal', side: 'home', period: 1, minute: 23, score: s(1, 0) },
    ]);
  });

  it('two away goals between two updates are two goals, 1:1 then 1:2', () => {
    given(1, board({ status: '2p', score: s(1, 0), periods: [s(1, 0), s(0, 0)], minute: 50 }), board({ status: '2p', score: s(1, 2), periods: [s(1, 0), s(0, 2)], minute: 61 })).then([
      { kind: 'goal', side: 'away', period: 2, minute: 61, score: s(1, 1) },
      { kind: 'goal', side: 'away', period: 2, minute: 61, score: s(1, 2) },
    ]);
  });

  it('yellow and red cards and corners per team, each with the running count', () => {
    const later = board({ status: '1p', periods: [s(0, 0)], minute: 30, cards: { yellow: s(1, 0), red: s(0, 1) }, corners: s(0, 1) });
    given(1, kickoff, later).then([
      { kind: 'yellow_card', side: 'home', period: 1, minute: 30, score: s(1, 0) },
      { kind: 'red_card', side: 'away', period: 1, minute: 30, score: s(0, 1) },
      { kind: 'corner', side: 'away', period: 1, minute: 30, score: s(0, 1) },
    ]);
  });

  it('half time is the first period played out, with its score; a goal ruled out lists nothing', () => {
    const scored = board({ status: '1p', score: s(1, 0), periods: [s(1, 0)], minute: 44 });
    given(1, scored, board({ status: 'pause1', score: s(1, 0), periods: [s(1, 0)], minute: 45 })).thenIncidents([{ kind: 'period_end', period: 1, score: s(1, 0) }]);
    given(1, scored, board({ status: '1p', score: s(0, 0), periods: [s(0, 0)], minute: 45 })).then([]);
  });

  it('a whole stream: the first scoreboard seen mid-match lists what it already shows without a minute, then each change', () => {
    const seen = board({ status: '1p', score: s(0, 1), periods: [s(0, 1)], minute: 40 });
    expect(timelineOf(1, [seen, { ...seen, score: s(1, 1), periods: [s(1, 1)], minute: 42 }])).toEqual([
      { kind: 'goal', side: 'away', period: 1, minute: null, score: s(0, 1) },
      { kind: 'goal', side: 'home', period: 1, minute: 42, score: s(1, 1) },
    ]);
  });
});

describe('match incidents: tennis', () => {
  it('each game won in its set; a set won with its games', () => {
    const first = board({ status: '1set', periods: [s(5, 4)] });
    given(5, first, board({ status: '1set', periods: [s(5, 5)] })).then([{ kind: 'game', side: 'away', period: 1, minute: null, score: s(5, 5) }]);
    given(5, first, board({ status: '2set', score: s(1, 0), periods: [s(6, 4), s(0, 0)] })).then([
      { kind: 'game', side: 'home', period: 1, minute: null, score: s(6, 4) },
      { kind: 'set', side: 'home', period: 1, minute: null, score: s(6, 4) },
    ]);
  });

  it('the second set won by the other player is set 2', () => {
    const before = board({ status: '2set', score: s(1, 0), periods: [s(6, 4), s(3, 5)] });
    given(5, before, board({ status: '3set', score: s(1, 1), periods: [s(6, 4), s(3, 6), s(0, 0)] })).thenIncidents([
      { kind: 'game', side: 'away', period: 2 },
      { kind: 'set', side: 'away', period: 2 },
    ]);
  });
});

describe('match incidents: basketball', () => {
  it('lists quarters played out with their scores, not every basket', () => {
    const q1 = board({ status: '1p', score: s(20, 18), periods: [s(20, 18)], minute: 10 });
    const q2 = board({ status: '2p', score: s(24, 18), periods: [s(22, 18), s(2, 0)], minute: 11 });
    const q3 = board({ status: 'pause2', score: s(45, 40), periods: [s(22, 18), s(23, 22)], minute: 24 });
    given(2, q1, q2, q3).then([
      { kind: 'period_end', side: null, period: 1, minute: 11, score: s(22, 18) },
      { kind: 'period_end', side: null, period: 2, minute: 24, score: s(23, 22) },
    ]);
  });

  it('the last quarter is played out when the match ends', () => {
    const q4 = board({ status: '4p', score: s(90, 88), periods: [s(20, 20), s(20, 20), s(20, 20), s(30, 28)], minute: 47 });
    expect(incidentsBetween(2, q4, { ...q4, status: 'ended', minute: 48 })).toEqual([{ kind: 'period_end', side: null, period: 4, minute: 48, score: s(30, 28) }]);
  });
});

describe('match incidents: keys', () => {
  it('the same incident derived twice has one key; a second goal another', () => {
    const goal: Incident = { kind: 'goal', side: 'home', period: 1, minute: 23, score: s(1, 0) };
    expect(incidentKey({ ...goal, minute: 24 })).toBe(incidentKey(goal));
    expect(incidentKey({ ...goal, score: s(2, 0) })).not.toBe(incidentKey(goal));
  });
});
