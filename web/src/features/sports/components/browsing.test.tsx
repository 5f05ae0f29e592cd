import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LiveBetsPage from '@/app/routes/livebets';
import SportsPage from '@/app/routes/sports';
import { SPORTS_FAVOURITES_KEY, useSportsFavouritesStore } from '@/stores/sports-favourites-store';
import { testI18n } from '@/testing/render';
import type { WireMatch, WireTreeNode } from '../api/wire';

vi.mock('@/features/live/hooks/use-live', () => ({ useLiveSubscription: () => undefined }));

function match(id: string, tournamentId: string, homeTeam: string, awayTeam: string, matchDate: string, live = false): WireMatch {
  return {
    id,
    sportId: 1,
    sportName: 'Futbol',
    categoryId: 'tr',
    categoryName: 'Türkiye',
    tournamentId,
    tournamentName: tournamentId,
    homeTeam,
    awayTeam,
    matchDate,
    matchstatus: live ? '1p' : 'not_started',
    betstatus: 'open',
    live,
    scoreboard: null,
    odds: [{ oddsid: '1x2|', oddstype: 1, typename: 'Maç Sonucu', special: '', active: 1, iss: 0, isv: 1, odds: [{ outcomeid: '1', outcome: '1', odd: 1_850, active: 1 }] }],
  };
}

const MATCHES = [
  match('m1', 'super', 'Galatasaray', 'Fenerbahçe', '2026-11-27T18:00:00.000Z', true),
  match('m2', 'super', 'Beşiktaş', 'Trabzonspor', '2026-11-27T16:00:00.000Z', true),
  match('m3', 'first', 'Sakarya', 'Bursa', '2026-11-27T17:00:00.000Z', true),
  match('m4', 'cup', 'Derbyshire', 'Kent', '2026-11-27T15:00:00.000Z', true),
];
const TREE: WireTreeNode[] = [
  {
    id: 1,
    title: 'Futbol',
    matchCount: 4,
    children: [
      {
        id: 'tr',
        title: 'Türkiye',
        matchCount: 4,
        children: [
          { id: 'super', title: 'Süper Lig', matchCount: 2 },
          { id: 'first', title: '1. Lig', matchCount: 1 },
          { id: 'cup', title: 'Kupa', matchCount: 1 },
        ],
      },
    ],
  },
];

