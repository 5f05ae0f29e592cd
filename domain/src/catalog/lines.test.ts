import { describe, it, expect } from 'vitest';
import { formatLine, parseLine, parseScore, settleEdge } from './lines';

describe('lines are quarter units', () => {
  it('parses the specials a feed sends', () => {
    expect(parseLine('2.5')).toBe(10);
    expect(parseLine('2.25')).toBe(9);
    expect(parseLine('2.75')).toBe(11);
    expect(parseLine('-1.25')).toBe(-5);
    expect(parseLine('+0.5')).toBe(2);
    expect(parseLine('0')).toBe(0);
    expect(parseLine('3.0')).toBe(12);
    expect(parseLine('215.5')).toBe(862);
  });

  it('refuses what is not a quarter line', () => {
    for (const text of ['', '2.3', '2.125', 'abc', '1,5', '2.', '--1']) expect(parseLine(text)).toBeUndefined();
  });

  it('formats back to the special', () => {
    for (const text of ['2.5', '2.25', '-1.75', '0', '215.5', '-0.25']) expect(formatLine(parseLine(text) ?? NaN)).toBe(text);
  });

  it('parses scores and head starts', () => {
    expect(parseScore('2:1')).toEqual({ home: 2, away: 1 });
    expect(parseScore('0:1')).toEqual({ home: 0, away: 1 });
    expect(parseScore('2-1')).toBeUndefined();
  });
});

describe('settling against a line (edge = how far the pick clears it, in quarters)', () => {
  it('whole and half lines: clear wins, on the line returns the stake, short loses', () => {
    expect(settleEdge(2, 10)).toBe('won');
    expect(settleEdge(0, 12)).toBe('void');
    expect(settleEdge(-4, 12)).toBe('lost');
  });

  it('quarter lines split the stake over the two neighbouring lines', () => {
    // Over 2.25 on 2 goals: 2.0 void, 2.5 lost.
    expect(settleEdge(4 * 2 - 9, 9)).toBe('half_lost');
    // Over 2.75 on 3 goals: 2.5 won, 3.0 void.
    expect(settleEdge(4 * 3 - 11, 11)).toBe('half_won');
    expect(settleEdge(4 * 3 - 9, 9)).toBe('won');
    expect(settleEdge(4 * 1 - 11, 11)).toBe('lost');
  });
});
