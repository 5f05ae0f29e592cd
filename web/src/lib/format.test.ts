import { describe, expect, it } from 'vitest';
import { displayOdds, formatClock, formatDateTime, formatMoney, parseAmount, parseUtc, shortTeamName } from './format';

describe('display formats (spec §9)', () => {
  it('money: thousands dot, decimal comma, two decimals; whole amounts without decimals; currencyMode 1 hides the currency', () => {
    expect(formatMoney(123_456_789)).toBe('1.234.567,89');
    expect(formatMoney(100_000)).toBe('1.000');
    expect(formatMoney(5)).toBe('0,05');
    expect(formatMoney(-1050)).toBe('-10,50');
    expect(formatMoney(250_000, 'TRY')).toBe('2.500 ₺');
    expect(formatMoney(250_000, 'TRY', 1)).toBe('2.500');
    expect(formatMoney(199, 'EUR')).toBe('1,99 €');
  });

  it('odds: two decimals, three from 1.001 to under 1.01', () => {
    expect(displayOdds(1850)).toBe('1.85');
    expect(displayOdds(1005)).toBe('1.005');
    expect(displayOdds(1010)).toBe('1.01');
    expect(displayOdds(12_000)).toBe('12.00');
  });

  it('team names are cut at 10 characters plus a dot', () => {
    expect(shortTeamName('Galatasaray')).toBe('Galatasara.');
    expect(shortTeamName('Fenerbahçe')).toBe('Fenerbahçe');
    expect(shortTeamName('Castleton United')).toBe('Castleton.');
  });

  it('times without a zone are UTC; dates show day/month/year with time; the clock HH:mm:ss', () => {
    expect(parseUtc('2026-11-22 18:30:00').toISOString()).toBe('2026-11-22T18:30:00.000Z');
    expect(parseUtc('2026-11-22T18:30:00+03:00').toISOString()).toBe('2026-11-22T15:30:00.000Z');
    expect(formatDateTime(new Date(2026, 10, 2, 9, 5))).toBe('02/11/2026 09:05');
    expect(formatClock(new Date(2026, 0, 1, 7, 8, 9))).toBe('07:08:09');
  });

  it('typed amounts become minor units, comma or dot decimals', () => {
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('1.250')).toBe(125_000);
    expect(parseAmount('1.250,75')).toBe(125_075);
    expect(parseAmount('10')).toBe(1000);
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});
