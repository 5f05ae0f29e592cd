import type { CasinoItem, CasinoOpen } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guard, type GuardContext } from '@/config/guards';
import { routeById } from '@/config/routes';
import { casinoGame, casinoProvider, serveCasino } from '@/testing/casino';
import { renderPage } from '@/testing/render';
import type { CasinoProvider } from '../api/casino';
import { productOfRoute, PRODUCT_ROUTE } from '../types';
import { CasinoPage } from './casino-page';

const game = (serviceId: number, masterServiceId: number, title: string, product: CasinoItem['product']) => casinoGame({ serviceId, masterServiceId, title, product });

const GAMES = [
  game(90201, 920, 'Kupon Virtual Football', 'virtual'),
  game(91001, 1010, 'Kupon Derby', 'racing'),
  game(91101, 1020, 'Kupon Şans 3/36', 'lotto'),
  game(91201, 1030, 'Kupon Sanal Lig', 'virtualleague'),
  game(91301, 1040, 'Kupon TV Zar', 'betgames'),
  game(91302, 1040, 'Kupon Şans Çarkı', 'betgames'),
  game(91401, 1050, 'Kupon Mint Slot', 'mintGaming'),
  game(91501, 1060, 'Kupon Sanal Futbol', 'virtualSports'),
  game(91502, 1060, 'Kupon Sanal At Yarışı', 'virtualSports'),
];
const PROVIDERS: CasinoProvider[] = [
  casinoProvider({ masterServiceId: 920, name: 'Kupon Virtual', games: 1, products: ['virtual'] }),
  casinoProvider({ masterServiceId: 1010, name: 'Kupon Racing', games: 1, products: ['racing'] }),
  casinoProvider({ masterServiceId: 1020, name: 'Kupon Loto', games: 1, products: ['lotto'] }),
  casinoProvider({ masterServiceId: 1030, name: 'Kupon Virtual League', games: 1, products: ['virtualleague'] }),
  casinoProvider({ masterServiceId: 1040, name: 'Kupon Bet Games', games: 2, products: ['betgames'] }),
  casinoProvider({ masterServiceId: 1050, name: 'Kupon Mint', games: 1, products: ['mintGaming'] }),
  casinoProvider({ masterServiceId: 1060, name: 'Kupon Virtual Sports', games: 2, products: ['virtualSports'] }),
];

/** The casino api with this file's games; `open` answers casinos/open. */
const serve = (open?: (body: Record<string, unknown>) => CasinoOpen) => serveCasino({ providers: PROVIDERS, games: GAMES, open: open && ((body) => ({ body: open(body) })) });

const titles = () => screen.queryAllByTestId('casino-game-title').map((el) => el.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the external game pages (/racing, /lotto, /virtualleague, /betgames, /mintGaming, /virtualSports)', () => {
  it.each([
    ['racing', 'tr', 'At Yarışı', ['Kupon Derby'], 'Kupon Racing'],
    ['lotto', 'tr', 'Loto', ['Kupon Şans 3/36'], 'Kupon Loto'],
    ['virtualleague', 'en', 'Virtual league', ['Kupon Sanal Lig'], 'Kupon Virtual League'],
    ['betgames', 'en', 'Bet games', ['Kupon TV Zar', 'Kupon Şans Çarkı'], 'Kupon Bet Games'],
    ['mintGaming', 'tr', 'Mint Gaming', ['Kupon Mint Slot'], 'Kupon Mint'],
    ['virtualSports', 'tr', 'Sanal Sporlar', ['Kupon Sanal Futbol', 'Kupon Sanal At Yarışı'], 'Kupon Virtual Sports'],
  ] as const)('/%s (%s) is a game page listing its own provider’s games', async (product, language, heading, games, provider) => {
    const calls = serve();
    expect(PRODUCT_ROUTE[product]).toBe(product);
    expect(productOfRoute(product)).toBe(product);
    await renderPage(<CasinoPage product={product} loggedIn onLoginRequired={vi.fn()} />, { language, path: `/${language}/${product}` });
    await waitFor(() => expect(titles()).toEqual([...games]));
    expect(screen.getByTestId(`page-${product}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(screen.getAllByTestId('casino-provider').map((b) => b.textContent)).toEqual([provider]);
    expect(calls.filter((c) => c.url.pathname === '/api/v1/casino/games').every((c) => c.url.searchParams.get('product') === product)).toBe(true);
  });

  it('opens the lotto draw in the game popup; a player without the TV games flag is told in their language', async () => {
    let allowed = true;
    serve((body) =>
      allowed
        ? { status: true, msg: '', content: { iframe: true, gameurl: `/api/v1/casino/demo/play/${String(body.serviceId)}?session=s`, iframeId: `casino-${String(body.serviceId)}` }, command: null }
        : { status: false, msg: 'permissionDenied|tvgamesUser', content: null, command: null },
    );
    await renderPage(<CasinoPage product="lotto" loggedIn onLoginRequired={vi.fn()} />, { language: 'en', path: '/en/lotto' });
    await waitFor(() => expect(titles()).toEqual(['Kupon Şans 3/36']));
    fireEvent.click(screen.getByTitle('Play Kupon Şans 3/36'));
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/api/v1/casino/demo/play/91101?session=s'));
    fireEvent.click(screen.getByRole('button', { name: 'Close the game' }));
    allowed = false;
    fireEvent.click(screen.getByTitle('Play Kupon Şans 3/36'));
    await waitFor(() => expect(screen.getByTestId('casino-error').textContent).toContain('You are not allowed to do this.'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('asks a guest to log in before a race opens', async () => {
    serve();
    const onLoginRequired = vi.fn();
    await renderPage(<CasinoPage product="racing" loggedIn={false} onLoginRequired={onLoginRequired} />, { language: 'tr', path: '/tr/racing' });
    await waitFor(() => expect(titles()).toEqual(['Kupon Derby']));
    fireEvent.click(screen.getByTitle('Kupon Derby oyna'));
    expect(onLoginRequired).toHaveBeenCalledOnce();
  });

  it('each page is shown only with the product flag it is played under, else Home', () => {
    const player: GuardContext = { loggedIn: true, flags: {}, loginScreen: false, registerDisabled: false, affiliateEnabled: false };
    for (const [id, flag] of [
      ['racing', 'virtualUser'],
      ['lotto', 'tvgamesUser'],
      ['virtualleague', 'virtualUser'],
      ['betgames', 'tvgamesUser'],
      ['mintGaming', 'slotUser'],
      ['virtualSports', 'virtualUser'],
    ] as const) {
      const route = routeById(id);
      expect(route.paths).toEqual([id]);
      expect(guard(id, route.access, { ...player, flags: { [flag]: 1 } })).toBeNull();
      expect(guard(id, route.access, { ...player, flags: { [flag]: 0, sportUser: 1 } })?.to).toBe('home');
    }
  });
});
