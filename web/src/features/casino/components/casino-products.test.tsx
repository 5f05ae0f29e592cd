import type { CasinoItem, CasinoOpen } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { casinoGame, casinoProvider, serveCasino } from '@/testing/casino';
import { renderPage } from '@/testing/render';
import type { CasinoProvider } from '../api/casino';
import { productOfRoute, PRODUCT_ROUTE } from '../types';
import { CasinoPage } from './casino-page';

const game = (serviceId: number, masterServiceId: number, title: string, product: CasinoItem['product']) => casinoGame({ serviceId, masterServiceId, title, product });

const GAMES = [game(90001, 900, 'Kupon Fruits', 'slot'), game(90101, 910, 'Kupon Tombala', 'bingo'), game(90201, 920, 'Kupon Virtual Football', 'virtual'), game(90301, 930, 'Kupon Çarkı', 'tvgames')];
const PROVIDERS: CasinoProvider[] = [
  casinoProvider({ masterServiceId: 900, name: 'Kupon Demo', games: 1, products: ['slot'] }),
  casinoProvider({ masterServiceId: 910, name: 'Kupon Tombala', games: 1, products: ['bingo'] }),
  casinoProvider({ masterServiceId: 920, name: 'Kupon Virtual', games: 1, products: ['virtual'] }),
  casinoProvider({ masterServiceId: 930, name: 'Kupon TV', games: 1, products: ['tvgames'] }),
];

/** The casino api with this file's games; `open` answers casinos/open. */
const serve = (open?: (body: Record<string, unknown>) => CasinoOpen) => serveCasino({ providers: PROVIDERS, games: GAMES, open: open && ((body) => ({ body: open(body) })) });

const titles = () => screen.queryAllByTestId('casino-game-title').map((el) => el.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live bingo, virtual games and TV games pages (the casino page, product as parameter)', () => {
  it.each([
    ['bingo', 'tr', 'Canlı Tombala', 'Kupon Tombala', 'Kupon Tombala'],
    ['virtual', 'en', 'Virtual games', 'Kupon Virtual Football', 'Kupon Virtual'],
    ['tvgames', 'en', 'TV games', 'Kupon Çarkı', 'Kupon TV'],
  ] as const)('the %s page (%s) lists its own games and providers only', async (product, language, heading, title, provider) => {
    const calls = serve();
    await renderPage(<CasinoPage product={product} loggedIn onLoginRequired={vi.fn()} />, { language, path: `/${language}/${PRODUCT_ROUTE[product]}` });
    await waitFor(() => expect(titles()).toEqual([title]));
    expect(screen.getByTestId(`page-${PRODUCT_ROUTE[product]}`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    expect(screen.getAllByTestId('casino-provider').map((b) => b.textContent)).toEqual([provider]);
    expect(calls.filter((c) => c.url.pathname === '/api/v1/casino/games').every((c) => c.url.searchParams.get('product') === product)).toBe(true);
  });

  it('opens the tombala in the game popup; a player without bingoUser sees the refusal translated', async () => {
    let allowed = true;
    serve((body) =>
      allowed
        ? { status: true, msg: '', content: { iframe: true, gameurl: `/api/v1/casino/demo/play/${String(body.serviceId)}?session=s`, iframeId: 'casino-90101' }, command: null }
        : { status: false, msg: 'permissionDenied|bingoUser', content: null, command: null },
    );
    await renderPage(<CasinoPage product="bingo" loggedIn onLoginRequired={vi.fn()} />, { language: 'en', path: '/en/bingo' });
    await waitFor(() => expect(titles()).toEqual(['Kupon Tombala']));
    fireEvent.click(screen.getByTitle('Play Kupon Tombala'));
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toBe('/api/v1/casino/demo/play/90101?session=s'));
    fireEvent.click(screen.getByRole('button', { name: 'Close the game' }));
    allowed = false;
    fireEvent.click(screen.getByTitle('Play Kupon Tombala'));
    await waitFor(() => expect(screen.getByTestId('casino-error').textContent).toContain('You are not allowed to do this.'));
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('each game route lists its product', () => {
    expect(['casino', 'livecasino', 'bingo', 'virtualgames', 'tvgames', 'promotions'].map(productOfRoute)).toEqual(['slot', 'livecasino', 'bingo', 'virtual', 'tvgames', 'slot']);
  });
});
