import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { CasinoItem } from '@kupon/api/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { casinoGame } from '@/testing/casino';
import { renderPage } from '@/testing/render';
import { CasinoPage } from './casino-page';

const game = (serviceId: number, title: string, product: CasinoItem['product']) =>
  casinoGame({ serviceId, masterServiceId: 900, title, product, logo: '', listOrder: serviceId, company_name: 'Kupon Demo' });

const GAMES = [game(1, 'Fruits', 'slot'), game(2, 'Dice', 'slot'), game(3, 'Wheel', 'slot'), game(4, 'Derby', 'virtual'), game(5, 'Penalty', 'virtual'), game(6, 'Keno', 'virtual')];

/** The site's settings with the §3 id lists, and the casino api filtering like the server. */
function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      if (url.pathname === '/api/v1/casino/providers') return Response.json({ providers: [{ masterServiceId: 900, name: 'Kupon Demo', games: 6, products: ['slot', 'virtual'] }] });
      if (url.pathname === '/api/v1/casino/games') {
        const search = url.searchParams.get('search')?.toLowerCase();
        const listed = GAMES.filter((g) => g.product === url.searchParams.get('product') && (!search || g.title.toLowerCase().includes(search)));
        return Response.json({ status: true, games: listed, total: listed.length });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

const titlesIn = (element: HTMLElement) => within(element).queryAllByTestId('casino-game-title').map((el) => el.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('casino pages and the §3 game id lists', () => {
  it('slots show the top and new sections in the order the operator gave, above the whole list; a search hides them', async () => {
    serve({ topSlotIds: '3,1,999', newSlotIds: '2,4' });
    await renderPage(<CasinoPage product="slot" loggedIn onLoginRequired={() => undefined} />, { language: 'en' });
    const top = await screen.findByTestId('casino-top');
    expect(within(top).getByText('Top games')).toBeTruthy();
    expect(titlesIn(top)).toEqual(['Wheel', 'Fruits']);
    // 4 is a virtual game: not on the slots page.
    expect(titlesIn(screen.getByTestId('casino-new'))).toEqual(['Dice']);
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: 'fru' } });
    await vi.waitFor(() => expect(screen.queryByTestId('casino-top')).toBeNull());
  });

  it('without id lists there are no sections', async () => {
    serve({});
    await renderPage(<CasinoPage product="slot" loggedIn onLoginRequired={() => undefined} />, { language: 'en' });
    await screen.findAllByTestId('casino-game');
    expect(screen.queryByTestId('casino-top')).toBeNull();
    expect(screen.queryByTestId('casino-new')).toBeNull();
  });

  it('virtual games list the operator’s picks first, the rest after in their order', async () => {
    serve({ virtualGamesIds: '6,5' });
    await renderPage(<CasinoPage product="virtual" loggedIn onLoginRequired={() => undefined} />, { language: 'en' });
    await vi.waitFor(() => expect(screen.queryAllByTestId('casino-game-title').map((el) => el.textContent)).toEqual(['Keno', 'Penalty', 'Derby']));
  });
});