/** The catalog and live api as the pages call them, filtering like the server. */
function serve() {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      calls.push(url);
      const ids = (name: string) => url.searchParams.get(name)?.split(',');
      const keyWord = url.searchParams.get('keyWord')?.toLocaleLowerCase('tr');
      const filtered = MATCHES.filter(
        (m) =>
          (!ids('tournamentId') || ids('tournamentId')!.includes(m.tournamentId)) &&
          (!ids('matchId') || ids('matchId')!.includes(m.id)) &&
          (!keyWord || `${m.homeTeam} ${m.awayTeam} ${m.tournamentName}`.toLocaleLowerCase('tr').includes(keyWord)),
      );
      let body: unknown = { error: 'notFound' };
      if (url.pathname === '/api/v1/live') body = { matches: filtered, sports: [] };
      if (url.pathname === '/api/v1/catalog/matches') body = filtered;
      if (url.pathname === '/api/v1/catalog/sports') body = TREE;
      return new Response(JSON.stringify(body), { status: body && typeof body === 'object' && 'error' in body ? 404 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

async function renderAt(ui: ReactElement, path: string, language: 'tr' | 'en' = 'en') {
  const i18n = await testI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:lang/livebets" element={ui} />
            <Route path="/:lang/livebets/:keyWord" element={ui} />
            <Route path="/:lang/sports" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const rows = () => screen.queryAllByTestId('match-row').map((row) => row.getAttribute('data-match-id'));

beforeEach(() => {
  localStorage.clear();
  useSportsFavouritesStore.setState({ matchIds: [], tournamentIds: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sports and live favourites (kept on this device)', () => {
  it('stars and unstars matches and leagues, the latest first, and keeps them in localStorage', () => {
    const store = useSportsFavouritesStore.getState();
    store.toggleMatch('m1');
    store.toggleMatch('m2');
    store.toggleTournament('super');
    expect(useSportsFavouritesStore.getState()).toMatchObject({ matchIds: ['m2', 'm1'], tournamentIds: ['super'] });
    useSportsFavouritesStore.getState().toggleMatch('m1');
    expect(useSportsFavouritesStore.getState().matchIds).toEqual(['m2']);
    expect(JSON.parse(localStorage.getItem(SPORTS_FAVOURITES_KEY)!).state).toEqual({ matchIds: ['m2'], tournamentIds: ['super'] });
  });

  it('reads back only ids from a stored value another version or a hand wrote', async () => {
    localStorage.setItem(SPORTS_FAVOURITES_KEY, JSON.stringify({ state: { matchIds: ['m1', 7, null], tournamentIds: 'super' }, version: 1 }));
    await useSportsFavouritesStore.persist.rehydrate();
    expect(useSportsFavouritesStore.getState()).toMatchObject({ matchIds: ['m1'], tournamentIds: [] });
  });
});

describe('/livebets/{keyWord}', () => {
  it('asks the api for the live matches of the keyword and shows only those', async () => {
    const calls = serve();
    await renderAt(<LiveBetsPage />, '/en/livebets/derby');
    await waitFor(() => expect(rows()).toEqual(['m4']));
    expect(calls.find((u) => u.pathname === '/api/v1/live')?.searchParams.get('keyWord')).toBe('derby');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Live: "derby"');
    expect(screen.getByTestId('live-search-clear').getAttribute('href')).toBe('/en/livebets');
  });

  it('a keyword under 3 letters is not sent: every live match shows, with a note why', async () => {
    const calls = serve();
    await renderAt(<LiveBetsPage />, '/tr/livebets/ga', 'tr');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.filter((u) => u.pathname === '/api/v1/live').every((u) => !u.searchParams.has('keyWord'))).toBe(true);
    expect(screen.getByTestId('live-keyword-short').textContent).toBe('Arama için en az 3 harf gerekir; tüm canlı maçlar gösteriliyor.');
  });

  it('searching from the page opens /livebets/{keyWord}', async () => {
    const calls = serve();
    await renderAt(<LiveBetsPage />, '/en/livebets');
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.change(screen.getByTestId('live-search'), { target: { value: 'Sakarya' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toEqual(['m3']));
    expect(calls.at(-1)?.searchParams.get('keyWord')).toBe('Sakarya');
  });

  it('the favourites filter keeps the starred matches and those of starred leagues', async () => {
    serve();
    useSportsFavouritesStore.setState({ matchIds: ['m3'], tournamentIds: [] });
    await renderAt(<LiveBetsPage />, '/en/livebets');
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByTestId('favourites-filter'));
    expect(rows()).toEqual(['m3']);
    // Starring a match from its row adds it at once; the star does not open the match.
    fireEvent.click(screen.getByTestId('favourites-filter'));
    const m4 = screen.getAllByTestId('match-row').find((row) => row.getAttribute('data-match-id') === 'm4')!;
    fireEvent.click(within(m4).getByRole('button', { name: 'Add Derbyshire - Kent to favourites' }));
    expect(screen.queryByTestId('live-detail')).toBeNull();
    fireEvent.click(screen.getByTestId('favourites-filter'));
    expect(rows()).toEqual(['m3', 'm4']);
    expect(useSportsFavouritesStore.getState().matchIds).toEqual(['m4', 'm3']);
  });
});

describe('the sports page: several leagues at once and favourites', () => {
  const openTurkey = async () => {
    await waitFor(() => expect(screen.getByRole('button', { name: /Türkiye/ })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /Türkiye/ }));
  };

  it('lists the picked leagues together in one request, by date', async () => {
    const calls = serve();
    await renderAt(<SportsPage />, '/en/sports');
    await openTurkey();
    fireEvent.click(screen.getByRole('checkbox', { name: 'List Süper Lig together with other leagues' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'List 1. Lig together with other leagues' }));
    await waitFor(() => expect(rows()).toEqual(['m2', 'm3', 'm1']));
    expect(calls.filter((u) => u.pathname === '/api/v1/catalog/matches').at(-1)?.searchParams.get('tournamentId')).toBe('super,first');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('2 leagues');
    fireEvent.click(screen.getByTestId('clear-picked'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Matches'));
  });

  it('the favourites filter lists starred leagues’ matches and starred matches, asked by id lists', async () => {
    const calls = serve();
    await renderAt(<SportsPage />, '/tr/sports', 'tr');
    fireEvent.click(screen.getByTestId('favourites-filter'));
    expect(await screen.findByText('Burada görmek için maçları veya ligleri yıldızlayın.')).toBeTruthy();
    // Picking in the tree leaves the favourites; star the cup league there and a match, then filter again.
    await openTurkey();
    expect(screen.getByTestId('favourites-filter').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Kupa favorilere ekle' }));
    useSportsFavouritesStore.getState().toggleMatch('m1');
    fireEvent.click(screen.getByTestId('favourites-filter'));
    await waitFor(() => expect(rows()).toEqual(['m4', 'm1']));
    const asked = calls.filter((u) => u.pathname === '/api/v1/catalog/matches' && (u.searchParams.has('matchId') || u.searchParams.get('tournamentId') === 'cup'));
    expect(asked.map((u) => u.searchParams.get('tournamentId') ?? `match:${u.searchParams.get('matchId')}`).sort()).toEqual(['cup', 'match:m1']);
  });
});
