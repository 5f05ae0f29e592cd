import type { PublicProposition } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Market } from '@/features/sports/components/market';
import { useBetslipStore } from '@/stores/betslip-store';
import { renderPage } from '@/testing/render';
import { PropositionsSection } from './propositions-section';

const homeWin: PublicProposition = {
  id: 'home-first',
  note: 'Ev sahibi formda',
  matchId: 'm1',
  sportId: 1,
  sportName: 'Futbol',
  tournamentName: 'Süper Lig',
  homeTeam: 'Galatasaray',
  awayTeam: 'Fenerbahçe',
  matchDate: '2026-11-25T18:00:00.000Z',
  marketId: 'FT_1X2',
  special: '',
  typeName: 'Maç Sonucu',
  outcomeId: '1',
  outcome: '1',
  odd: 1850,
};
const over: PublicProposition = { ...homeWin, id: 'over', note: '', matchId: 'm2', homeTeam: 'Beşiktaş', awayTeam: 'Trabzonspor', marketId: 'FT_OU', special: '2.5', typeName: 'Alt/Üst', outcomeId: 'O', outcome: 'Üst', odd: 2100 };

/** The api answering the home page's propositions call with `list` (asked with the page language). */
function serve(list: PublicProposition[]) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      asked.push(url);
      const found = url.pathname === '/api/v1/content/propositions';
      return new Response(JSON.stringify(found ? { propositions: list } : { error: 'notFound' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  useBetslipStore.getState().clear();
});

describe('proposed bets on the home page', () => {
  it('lists the picks in order with match, market, note and odds in the page language', async () => {
    const asked = serve([homeWin, over]);
    await renderPage(<PropositionsSection />, { language: 'en' });
    await waitFor(() => expect(screen.getAllByTestId('proposition')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: "Today's picks" })).toBeTruthy();
    const [first, second] = screen.getAllByTestId('proposition');
    expect(first!.textContent).toContain('Galatasaray - Fenerbahçe');
    expect(first!.textContent).toContain('Ev sahibi formda');
    expect(first!.textContent).toContain('1.85');
    expect(second!.textContent).toContain('Alt/Üst (2.5)');
    expect(second!.textContent).toContain('2.10');
    expect(asked[0]!.searchParams.get('lang')).toBe('en');
  });

  it('one click puts the pick on the betslip as the same odd of the match page does; a second click takes it off', async () => {
    serve([homeWin]);
    await renderPage(
      <>
        <PropositionsSection />
        <Market
          match={{ id: 'm1', sportId: 1, homeTeam: 'Galatasaray', awayTeam: 'Fenerbahçe', matchDate: homeWin.matchDate, oddsGroups: [] }}
          group={{ oddsId: 'FT_1X2', typeName: 'Maç Sonucu', special: '', active: true, odds: [{ outcomeId: '1', outcome: '1', odd: 1850, active: true }] }}
        />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('propositions')).toBeTruthy());
    const [picked, onMatchPage] = screen.getAllByTestId('odd-m1:FT_1X2::1');
    fireEvent.click(picked!);
    expect(useBetslipStore.getState().slip.selections).toEqual([expect.objectContaining({ id: 'm1:FT_1X2::1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1850, isLive: false })]);
    // The match page's button for the same outcome shows it picked: one selection, the same one.
    expect(onMatchPage!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(picked!);
    expect(useBetslipStore.getState().slip.selections).toEqual([]);
  });

  it('shows nothing at all when the site proposes nothing', async () => {
    const asked = serve([]);
    const { container } = await renderPage(<PropositionsSection />);
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(container.innerHTML).toBe('');
  });
});
