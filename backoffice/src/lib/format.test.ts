import { describe, expect, it } from 'vitest';
import { amountInput, formatMoney, oddsInput, parseAmount, parseOdds } from './format';

describe('§9 money and odds in the back office', () => {
  it('formats minor units with a thousands dot and a decimal comma, signed', () => {
    expect(formatMoney(-60050, 'TRY')).toBe('-600,50 ₺');
    expect(formatMoney(100000)).toBe('1.000');
  });

  it('reads typed amounts into minor units without floating point', () => {
    expect(parseAmount('250,50')).toBe(25050);
    expect(parseAmount('1.000')).toBe(100000);
    expect(parseAmount('-10,5')).toBe(-1050);
    expect(parseAmount('dört yüz')).toBeNull();
    expect(parseAmount(amountInput(123456))).toBe(123456);
  });

  it('reads typed odds into thousandths', () => {
    expect(parseOdds('1,85')).toBe(1850);
    expect(parseOdds('1.005')).toBe(1005);
    expect(parseOdds('1,0005')).toBeNull();
    expect(parseOdds(oddsInput(2750))).toBe(2750);
  });
});
