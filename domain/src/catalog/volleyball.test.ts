import { describe, it, expect } from 'vitest';
import { settle, volleyball } from './results.fixture';

describe('volleyball', () => {
  // 3:1 in sets; points 25+23+25+25 = 98 : 20+25+22+18 = 85, 183 in all.
  const played = volleyball({ sets: ['25:20', '23:25', '25:22', '25:18'] });

  it('match winner and set betting', () => {
    expect(settle('VB_MATCH', '', played)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('VB_SET_SCORE', '', played)).toEqual({
      '3:0': 'lost',
      '3:1': 'won',
      '3:2': 'lost',
      '2:3': 'lost',
      '1:3': 'lost',
      '0:3': 'lost',
    });
  });

  it('set winner; a fifth set never played is void', () => {
    expect(settle('VB_SET_WINNER', '2', played)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('VB_SET_WINNER', '5', played)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('set handicap and total points', () => {
    expect(settle('VB_SET_HANDICAP', '-1.5', played)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('VB_SET_HANDICAP', '-2.5', played)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('VB_TOTAL_POINTS', '182.5', played)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('VB_TOTAL_POINTS', '183', played)).toEqual({ over: 'void', under: 'void' });
  });

  it('in play: finished sets settle, the match waits', () => {
    const running = volleyball({ sets: ['25:20', '10:12'], status: 'in_play' });
    expect(settle('VB_SET_WINNER', '1', running)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('VB_SET_WINNER', '2', running)).toEqual({ '1': null, '2': null });
    expect(settle('VB_MATCH', '', running)).toEqual({ '1': null, '2': null });
    expect(settle('VB_SET_SCORE', '', running)['0:3']).toBe('lost');
  });
});
