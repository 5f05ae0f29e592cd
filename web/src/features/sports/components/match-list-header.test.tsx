import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import type { MatchSummary } from '../types';
import { MatchListHeader } from './match-list-header';
import { MatchRow } from './match-row';

function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      if (path === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

const odd = (outcomeId: string, outcome: string, value: number) => ({ outcomeId, outcome, odd: value, active: true });
const match: MatchSummary = {
  id: 'm1',
  sportId: 1,
  homeTeam: 'Galatasaray',
  awayTeam: 'Fenerbahçe',
  matchDate: '2026-11-30T18:00:00Z',
  oddsGroups: [{ oddsId: '1x2', typeName: 'Maç Sonucu', special: '', active: true, odds: [odd('1', '1', 1_855), odd('X', 'X', 3_400), odd('2', '2', 4_125)] }],
};

function List() {
  return (
    <>
      <MatchListHeader matches={[match]} />
      <MatchRow match={match} />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('match lists (§3 rivHeaderSee, tofixedNumber)', () => {
  it('shows the home/away column header with the main market’s outcomes above the odds by default', async () => {
    serve({});
    await renderPage(<List />, { language: 'en' });
    const header = await screen.findByTestId('match-list-header');
    expect(header.textContent).toBe('Home - Away1X2');
    expect(screen.getByTestId('odd-m1:1x2::1').textContent).toBe('11.855');
  });

  it('a site with rivHeaderSee off shows no header row; the odds take the site’s three decimals', async () => {
    serve({ rivHeaderSee: false, toFixedNumber: 3 });
    await renderPage(<List />, { language: 'tr' });
    await waitFor(() => expect(screen.getByTestId('odd-m1:1x2::X').textContent).toBe('X3.400'));
    expect(screen.getByTestId('odd-m1:1x2::1').textContent).toBe('11.855');
    expect(screen.queryByTestId('match-list-header')).toBeNull();
  });

  it('a list entry with only its main market links to the match page with the count of the others (+N)', async () => {
    serve({});
    await renderPage(
      <>
        <MatchRow match={{ ...match, marketCount: 3 }} />
        <MatchRow match={{ ...match, id: 'm2' }} />
      </>,
      { language: 'en' },
    );
    const [listed, single] = await screen.findAllByTitle('All markets');
    expect(listed!.textContent).toBe('+2');
    expect(single!.textContent).toBe('+0');
  });

  it('no decimals: odds drop their trailing zeros, never a decimal they pay on', async () => {
    serve({ toFixedNumber: 0 });
    await renderPage(<List />, { language: 'tr' });
    await waitFor(() => expect(screen.getByTestId('odd-m1:1x2::X').textContent).toBe('X3.4'));
    expect(screen.getByTestId('odd-m1:1x2::2').textContent).toBe('24.125');
    expect(screen.getByTestId('match-list-header').textContent).toBe('Ev Sahibi - Deplasman1X2');
  });
});
