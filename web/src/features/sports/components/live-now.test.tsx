import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import type { WireMatch } from '../api/wire';
import { LiveNow } from './live-now';

vi.mock('@/features/live/hooks/use-live', () => ({ useLiveSubscription: () => undefined }));

function liveMatch(id: string, sportId: number, sportName: string, matchstatus: string): WireMatch {
  return {
    id,
    sportId,
    sportName,
    categoryId: 'tr',
    categoryName: 'Türkiye',
    tournamentId: 'super',
    tournamentName: 'Süper Lig',
    homeTeam: `Home ${id}`,
    awayTeam: `Away ${id}`,
    matchDate: '2026-11-28T12:00:00.000Z',
    matchstatus,
    betstatus: 'open',
    live: true,
    scoreboard: null,
    odds: [{ oddsid: '1x2|', oddstype: 1, typename: 'Match Result', special: '', active: 1, iss: 0, isv: 1, odds: [{ outcomeid: '1', outcome: '1', odd: 1_850, active: 1 }] }],
  };
}

/** The live list as the api answers it: in play and about to start, several sports. */
function serveLive(matches: WireMatch[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      const found = url.pathname === '/api/v1/live';
      return new Response(JSON.stringify(found ? { matches, sports: [] } : { error: 'notFound' }), { status: found ? 200 : 404, headers: { 'content-type': 'application/json' } });
    }),
  );
}

const rows = () => screen.queryAllByTestId('match-row').map((row) => row.getAttribute('data-match-id'));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home: live now', () => {
  it('shows the in-play matches of the first sport in play, at most six, and links to the live page with how many are in play in every sport', async () => {
    const soon = liveMatch('s0', 1, 'Football', 'not_started');
    const football = Array.from({ length: 8 }, (_, i) => liveMatch(`f${i + 1}`, 1, 'Football', i % 2 === 0 ? '1p' : '2p'));
    const volleyball = liveMatch('v1', 5, 'Volleyball', '1s');
    serveLive([soon, ...football.slice(0, 3), volleyball, ...football.slice(3)]);
    await renderPage(<LiveNow />, { language: 'en', path: '/en' });

    expect(await screen.findByRole('heading', { name: 'Live now Football' })).toBeTruthy();
    expect(rows()).toEqual(['f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
    const all = screen.getByTestId('live-now-all');
    expect(all.textContent).toBe('All live matches (9)');
    expect(all.getAttribute('href')).toBe('/en/livebets');
  });

  it('shows nothing while no match is in play, even with matches about to start', async () => {
    serveLive([liveMatch('s1', 1, 'Futbol', 'not_started')]);
    const { client } = await renderPage(<LiveNow />, { language: 'tr', path: '/tr' });
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByTestId('live-now')).toBeNull();
  });
});
