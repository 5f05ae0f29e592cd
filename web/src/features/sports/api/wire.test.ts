import { marketByOddsTypeId } from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import { outcomeLocked, visibleGroups } from '../types';
import { fromWireMatch, fromWireTree, marketCodeOf, resultText, type WireMatch } from './wire';

const wire: WireMatch = {
  id: 'm1',
  sportId: 1,
  sportName: 'Futbol',
  categoryId: 'c1',
  categoryName: 'Türkiye',
  tournamentId: 't1',
  tournamentName: 'Süper Lig',
  homeTeam: 'Galatasaray',
  awayTeam: 'Fenerbahçe',
  matchDate: '2026-11-22T18:00:00.000Z',
  matchstatus: '1p',
  betstatus: 'open',
  live: true,
  scoreboard: { status: '1p', score: { home: 1, away: 0 }, periods: [], minute: 23, cards: { yellow: { home: 1, away: 2 }, red: { home: 0, away: 1 } }, corners: { home: 3, away: 4 } },
  odds: [
    { oddsid: '1x2|', oddstype: 1, typename: 'Maç Sonucu', special: '', active: 1, iss: 0, isv: 1, odds: [{ outcomeid: '1', outcome: '1', odd: 1850, active: 1 }, { outcomeid: '2', outcome: '2', odd: 4200, active: 0 }] },
    { oddsid: 'ou|2.5', oddstype: 18, typename: 'Alt/Üst', special: '2.5', active: 1, iss: 1, isv: 1, odds: [{ outcomeid: 'O', outcome: 'Üst', odd: 1900, active: 1 }] },
    { oddsid: 'dc|', oddstype: 10, typename: 'Çifte Şans', special: '', active: 1, iss: 0, isv: 0, odds: [] },
  ],
};

describe('the catalog wire shapes', () => {
  it('a live-covered match is live only once it is in play (its picks are then live selections)', () => {
    expect(fromWireMatch({ ...wire, matchstatus: 'not_started' }).isLive).toBe(false);
    expect(fromWireMatch({ ...wire, live: false }).isLive).toBe(false);
    expect(fromWireMatch(wire).isLive).toBe(true);
  });

  it('a match keeps the market code a coupon names, the scoreboard, and which outcomes can be picked', () => {
    const match = fromWireMatch(wire);
    expect(match.oddsGroups.map((g) => [g.oddsId, g.special])).toEqual([
      ['1x2', ''],
      ['ou', '2.5'],
      ['dc', ''],
    ]);
    expect(match).toMatchObject({ isLive: true, score: { home: 1, away: 0 }, minute: 23, corners: { home: 3, away: 4 }, cards: { homeYellow: 1, awayYellow: 2, homeRed: 0, awayRed: 1 } });
    const [main, totals] = match.oddsGroups;
    expect(outcomeLocked(match, main!, main!.odds[0]!)).toBe(false);
    expect(outcomeLocked(match, main!, main!.odds[1]!)).toBe(true);
    expect(outcomeLocked(match, totals!, totals!.odds[0]!)).toBe(true);
    expect(visibleGroups(match).map((g) => g.oddsId)).toEqual(['1x2', 'ou']);
    expect(outcomeLocked({ betStatus: 'stopped' }, main!, main!.odds[0]!)).toBe(true);
  });

  it('without an oddsid code the odds type id names the market', () => {
    const code = marketByOddsTypeId(1)?.code;
    expect(marketCodeOf({ oddsid: '', oddstype: 1 })).toBe(code);
  });

  it('the tree keeps counts and order at every level', () => {
    expect(fromWireTree({ id: 1, title: 'Futbol', matchCount: 3, listOrder: 1, children: [{ id: 'c1', title: 'Türkiye', matchCount: 3, children: [] }] })).toEqual({
      id: '1',
      title: 'Futbol',
      matchCount: 3,
      listOrder: 1,
      children: [{ id: 'c1', title: 'Türkiye', matchCount: 3, children: [] }],
    });
  });

  it('results read as the final score and the periods; set sports count sets', () => {
    expect(resultText(1, { periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] })).toBe('2:1 (1:0, 1:1)');
    expect(resultText(5, { periods: [{ home: 6, away: 4 }, { home: 3, away: 6 }, { home: 7, away: 5 }] })).toBe('2:1 (6:4, 3:6, 7:5)');
    expect(resultText(1, { periods: [{ home: 1, away: 1 }, { home: 0, away: 0 }], overtime: { home: 0, away: 0 }, penalties: { home: 5, away: 4 } })).toBe('1:1 (1:1, 0:0) [5:4]');
    expect(resultText(1, null)).toBe('');
  });
});
