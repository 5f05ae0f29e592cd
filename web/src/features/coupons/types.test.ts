import { describe, expect, it } from 'vitest';
import { lineBet, lineMatch } from './types';

describe('coupon lines in words (spec §3 coupon detail line: home, away, typeName, outComeName)', () => {
  it('names the market and outcome from the catalogue in the page language, with the line of a total', () => {
    expect(lineBet({ marketId: 'FT_1X2', special: '', outcomeId: '1' }, 'tr')).toBe('Maç Sonucu (Normal Süre): Ev Sahibi');
    expect(lineBet({ marketId: 'FT_OU', special: '2.5', outcomeId: 'over' }, 'en')).toBe('Total Over/Under (2.5): Over');
  });
  it('codes the catalogue does not know are shown as they came', () => {
    expect(lineBet({ marketId: 'NEW_MARKET', special: '', outcomeId: 'x' }, 'tr')).toBe('NEW_MARKET: x');
    expect(lineBet({ marketId: 'FT_1X2', special: '', outcomeId: '9' }, 'tr')).toBe('Maç Sonucu (Normal Süre): 9');
  });
  it('a match the catalog named reads "Home - Away", else its id', () => {
    expect(lineMatch('m1', { m1: { home: 'Galatasaray', away: 'Fenerbahçe' } })).toBe('Galatasaray - Fenerbahçe');
    expect(lineMatch('m2', {})).toBe('m2');
  });
});
