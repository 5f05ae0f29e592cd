import { describe, expect, it } from 'vitest';
import { lineBet, lineMatch } from './types';

describe('coupon lines in words (spec §3 coupon detail line: home, away, typeName, outComeName)', () => {
  it('the bet reads market (line): outcome, as the server worded them', () => {
    expect(lineBet({ typeName: 'Maç Sonucu (Normal Süre)', special: '', outComeName: 'Ev Sahibi' })).toBe('Maç Sonucu (Normal Süre): Ev Sahibi');
    expect(lineBet({ typeName: 'Total Over/Under', special: '2.5', outComeName: 'Over' })).toBe('Total Over/Under (2.5): Over');
  });
  it('a match the catalog named reads "Home - Away", else its id', () => {
    expect(lineMatch({ matchId: 'm1', home: 'Galatasaray', away: 'Fenerbahçe' })).toBe('Galatasaray - Fenerbahçe');
    expect(lineMatch({ matchId: 'm2', home: null, away: null })).toBe('m2');
  });
});
