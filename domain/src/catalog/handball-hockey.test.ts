import { describe, it, expect } from 'vitest';
import { handball, hockey, settle } from './results.fixture';

describe('handball: 1X2 is regular time, the winner market includes overtime and 7-metre throws', () => {
  const drawnThenOvertime = handball({ ht: '14:12', ft: '28:28', et: '4:3' });

  it('a regular-time draw', () => {
    expect(settle('FT_1X2', '', drawnThenOvertime)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('FT_OU', '55.5', drawnThenOvertime)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('FT_OU', '56', drawnThenOvertime)).toEqual({ over: 'void', under: 'void' });
    expect(settle('HT_1X2', '', drawnThenOvertime)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
  });

  it('the winner after overtime', () => {
    expect(settle('ML', '', drawnThenOvertime)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('the winner after 7-metre throws', () => {
    const throws = handball({ ht: '14:12', ft: '28:28', et: '5:5', pens: '3:4' });
    expect(settle('ML', '', throws)).toEqual({ '1': 'lost', '2': 'won' });
  });

  it('a draw the rules leave standing voids the winner market', () => {
    expect(settle('ML', '', handball({ ht: '10:10', ft: '20:20' }))).toEqual({ '1': 'void', '2': 'void' });
  });
});

describe('ice hockey: 1X2, totals and handicaps are 60 minutes; the winner market includes overtime and shoot-out', () => {
  const shootout = hockey({ periods: ['1:0', '0:1', '1:1'], ot: '0:0', pens: '2:1' });

  it('a regular-time draw decided in the shoot-out', () => {
    expect(settle('FT_1X2', '', shootout)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('DC', '', shootout)).toEqual({ '1X': 'won', '12': 'lost', X2: 'won' });
    expect(settle('DNB', '', shootout)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('ML', '', shootout)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('shoot-out goals never count towards totals', () => {
    expect(settle('FT_OU', '4.5', shootout)).toEqual({ over: 'lost', under: 'won' });
    expect(settle('FT_OU', '4', shootout)).toEqual({ over: 'void', under: 'void' });
    expect(settle('AH', '-1.5', shootout)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('EH', '0:1', shootout)).toEqual({ '1': 'lost', X: 'lost', '2': 'won' });
  });

  it('an overtime goal wins the winner market', () => {
    const overtime = hockey({ periods: ['0:0', '1:1', '0:0'], ot: '0:1' });
    expect(settle('ML', '', overtime)).toEqual({ '1': 'lost', '2': 'won' });
    expect(settle('BTTS', '', overtime)).toEqual({ yes: 'won', no: 'lost' });
  });

  it('regular-time markets settle after the third period, the winner market waits for overtime', () => {
    const inOvertime = hockey({ periods: ['0:0', '1:1', '0:0'], status: 'in_play' });
    expect(settle('FT_1X2', '', inOvertime)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
    expect(settle('ML', '', inOvertime)).toEqual({ '1': null, '2': null });
  });
});
