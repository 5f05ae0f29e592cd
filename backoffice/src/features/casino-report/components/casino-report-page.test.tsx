import type { CasinoReport } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import CasinoReportPage from './casino-report-page';

const renderPage = (language: 'tr' | 'en') => renderWithProviders(<CasinoReportPage />, { language, path: '/reports/casino' });

const totals = (bets: number, wins: number, refunds: number, rounds: number) => {
  const ggr = bets - wins - refunds;
  return { bets, wins, refunds, ggr, marginBp: bets ? Math.trunc((ggr * 10_000) / bets) : null, rounds };
};

/** The casino report route as the api answers it, by groupBy. */
function serveReport() {
  const asked: URL[] = [];
  const rows: Record<string, CasinoReport['rows']> = {
    day: [{ key: '2026-11-22', label: '2026-11-22', ...totals(123_450, 100_000, 1_000, 37) }],
    game: [
      { key: '90002', label: 'Kupon Dice', ...totals(23_450, 30_000, 0, 12) },
      { key: '90001', label: 'Kupon Fruits', ...totals(100_000, 70_000, 1_000, 25) },
    ],
    product: [
      { key: 'bingo', label: 'bingo', ...totals(23_450, 30_000, 0, 12) },
      { key: 'slot', label: 'slot', ...totals(100_000, 70_000, 1_000, 25) },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://backoffice.example');
      asked.push(url);
      if (url.pathname !== '/api/v1/reports/casino') return new Response(JSON.stringify({ error: 'notFound' }), { status: 404 });
      const groupBy = (url.searchParams.get('groupBy') ?? 'day') as CasinoReport['groupBy'];
      const body: CasinoReport = { groupBy, rows: rows[groupBy] ?? [], totals: totals(123_450, 100_000, 1_000, 37), total: (rows[groupBy] ?? []).length, limit: 50, offset: 0, asOf: null };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const cells = (row: HTMLElement) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)];

describe('casino report screen (issue 8)', () => {
  it('shows bets, wins, refunds, GGR, margin and rounds per day with the totals line, exact to the kuruş, in Turkish', async () => {
    serveReport();
    await renderPage('tr');
    await waitFor(() => expect(screen.getAllByTestId('casino-row')).toHaveLength(1));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Gün', 'Bahis', 'Kazanç', 'İade', 'Brüt kazanç', 'Marj', 'Tur']);
    expect(cells(screen.getByTestId('casino-row'))).toEqual(['2026-11-22', '1.234,50', '1.000', '10', '224,50', '18,18%', '37']);
    expect(cells(screen.getByTestId('casino-total'))[0]).toBe('Toplam');
    expect(screen.getByTestId('casino-csv').getAttribute('href')).toBe('/api/v1/reports/casino?groupBy=day&format=csv&limit=500');
  });

  it('groups by game on its tab, asking the api for it, and its CSV follows (English labels)', async () => {
    const asked = serveReport();
    await renderPage('en');
    await waitFor(() => expect(screen.getAllByTestId('casino-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('casino-tab-game'));
    await waitFor(() => expect(screen.getAllByTestId('casino-row')).toHaveLength(2));
    expect(asked.at(-1)!.searchParams.get('groupBy')).toBe('game');
    expect(screen.getAllByTestId('casino-row').map((row) => cells(row)[0])).toEqual(['Kupon Dice', 'Kupon Fruits']);
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Game');
    expect(screen.getByTestId('casino-csv').getAttribute('href')).toContain('groupBy=game');
  });

  it('groups by product on its tab, each product named in the page language', async () => {
    const asked = serveReport();
    await renderPage('tr');
    await waitFor(() => expect(screen.getAllByTestId('casino-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('casino-tab-product'));
    await waitFor(() => expect(screen.getAllByTestId('casino-row')).toHaveLength(2));
    expect(asked.at(-1)!.searchParams.get('groupBy')).toBe('product');
    expect(screen.getAllByTestId('casino-row').map((row) => cells(row)[0])).toEqual(['Canlı tombala', 'Slot oyunları']);
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Ürün');
  });
});
