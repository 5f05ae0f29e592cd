import { describe, it, expect } from 'vitest';
import { resolveOutcome, selectionProblem } from './settlement';
import { MARKETS, MARKET_CODES, marketByOddsTypeId, marketName, marketsForSport, outcomeName } from './markets';
import { LANGS, SPORTS, sportName } from './sports';
import { basketball, settle, soccer } from './results.fixture';

describe('the match status', () => {
  it('not started and postponed: nothing settles', () => {
    const notStarted = soccer({ status: 'not_started' });
    expect(settle('FT_1X2', '', notStarted)).toEqual({ '1': null, X: null, '2': null });
    expect(settle('FT_OU', '0.5', soccer({ status: 'postponed' }))).toEqual({ over: null, under: null });
  });

  it('interrupted: what was decided stands, the rest waits for the restart', () => {
    const interrupted = soccer({ ht: '1:0', live: '2:1', status: 'interrupted' });
    expect(settle('HT_1X2', '', interrupted)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
    expect(settle('FT_1X2', '', interrupted)).toEqual({ '1': null, X: null, '2': null });
  });

  it('cancelled: everything is void, even a result already known', () => {
    const cancelled = soccer({ ht: '1:0', live: '3:0', status: 'cancelled' });
    expect(settle('HT_1X2', '', cancelled)).toEqual({ '1': 'void', X: 'void', '2': 'void' });
    expect(settle('FT_OU', '2.5', cancelled)).toEqual({ over: 'void', under: 'void' });
  });

  it('abandoned basketball: a quarter-based first half that is over stands', () => {
    const abandoned = basketball({ periods: ['20:18', '22:25', '5:3'], completed: 2, status: 'abandoned' });
    expect(settle('HT_1X2', '', abandoned)).toEqual({ '1': 'lost', X: 'lost', '2': 'won' });
    expect(settle('BB_ML', '', abandoned)).toEqual({ '1': 'void', '2': 'void' });
    expect(settle('BB_TOTAL', '80.5', abandoned)).toEqual({ over: 'won', under: 'lost' });
  });

  it('completed with a regular-time score missing: waits rather than guessing', () => {
    const missingSecondHalf = { ...soccer({ ht: '1:0' }), status: 'completed' as const };
    expect(settle('FT_1X2', '', missingSecondHalf)).toEqual({ '1': null, X: null, '2': null });
    expect(settle('HT_1X2', '', missingSecondHalf)).toEqual({ '1': 'won', X: 'lost', '2': 'lost' });
  });
});

describe('selections the catalog does not know', () => {
  it('names the problem', () => {
    expect(selectionProblem('FT_1X2', '', '1', 1)).toBeNull();
    expect(selectionProblem('NOPE', '', '1')).toBe('unknown_market');
    expect(selectionProblem('TN_MATCH', '', '1', 1)).toBe('market_not_for_sport');
    expect(selectionProblem('FT_OU', '2.3', 'over')).toBe('bad_special');
    expect(selectionProblem('FT_OU', '-1.5', 'over')).toBe('bad_special');
    expect(selectionProblem('FT_OU', '', 'over')).toBe('bad_special');
    expect(selectionProblem('FT_1X2', '1.5', '1')).toBe('bad_special');
    expect(selectionProblem('TN_SET_WINNER', '0', '1')).toBe('bad_special');
    expect(selectionProblem('EH', '-1', '1')).toBe('bad_special');
    expect(selectionProblem('FT_1X2', '', 'draw')).toBe('unknown_outcome');
    expect(selectionProblem('CS', '', '9:9')).toBe('unknown_outcome');
  });

  it('refuses to settle them', () => {
    const result = soccer({ ht: '1:0', ft: '2:1' });
    expect(() => resolveOutcome('FT_OU', 'x', 'over', result)).toThrow(RangeError);
    expect(() => resolveOutcome('TN_MATCH', '', '1', result)).toThrow(/market_not_for_sport/);
    expect(() => resolveOutcome('FT_1X2', '', '0', result)).toThrow(/unknown_outcome/);
  });

  it('checks the selection even on a cancelled match', () => {
    expect(() => resolveOutcome('FT_OU', 'x', 'over', soccer({ status: 'cancelled' }))).toThrow(RangeError);
  });
});

describe('the market table', () => {
  it('has unique codes and oddstype ids, and the spec ids 56, 52, 226, 8, 383 are the line markets', () => {
    expect(MARKETS.map((m) => m.code)).toEqual(MARKET_CODES);
    expect(new Set(MARKETS.map((m) => m.oddsTypeId)).size).toBe(MARKETS.length);
    for (const id of [56, 52, 226, 8, 383]) expect(marketByOddsTypeId(id)?.special).not.toBe('none');
  });

  it('names every market and outcome in Turkish and English', () => {
    for (const market of MARKETS) {
      for (const lang of LANGS) {
        expect(marketName(market.code, lang)).not.toBe('');
        for (const outcome of market.outcomes) expect(outcomeName(market.code, outcome.code, lang)).not.toBe('');
      }
    }
    expect(marketName('BTTS', 'tr')).toBe('Karşılıklı Gol');
    expect(outcomeName('FT_OU', 'under', 'tr')).toBe('Alt');
    expect(outcomeName('CS', 'other', 'en')).toBe('Any other score');
    expect(() => outcomeName('FT_1X2', 'Y', 'en')).toThrow(RangeError);
  });

  it('offers markets for each of the six sports with a table', () => {
    for (const id of [1, 2, 4, 5, 6, 23] as const) expect(marketsForSport(id).length).toBeGreaterThan(2);
    expect(marketsForSport(5).map((m) => m.code)).toEqual([
      'TN_MATCH',
      'TN_SET_WINNER',
      'TN_TOTAL_GAMES',
      'TN_SET_HANDICAP',
      'TN_GAME_HANDICAP',
      'TN_SET_SCORE',
    ]);
  });

  it('lists correct scores up to 4:4 and "other"', () => {
    const cs = MARKETS.find((m) => m.code === 'CS');
    expect(cs?.outcomes).toHaveLength(26);
  });
});

describe('sports', () => {
  it('has the §9 ids with names', () => {
    expect(SPORTS.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 23, 109, 110, 111]);
    expect(sportName(1, 'tr')).toBe('Futbol');
    expect(sportName(4, 'en')).toBe('Ice Hockey');
    expect(sportName(23, 'tr')).toBe('Voleybol');
  });
});
