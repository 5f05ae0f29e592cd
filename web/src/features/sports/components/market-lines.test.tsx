import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBetslipStore } from '@/stores/betslip-store';
import { renderPage } from '@/testing/render';
import type { MatchSummary, OddsGroup } from '../types';
import { marketBlocks, Markets, oppositeLine } from './market';

const group = (oddsId: string, oddsTypeId: number, typeName: string, special: string, odds: [string, string, number][]): OddsGroup => ({
  oddsId,
  oddsTypeId,
  typeName,
  special,
  active: true,
  odds: odds.map(([outcomeId, outcome, odd]) => ({ outcomeId, outcome, odd, active: true })),
});

const overUnder = (line: string, over: number, under: number) =>
  group('FT_OU', 56, 'Alt/Üst', line, [
    ['over', 'Üst', over],
    ['under', 'Alt', under],
  ]);
const asian = (line: string, home: number, away: number) =>
  group('AH', 52, 'Asya Handikap', line, [
    ['1', 'Ev Sahibi', home],
    ['2', 'Deplasman', away],
  ]);

const match = (oddsGroups: OddsGroup[]): MatchSummary => ({
  id: 'm1',
  sportId: 1,
  homeTeam: 'Galatasaray',
  awayTeam: 'Fenerbahçe',
  matchDate: '2026-11-30T18:00:00Z',
  oddsGroups,
});

const MATCH = match([
  group('FT_1X2', 1, 'Maç Sonucu', '', [
    ['1', '1', 1850],
    ['X', 'X', 3400],
    ['2', '2', 4100],
  ]),
  overUnder('2.5', 1900, 1850),
  asian('-0.5', 1950, 1800),
  overUnder('1.5', 1300, 3200),
  group('BTTS', 4, 'Karşılıklı Gol', '', [
    ['yes', 'Var', 1700],
    ['no', 'Yok', 2050],
  ]),
  overUnder('3.5', 2900, 1380),
  asian('+0.25', 1600, 2250),
  group('EH', 8, 'Handikaplı Maç Sonucu', '0:1', [
    ['1', 'Ev Sahibi', 3100],
    ['X', 'Beraberlik', 3500],
    ['2', 'Deplasman', 1950],
  ]),
]);

const rows = (market: HTMLElement) => within(market).getAllByTestId('line-row').map((row) => [...row.children].map((cell) => cell.textContent));

beforeEach(() => {
  // No settings route: the product's display defaults (two decimals).
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'notFound' }, { status: 404 })));
  useBetslipStore.getState().clear();
});

afterEach(() => vi.unstubAllGlobals());

describe('line markets share one layout (§9 odd types 56, 52, 226, 8, 383)', () => {
  it('gathers the lines of one market into one table where its first line stood, lines in order, the other markets as they were', async () => {
    await renderPage(<Markets match={MATCH} groups={MATCH.oddsGroups} />);
    const markets = screen.getAllByTestId('market');
    expect(markets.map((m) => m.querySelector('h4')!.textContent)).toEqual(['Maç Sonucu', 'Alt/Üst', 'Asya Handikap', 'Karşılıklı Gol', 'Handikaplı Maç Sonucu']);
    const overUnderTable = markets[1]!;
    expect([...overUnderTable.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Toplam', 'Üst', 'Alt']);
    expect(rows(overUnderTable)).toEqual([
      ['1.5', 'Üst1.30', 'Alt3.20'],
      ['2.5', 'Üst1.90', 'Alt1.85'],
      ['3.5', 'Üst2.90', 'Alt1.38'],
    ]);
  });

  it("a handicap's rows show the home line, each side's button its own line; a European handicap lists home, draw and away", async () => {
    await renderPage(<Markets match={MATCH} groups={MATCH.oddsGroups} />);
    const [, , asianTable, , european] = screen.getAllByTestId('market');
    expect([...asianTable!.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Handikap', 'Ev Sahibi', 'Deplasman']);
    expect(rows(asianTable!)).toEqual([
      ['-0.5', '-0.51.95', '+0.51.80'],
      ['+0.25', '+0.251.60', '-0.252.25'],
    ]);
    expect([...european!.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Handikap', 'Ev Sahibi', 'Beraberlik', 'Deplasman']);
    expect(rows(european!)).toEqual([['0:1', 'Ev Sahibi3.10', 'Beraberlik3.50', 'Deplasman1.95']]);
  });

  it('a button in the table picks that line: the slip holds the market, its line and the side', async () => {
    await renderPage(<Markets match={MATCH} groups={MATCH.oddsGroups} />);
    fireEvent.click(screen.getByTestId('odd-m1:FT_OU:3.5:under'));
    expect(useBetslipStore.getState().slip.selections.map((s) => [s.marketId, s.special, s.outcomeId, s.odds])).toEqual([['FT_OU', '3.5', 'under', 1380]]);
    expect(screen.getByTestId('odd-m1:FT_OU:3.5:under').getAttribute('aria-pressed')).toBe('true');
  });

  it('reads in English; basketball spread (226) and total points (383) take the same layout', async () => {
    const basketball = match([
      group('BB_TOTAL', 383, 'Total Points (incl. Overtime)', '215.5', [
        ['over', 'Over', 1870],
        ['under', 'Under', 1870],
      ]),
      group('BB_SPREAD', 226, 'Point Spread (incl. Overtime)', '-4.5', [
        ['1', 'Home', 1900],
        ['2', 'Away', 1850],
      ]),
      group('BB_TOTAL', 383, 'Total Points (incl. Overtime)', '210.5', [
        ['over', 'Over', 1600],
        ['under', 'Under', 2200],
      ]),
    ]);
    await renderPage(<Markets match={{ ...basketball, sportId: 2 }} groups={basketball.oddsGroups} />, { language: 'en' });
    const [total, spread] = screen.getAllByTestId('market');
    expect([...total!.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Total', 'Over', 'Under']);
    expect(rows(total!).map((row) => row[0])).toEqual(['210.5', '215.5']);
    expect([...spread!.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['Handicap', 'Home', 'Away']);
    expect(rows(spread!)).toEqual([['-4.5', '-4.51.90', '+4.51.85']]);
  });
});

describe('market blocks', () => {
  it('a group without its odds type is known by its market code; other markets stay single', () => {
    const bare = (oddsId: string, special: string): OddsGroup => ({ oddsId, typeName: oddsId, special, active: true, odds: [] });
    expect(marketBlocks([bare('FT_OU', '2.5'), bare('DC', ''), bare('FT_OU', '0.5')]).map((b) => (b.kind === 'lines' ? b.groups.map((g) => g.special) : b.group.oddsId))).toEqual([['0.5', '2.5'], 'DC']);
  });

  it("the away side's line is the home line with the other sign", () => {
    expect(['-1.25', '+0.5', '0.75', '0'].map(oppositeLine)).toEqual(['+1.25', '-0.5', '-0.75', '0']);
  });
});
