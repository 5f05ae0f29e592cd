import { describe, it, expect } from 'vitest';
import { basketball, settle } from './results.fixture';

// Regular time 80:80 (four quarters), overtime 10:7 → 90:87 after overtime.
const wentToOvertime = basketball({ periods: ['20:18', '22:25', '19:20', '19:17'], ot: '10:7' });

describe('basketball: money line, spread and total include overtime', () => {
  it('money line goes to the overtime winner', () => {
    expect(settle('BB_ML', '', wentToOvertime)).toEqual({ '1': 'won', '2': 'lost' });
  });

  it('spread counts the overtime points', () => {
    expect(settle('BB_SPREAD', '-2.5', wentToOvertime)).toEqual({ '1': 'won', '2': 'lost' });
    expect(settle('BB_SPREAD', '-3', wentToOvertime)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('BB_SPREAD', '-3.5', wentToOvertime)).toEqual({ '1': 'lost', '2': 'won' });
  });

  it('total counts the overtime points', () => {
    expect(settle('BB_TOTAL', '170.5', wentToOvertime)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('BB_TOTAL', '177', wentToOvertime)).toEqual({ over: 'void', under: 'void' });
    expect(settle('BB_TOTAL', '180.5', wentToOvertime)).toEqual({ over: 'lost', under: 'won' });
  });
});

describe('basketball: 1X2 and first-half markets are regular time only', () => {
  it('a regular-time tie is the 1X2 draw, whoever wins in overtime', () => {
    expect(settle('FT_1X2', '', wentToOvertime)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
  });

  it('the first half is the first two quarters', () => {
    expect(settle('HT_1X2', '', wentToOvertime)).toEqual({ '1': 'lost', X: 'lost', '2': 'won' });
    expect(settle('1H_OU', '84.5', wentToOvertime)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('1H_AH', '+1', wentToOvertime)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('HTFT', '', wentToOvertime)['2/X']).toBe('won');
  });

  it('first-half markets settle after the second quarter', () => {
    const atHalfTime = basketball({ periods: ['20:18', '22:25'], status: 'in_play' });
    expect(settle('HT_1X2', '', atHalfTime)).toEqual({ '1': 'lost', X: 'lost', '2': 'won' });
    expect(settle('BB_ML', '', atHalfTime)).toEqual({ '1': null, '2': null });
  });
});

describe('basketball in play', () => {
  it('a total already passed is decided; the money line waits for the end of overtime', () => {
    const inOvertime = basketball({ periods: ['20:18', '22:25', '19:20', '19:17'], ot: '4:2', status: 'in_play' });
    expect(settle('BB_TOTAL', '160.5', inOvertime)).toEqual({ over: 'won', under: 'lost' });
    expect(settle('BB_TOTAL', '170.5', inOvertime)).toEqual({ over: null, under: null });
    expect(settle('BB_ML', '', inOvertime)).toEqual({ '1': null, '2': null });
    expect(settle('FT_1X2', '', inOvertime)).toEqual({ '1': 'lost', X: 'won', '2': 'lost' });
  });
});
