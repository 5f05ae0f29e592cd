import { DEFAULT_SITE_SETTINGS, INITIAL_SCOREBOARD, type Scoreboard } from '@kupon/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSiteSettingsState } from '@/features/site/api/get-settings';
import { useMatch } from '@/features/sports/api/catalog';
import type { WireMatch } from '@/features/sports/api/wire';
import type { MatchSummary } from '@/features/sports/types';
import { renderPage } from '@/testing/render';
import { applyToMatch } from '../frames';
import { matchFrame } from '../protocol';
import { MatchTracker } from './match-tracker';

const s = (home: number, away: number) => ({ home, away });
const board: Scoreboard = { ...INITIAL_SCOREBOARD, status: '1p', score: s(1, 0), periods: [s(1, 0)], minute: 23 };
const wireMatch: WireMatch = {
  id: 'm1',
  sportId: 1,
  sportName: 'Soccer',
  categoryId: 'tr',
  categoryName: 'Turkey',
  tournamentId: 'sl',
  tournamentName: 'Super League',
  homeTeam: 'Lions',
  awayTeam: 'Canaries',
  matchDate: '2026-11-22T18:00:00.000Z',
  matchstatus: '1p',
  betstatus: 'open',
  live: true,
  scoreboard: board,
  odds: [],
};
const timeline = {
  matchId: 'm1',
  sportId: 1,
  homeTeam: 'Lions',
  awayTeam: 'Canaries',
  scoreboard: board,
  incidents: [{ kind: 'goal', side: 'home', period: 1, minute: 23, score: s(1, 0) }],
};

/** The api: the site's settings (§3 live_show_tracker), the match, its timeline. */
function serve(liveShowTracker: boolean) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/timeline')) return Response.json(timeline);
    if (url.includes('/catalog/matches/m1')) return Response.json(wireMatch);
    return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, liveShowTracker } });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The match page's mount: the match as the cache holds it, the tracker when the site turns it on. */
function Page() {
  const { settings, ready } = useSiteSettingsState();
  const match = useMatch('m1', 'en');
  if (!ready || !match.data) return null;
  return (
    <>
      <p data-testid="page-ready" />
      <MatchTracker match={match.data} enabled={settings.live_show_tracker === 1} />
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('§3 live_show_tracker: the live match tracker', () => {
  it('shows the score, period and minute, the incidents from the timeline and the corner and card counts', async () => {
    serve(true);
    await renderPage(<Page />, { language: 'en' });
    const tracker = await screen.findByTestId('match-tracker');
    expect(within(tracker).getByTestId('tracker-score').textContent).toBe('1:0');
    expect(within(tracker).getByTestId('tracker-clock').textContent).toBe("Half 1 · 23'");
    expect(within(tracker).getByTestId('tracker-incidents').textContent).toContain('Goal – Lions (1:0)');
    expect(within(tracker).getByRole('row', { name: /Corners/ }).textContent).toBe('0Corners0');
  });

  it('a live update adds its incidents, derived from the previous scoreboard, and moves the score and counts', async () => {
    serve(true);
    const { client } = await renderPage(<Page />, { language: 'tr' });
    await screen.findByText('Gol – Lions (1:0)');
    // What LiveConnection does with the hub's `upd` frame: apply it to the cached match.
    const frame = matchFrame('m1', { score: [1, 1], periods: [[1, 1]], time: 31, corners: [0, 1], cards: { yellow: [1, 0], red: [0, 0] } });
    act(() => client.setQueryData<MatchSummary | null>(['catalog', 'match', 'm1', 'en'], (m) => (m ? applyToMatch(m, frame) : m)));
    const items = await waitFor(() => {
      const list = screen.getAllByRole('listitem').map((li) => li.textContent);
      expect(list).toHaveLength(4);
      return list;
    });
    expect(items).toEqual(["31'Korner – Canaries", "31'Sarı kart – Lions", "31'Gol – Canaries (1:1)", "23'Gol – Lions (1:0)"]);
    expect(screen.getByTestId('tracker-score').textContent).toBe('1:1');
    expect(screen.getByRole('row', { name: /Korner/ }).textContent).toBe('0Korner1');
  });

  it('the site turned the tracker off: no tracker and no timeline request', async () => {
    const fetch = serve(false);
    await renderPage(<Page />, { language: 'en' });
    await screen.findByTestId('page-ready');
    expect(screen.queryByTestId('match-tracker')).toBeNull();
    expect(fetch.mock.calls.map(([url]) => String(url)).some((url) => url.includes('/timeline'))).toBe(false);
  });
});
