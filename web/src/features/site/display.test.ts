import { describe, expect, it } from 'vitest';
import { decimalsOf, formatAmountFixed, formatOddsFixed, siteDisplay } from './display';

describe('§3 tofixedNumber: decimals shown for odds and amounts', () => {
  it('shows amounts with the site’s decimals, rounding half up, hiding the sign for currencyMode 1', () => {
    expect(formatAmountFixed(123_456, 2, 'TRY')).toBe('1.234,56 ₺');
    expect(formatAmountFixed(123_456, 0, 'TRY')).toBe('1.235 ₺');
    expect(formatAmountFixed(123_449, 1, 'EUR')).toBe('1.234,5 €');
    expect(formatAmountFixed(5, 3, 'TRY', 1)).toBe('0,050');
    expect(formatAmountFixed(-1_050, 0)).toBe('-11');
  });

  it('shows odds with the site’s decimals, never rounding a price away from what it pays', () => {
    expect(formatOddsFixed(1_850, 2)).toBe('1.85');
    expect(formatOddsFixed(1_855, 2)).toBe('1.855');
    expect(formatOddsFixed(1_850, 3)).toBe('1.850');
    expect(formatOddsFixed(12_000, 0)).toBe('12');
    expect(formatOddsFixed(12_400, 0)).toBe('12.4');
    expect(formatOddsFixed(2_000, 2)).toBe('2.00');
  });

  it('anything outside 0–3 reads as 2', () => {
    expect([decimalsOf({ tofixedNumber: 3 }), decimalsOf({ tofixedNumber: 7 }), decimalsOf({ tofixedNumber: 1.5 })]).toEqual([3, 2, 2]);
  });
});

describe('the site display every odds and amount goes through', () => {
  it('whole amounts show no decimals (§9); odds from 1.001 to under 1.01 keep three', () => {
    const display = siteDisplay({ tofixedNumber: 3, currencyMode: 0 });
    expect(display.money(1_000, 'TRY')).toBe('10 ₺');
    expect(display.money(1_050, 'TRY')).toBe('10,500 ₺');
    expect(display.odds(1_005)).toBe('1.005');
    expect(siteDisplay({ tofixedNumber: 0, currencyMode: 0 }).odds(1_005)).toBe('1.005');
    expect(siteDisplay({ tofixedNumber: 1, currencyMode: 1 }).money(123_456, 'TRY')).toBe('1.234,6');
    expect(formatOddsFixed(1_234_500, 1)).toBe('1234.5');
  });
});
