import { describe, it, expect } from 'vitest';
import { settle, tennis } from './results.fixture';

describe('tennis, a match played out', () => {
  // Player 1 wins 6:4 3:6 7:6(7:4): 2 sets to 1, 16 games each.
  const played = tennis({ sets: ['6:4', '3:6', '7:6(7:4)'] });

  it('match winner takes the sets', () => {
    expect(settle('TN_MATCH', '', played)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('set winner by set number; a set that was never played is void', () => {
    expect(settle('TN_SET_WINNER', '1', played)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_SET_WINNER', '2', played)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('TN_SET_WINNER', '3', played)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_SET_WINNER', '4', played)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('total games counts a tie-break as one game: 16 + 16 = 32', () => {
    expect(settle('TN_TOTAL_GAMES', '31.5', played)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('TN_TOTAL_GAMES', '32', played)).toEqual({ over: 'void', under: 'void' });
    expect(settle('TN_TOTAL_GAMES', '32.25', played)).toEqual({ over: 'half_lost', under: 'half_won' });
  });

  it('game handicap on the games margin (16:16)', () => {
    expect(settle('TN_GAME_HANDICAP', '-1.5', played)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('TN_GAME_HANDICAP', '0', played)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('set handicap on the sets margin (2:1)', () => {
    expect(settle('TN_SET_HANDICAP', '-1.5', played)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('TN_SET_HANDICAP', '+1.5', played)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('set betting on the sets score', () => {
    const outcomes = settle('TN_SET_SCORE', '', played);
    expect(outcomes['2:1']).toBe('won');
    expect(Object.entries(outcomes).filter(([, r]) => r !== 'lost')).toEqual([['2:1', 'won']]);
  });

  it('a set level on games is decided by its tie-break points', () => {
    const matchTieBreak = tennis({ sets: ['6:3', '4:6', '1:0(10:8)'] });
    expect(settle('TN_SET_WINNER', '3', matchTieBreak)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_MATCH', '', matchTieBreak)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_TOTAL_GAMES', '19.5', matchTieBreak)).toEqual({ over: 'won', under: 'lost' });
  });
});

describe('tennis in play', () => {
  const secondSet = tennis({ sets: ['6:4', '2:3'], status: 'in_play' });

  it('settles a finished set, waits for the running one', () => {
    expect(settle('TN_SET_WINNER', '1', secondSet)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_SET_WINNER', '2', secondSet)).toEqual({ '1': null, '2': null });
    expect(settle('TN_MATCH', '', secondSet)).toEqual({ '1': null, '2': null });
  });

  it('loses a set score the match has already passed', () => {
    const outcomes = settle('TN_SET_SCORE', '', tennis({ sets: ['6:4', '3:6', '1:1'], status: 'in_play' }));
    expect(outcomes['2:0']).toBe('lost');
    expect(outcomes['0:2']).toBe('lost');
    expect(outcomes['2:1']).toBeNull();
  });
});

describe('tennis retirement: after a completed set the official winner stands, the rest undecided is void', () => {
  const retiredInSecondSet = tennis({ sets: ['4:6', '3:1'], retired: 'away' });

  it('match winner is the player who did not retire, even when behind', () => {
    const behindThenOpponentRetires = tennis({ sets: ['4:6', '1:3'], retired: 'away' });
    expect(settle('TN_MATCH', '', retiredInSecondSet)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('TN_MATCH', '', behindThenOpponentRetires)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('a completed set stands, the unfinished one is void', () => {
    expect(settle('TN_SET_WINNER', '1', retiredInSecondSet)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('TN_SET_WINNER', '2', retiredInSecondSet)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('totals already passed stand, the rest is void; handicaps and set betting are void', () => {
    expect(settle('TN_TOTAL_GAMES', '12.5', retiredInSecondSet)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('TN_TOTAL_GAMES', '20.5', retiredInSecondSet)).toEqual({ over: 'void', under: 'void' });
    expect(settle('TN_GAME_HANDICAP', '-2.5', retiredInSecondSet)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('TN_SET_HANDICAP', '-1.5', retiredInSecondSet)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('TN_SET_SCORE', '', retiredInSecondSet)['2:1']).toBe('void');
  });

  it('a retirement in the first set voids the match winner', () => {
    const retiredInFirstSet = tennis({ sets: ['3:2'], retired: 'home' });
    expect(settle('TN_MATCH', '', retiredInFirstSet)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('TN_SET_WINNER', '1', retiredInFirstSet)).toEqual({ '1': 'void', '2': 'void' });
  });
});

describe('tennis walkover: the match was not played, everything is void', () => {
  it('voids the match winner and every other market', () => {
    const walkover = tennis({ sets: [], walkover: 'home' });
    expect(settle('TN_MATCH', '', walkover)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('TN_TOTAL_GAMES', '22.5', walkover)).toEqual({ over: 'void', under: 'void' });
  });
});
