import { describe, it, expect } from 'vitest';
import { settle, soccer } from './results.fixture';

describe('football 1X2, double chance, draw no bet (regular time)', () => {
  it('a home win', () => {
    const result = soccer({ ht: '1:0', ft: '2:1' });
    expect(settle('FT_1X2', '', result)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
    expect(settle('DC', '', result)).toEqual({ '1X': 'won', '12': 'won', X2: 'lost' });
    expect(settle('DNB', '', result)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('a draw: draw no bet returns the stake', () => {
    const result = soccer({ ht: '0:1', ft: '1:1' });
    expect(settle('FT_1X2', '', result)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('DC', '', result)).toEqual({ '1X': 'won', '12': 'lost', X2: 'won' });
    expect(settle('DNB', '', result)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('extra time and penalties do not count: 1:1 after 90 minutes is a draw', () => {
    const result = soccer({ ht: '0:0', ft: '1:1', et: '1:0', pens: '4:3' });
    expect(settle('FT_1X2', '', result)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('FT_OU', '2.5', result)).toEqual({ over: 'lost', under: 'won' });
  });

  it('settles at the final whistle of regular time, while extra time is still played', () => {
    const result = soccer({ ht: '0:0', ft: '1:1', et: '1:0', status: 'in_play' });
    expect(settle('FT_1X2', '', result)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
  });

  it('is undecided while the match runs', () => {
    expect(settle('FT_1X2', '', soccer({ ht: '1:0', live: '3:0' }))).toEqual({ '1': null, X: null, '2': null });
  });
});

describe('football over/under', () => {
  it('half line 2.5', () => {
    expect(settle('FT_OU', '2.5', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ over: 'won', under: 'lost' });
    expect(settle('FT_OU', '2.5', soccer({ ht: '1:0', ft: '1:1' }))).toEqual({ over: 'lost', under: 'won' });
  });

  it('whole line 3: exactly three goals returns the stake', () => {
    expect(settle('FT_OU', '3', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ over: 'void', under: 'void' });
    expect(settle('FT_OU', '3', soccer({ ht: '1:0', ft: '3:1' }))).toEqual({ over: 'won', under: 'lost' });
  });

  it('quarter line 2.25: two goals is half lost for over, half won for under', () => {
    expect(settle('FT_OU', '2.25', soccer({ ht: '1:0', ft: '1:1' }))).toEqual({ over: 'half_lost', under: 'half_won' });
    expect(settle('FT_OU', '2.25', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ over: 'won', under: 'lost' });
    expect(settle('FT_OU', '2.25', soccer({ ht: '0:0', ft: '1:0' }))).toEqual({ over: 'lost', under: 'won' });
  });

  it('quarter line 2.75: three goals is half won for over, half lost for under', () => {
    expect(settle('FT_OU', '2.75', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ over: 'half_won', under: 'half_lost' });
    expect(settle('FT_OU', '2.75', soccer({ ht: '1:0', ft: '1:1' }))).toEqual({ over: 'lost', under: 'won' });
    expect(settle('FT_OU', '2.75', soccer({ ht: '2:0', ft: '3:1' }))).toEqual({ over: 'won', under: 'lost' });
  });

  it('an over already cleared is decided in play; the under is lost then too', () => {
    expect(settle('FT_OU', '2.5', soccer({ ht: '2:0', live: '2:1' }))).toEqual({ over: 'won', under: 'lost' });
    expect(settle('FT_OU', '2.5', soccer({ ht: '1:0', live: '1:1' }))).toEqual({ over: null, under: null });
    expect(settle('FT_OU', '2.25', soccer({ ht: '1:0', live: '1:1' }))).toEqual({ over: null, under: null });
  });
});

describe('football Asian handicap (home line)', () => {
  it('whole line -1: a one-goal home win returns the stake', () => {
    expect(settle('AH', '-1', soccer({ ht: '0:0', ft: '2:1' }))).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('AH', '-1', soccer({ ht: '0:0', ft: '3:1' }))).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('level ball 0: a draw returns the stake', () => {
    expect(settle('AH', '0', soccer({ ht: '0:0', ft: '1:1' }))).toEqual({ '1': 'void', '2': 'void' });
  });

  it('half line -0.5 is a plain win or loss', () => {
    expect(settle('AH', '-0.5', soccer({ ht: '0:0', ft: '1:1' }))).toEqual({ '1': 'lost', '2': 'won' });
  });

  it('quarter line -0.25: a draw is half lost for home, half won for away', () => {
    expect(settle('AH', '-0.25', soccer({ ht: '0:0', ft: '1:1' }))).toEqual({ '1': 'half_lost', '2': 'half_won' });
    expect(settle('AH', '-0.25', soccer({ ht: '0:0', ft: '1:0' }))).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('quarter line -1.25: a one-goal home win is half lost', () => {
    expect(settle('AH', '-1.25', soccer({ ht: '0:0', ft: '2:1' }))).toEqual({ '1': 'half_lost', '2': 'half_won' });
  });

  it('quarter line -0.75: a one-goal home win is half won', () => {
    expect(settle('AH', '-0.75', soccer({ ht: '0:0', ft: '2:1' }))).toEqual({ '1': 'half_won', '2': 'half_lost' });
  });

  it('plus line +1.5 for the home side', () => {
    expect(settle('AH', '+1.5', soccer({ ht: '0:1', ft: '0:1' }))).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('AH', '1.5', soccer({ ht: '0:1', ft: '0:2' }))).toEqual({ '1': 'lost', '2': 'won' });
  });
});

describe('football European handicap', () => {
  it('0:1, the away side starts a goal up: a one-goal home win is the handicap draw', () => {
    expect(settle('EH', '0:1', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('EH', '0:1', soccer({ ht: '1:0', ft: '3:1' }))).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
  });

  it('2:0, the home side starts two up', () => {
    expect(settle('EH', '2:0', soccer({ ht: '0:1', ft: '0:2' }))).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('EH', '2:0', soccer({ ht: '0:1', ft: '0:3' }))).toEqual({ '1': 'lost', X: 'lost', '2': 'won' });
  });
});

describe('both teams to score', () => {
  it('settles on the full-time score', () => {
    expect(settle('BTTS', '', soccer({ ht: '1:0', ft: '1:1' }))).toEqual({ yes: 'won', no: 'lost' });
    expect(settle('BTTS', '', soccer({ ht: '1:0', ft: '3:0' }))).toEqual({ yes: 'lost', no: 'won' });
  });

  it('is decided as soon as both have scored', () => {
    expect(settle('BTTS', '', soccer({ live: '1:1' }))).toEqual({ yes: 'won', no: 'lost' });
    expect(settle('BTTS', '', soccer({ live: '3:0' }))).toEqual({ yes: null, no: null });
  });
});

describe('correct score', () => {
  it('wins on the exact score only', () => {
    const outcomes = settle('CS', '', soccer({ ht: '1:0', ft: '2:1' }));
    expect(outcomes['2:1']).toBe('won');
    expect(outcomes['1:2']).toBe('lost');
    expect(outcomes['other']).toBe('lost');
    expect(Object.values(outcomes).filter((r) => r === 'won')).toHaveLength(1);
  });

  it('"other" wins beyond four goals a side', () => {
    const outcomes = settle('CS', '', soccer({ ht: '3:0', ft: '5:1' }));
    expect(outcomes['other']).toBe('won');
    expect(Object.values(outcomes).filter((r) => r === 'won')).toHaveLength(1);
  });

  it('loses in play once a side has passed the score', () => {
    const outcomes = settle('CS', '', soccer({ ht: '2:0', live: '2:1' }));
    expect(outcomes['1:1']).toBe('lost');
    expect(outcomes['2:0']).toBe('lost');
    expect(outcomes['2:1']).toBeNull();
    expect(outcomes['3:3']).toBeNull();
  });
});

describe('odd/even', () => {
  it('counts the goals; no goals is even', () => {
    expect(settle('ODD_EVEN', '', soccer({ ht: '1:0', ft: '2:1' }))).toEqual({ odd: 'won', even: 'lost' });
    expect(settle('ODD_EVEN', '', soccer({ ht: '0:0', ft: '0:0' }))).toEqual({ odd: 'lost', even: 'won' });
  });
});

describe('first-half markets settle at half-time', () => {
  const halfTime = soccer({ ht: '1:0' });

  it('half-time 1X2', () => {
    expect(settle('HT_1X2', '', halfTime)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
    expect(settle('HT_1X2', '', soccer({ live: '1:0' }))).toEqual({ '1': null, X: null, '2': null });
  });

  it('first-half over/under and Asian handicap', () => {
    expect(settle('1H_OU', '0.5', halfTime)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('1H_OU', '1', halfTime)).toEqual({ over: 'void', under: 'void' });
    expect(settle('1H_AH', '-0.75', halfTime)).toEqual({ '1': 'half_won', '2': 'half_lost' });
  });

  it('full-time markets wait for the full time', () => {
    expect(settle('FT_1X2', '', halfTime)).toEqual({ '1': null, X: null, '2': null });
  });

  it('second-half goals never change a first-half market', () => {
    expect(settle('1H_OU', '1.5', soccer({ ht: '1:0', ft: '4:0' }))).toEqual({ over: 'lost', under: 'won' });
  });
});

describe('half-time / full-time', () => {
  it('needs both parts right', () => {
    const outcomes = settle('HTFT', '', soccer({ ht: '0:1', ft: '2:1' }));
    expect(outcomes['2/1']).toBe('won');
    expect(outcomes['1/1']).toBe('lost');
    expect(outcomes['2/2']).toBe('lost');
    expect(Object.values(outcomes).filter((r) => r === 'won')).toHaveLength(1);
  });

  it('loses at half-time a pick whose half-time part is wrong; the rest waits', () => {
    const outcomes = settle('HTFT', '', soccer({ ht: '0:1' }));
    expect(outcomes['1/1']).toBe('lost');
    expect(outcomes['X/2']).toBe('lost');
    expect(outcomes['2/1']).toBeNull();
    expect(outcomes['2/2']).toBeNull();
  });
});

describe('corners over/under', () => {
  it('adds up both halves', () => {
    const result = soccer({ ht: '1:0', ft: '1:1', corners: ['3:2', '2:3'] });
    expect(settle('CORNERS_OU', '9.5', result)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('CORNERS_OU', '10', result)).toEqual({ over: 'void', under: 'void' });
    expect(settle('CORNERS_OU', '10.25', result)).toEqual({ over: 'half_lost', under: 'half_won' });
    expect(settle('1H_CORNERS_OU', '4.5', result)).toEqual({ over: 'won', under: 'lost' });
  });

  it('first-half corners settle at half-time', () => {
    const result = soccer({ ht: '0:0', corners: ['1:2'] });
    expect(settle('1H_CORNERS_OU', '3.5', result)).toEqual({ over: 'lost', under: 'won' });
    expect(settle('CORNERS_OU', '9.5', result)).toEqual({ over: null, under: null });
  });

  it('waits when the feed reported no corners', () => {
    expect(settle('CORNERS_OU', '9.5', soccer({ ht: '0:0', ft: '1:0' }))).toEqual({ over: null, under: null });
  });
});

describe('cards over/under: yellows and reds count one each', () => {
  // A home player booked twice shows as his first yellow and one red.
  const result = soccer({ ht: '0:0', ft: '0:0', cards: [{ yellow: '1:1' }, { yellow: '1:0', red: '1:0' }] });

  it('three yellows and a red are 4 cards', () => {
    expect(settle('CARDS_OU', '3.5', result)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('CARDS_OU', '4', result)).toEqual({ over: 'void', under: 'void' });
    expect(settle('CARDS_OU', '4.5', result)).toEqual({ over: 'lost', under: 'won' });
  });

  it('an over already reached in play is won', () => {
    const live = soccer({ live: '0:0', cards: [{ yellow: '2:2' }] });
    expect(settle('CARDS_OU', '3.5', live)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('CARDS_OU', '4.5', live)).toEqual({ over: null, under: null });
  });
});

describe('an abandoned match', () => {
  const abandoned = soccer({ ht: '2:0', live: '2:1', status: 'abandoned' });

  it('keeps what was decided: the first half and an over already cleared', () => {
    expect(settle('HT_1X2', '', abandoned)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
    expect(settle('FT_OU', '2.5', abandoned)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('BTTS', '', abandoned)).toEqual({ yes: 'won', no: 'lost' });
  });

  it('voids what was not decided', () => {
    expect(settle('FT_1X2', '', abandoned)).toEqual({ '1': 'void', X: 'void', '2': 'void' });
    expect(settle('FT_OU', '3.5', abandoned)).toEqual({ over: 'void', under: 'void' });
    expect(settle('AH', '-1', abandoned)).toEqual({ '1': 'void', '2': 'void' });
  });

  it('before half-time voids the first-half markets too', () => {
    const early = soccer({ live: '0:0', status: 'abandoned' });
    expect(settle('HT_1X2', '', early)).toEqual({ '1': 'void', X: 'void', '2': 'void' });
  });
});
