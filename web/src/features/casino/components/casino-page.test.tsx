import type { CasinoItem, CasinoOpen } from '@kupon/api/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { casinoGame, casinoProvider, serveCasino, type CasinoApi } from '@/testing/casino';
import { renderPage } from '@/testing/render';
import type { CasinoProvider } from '../api/casino';
import { CASINO_FAVOURITES_KEY, useFavouritesStore } from '../stores/favourites-store';
import { CasinoPage, type CasinoPageProps } from './casino-page';

const game = (serviceId: number, masterServiceId: number, title: string, product: CasinoItem['product'] = 'slot') =>
  casinoGame({ serviceId, masterServiceId, title, product, listOrder: serviceId, company_name: masterServiceId === 900 ? 'Kupon Demo' : 'Other Games' });

const GAMES = [game(90001, 900, 'Kupon Fruits'), game(90002, 900, 'Kupon Dice'), game(91001, 901, 'Mega Wheel'), game(92001, 902, 'Roulette Live', 'livecasino')];
const PROVIDERS: CasinoProvider[] = [
  casinoProvider({ masterServiceId: 900, name: 'Kupon Demo', games: 2, products: ['slot'] }),
  casinoProvider({ masterServiceId: 901, name: 'Other Games', games: 1, products: ['slot'] }),
  casinoProvider({ masterServiceId: 902, name: 'Live Tables', games: 1, products: ['livecasino'] }),
];

/** The casino api with this file's games unless a test names others. */
const serve = ({ providers = PROVIDERS, games = GAMES, open }: Partial<CasinoApi> = {}) => serveCasino({ providers, games, open });

const opened = (content: CasinoOpen['content']): { body: CasinoOpen } => ({ body: { status: true, msg: '', content, command: 'sessionStart' } });
const refused = (msg: string): { body: CasinoOpen } => ({ body: { status: false, msg, content: null, command: null } });

function page(props: Partial<CasinoPageProps> = {}) {
  const onLoginRequired = vi.fn();
  const redirect = vi.fn();
  return { onLoginRequired, redirect, ui: <CasinoPage product="slot" loggedIn onLoginRequired={onLoginRequired} redirect={redirect} {...props} /> };
}

const titles = () => screen.queryAllByTestId('casino-game-title').map((el) => el.textContent);
const tile = (title: string) => screen.getAllByTestId('casino-game').find((el) => el.textContent?.includes(title))!;

beforeEach(() => {
  useFavouritesStore.setState({ serviceIds: [] });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('casino page: provider menu and games (spec §4 Casino)', () => {
  it("lists the product's providers; picking one loads its games only", async () => {
    const calls = serve();
    await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toEqual(['Kupon Fruits', 'Kupon Dice', 'Mega Wheel']));
    // The live-casino-only provider is not on the slots page.
    expect(screen.getAllByTestId('casino-provider').map((b) => b.textContent)).toEqual(['Kupon Demo', 'Other Games']);

    fireEvent.click(screen.getByRole('button', { name: 'Other Games' }));
    await waitFor(() => expect(titles()).toEqual(['Mega Wheel']));
    const last = calls.filter((c) => c.url.pathname === '/api/v1/casino/games').at(-1)!;
    expect(Object.fromEntries(last.url.searchParams)).toMatchObject({ masterServiceId: '901', product: 'slot', limit: '1000', order: 'listOrder' });
    expect(screen.getByRole('button', { name: 'Other Games' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('the live casino page lists live tables only', async () => {
    serve();
    await renderPage(page({ product: 'livecasino' }).ui, { language: 'en', path: '/en/livecasino' });
    await waitFor(() => expect(titles()).toEqual(['Roulette Live']));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Live casino');
    expect(screen.getAllByTestId('casino-provider').map((b) => b.textContent)).toEqual(['Live Tables']);
  });

  it('search asks the api from 3 letters on and shows what matches', async () => {
    const calls = serve();
    await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: 'di' } });
    expect(calls.filter((c) => c.url.searchParams.has('search'))).toHaveLength(0);
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: 'DİC' } });
    await waitFor(() => expect(titles()).toEqual(['Kupon Dice']));
    expect(calls.at(-1)!.url.searchParams.get('search')).toBe('DİC');
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: 'zzz' } });
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toBe('"zzz" ile eşleşen oyun yok.'));
  });

  it('with no providers and no games the lists show their empty states', async () => {
    serve({ providers: [], games: [] });
    await renderPage(page().ui, { language: 'en', path: '/en/casino' });
    await waitFor(() => expect(screen.getAllByTestId('empty-state').map((e) => e.textContent)).toEqual(['No game provider is available right now.', 'There are no games in this selection.']));
    expect(screen.queryByTestId('casino-grid')).toBeNull();
  });
});

describe('favourites (spec §4 "favourites toggle and persist locally")', () => {
  it('a starred game is kept on the device: after the store is read back from storage the favourites filter still lists it', async () => {
    serve();
    const first = await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    const star = within(tile('Kupon Dice')).getByTestId('casino-favourite-toggle');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('casino-favourite-count').textContent).toBe('1');
    first.unmount();

    // A reload: the page's store starts empty, the device's storage holds what the last page wrote.
    const stored = localStorage.getItem(CASINO_FAVOURITES_KEY)!;
    expect(JSON.parse(stored).state.serviceIds).toEqual([90002]);
    useFavouritesStore.setState({ serviceIds: [] });
    localStorage.setItem(CASINO_FAVOURITES_KEY, stored);
    await act(() => useFavouritesStore.persist.rehydrate());
    expect(useFavouritesStore.getState().serviceIds).toEqual([90002]);

    await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(within(tile('Kupon Dice')).getByTestId('casino-favourite-toggle').getAttribute('aria-pressed')).toBe('true');
    expect(within(tile('Kupon Fruits')).getByTestId('casino-favourite-toggle').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('casino-favourites'));
    await waitFor(() => expect(titles()).toEqual(['Kupon Dice']));

    // Unstarring it in the favourites view empties the view.
    fireEvent.click(within(tile('Kupon Dice')).getByTestId('casino-favourite-toggle'));
    expect(screen.getByTestId('empty-state').textContent).toBe('Henüz favori oyununuz yok. Bir oyunun yıldızına tıklayarak ekleyin.');
    expect(JSON.parse(localStorage.getItem(CASINO_FAVOURITES_KEY)!).state.serviceIds).toEqual([]);
  });
});

describe('opening a game (spec §4, §8)', () => {
  it('a framed game opens in the game popup; closing the popup removes it', async () => {
    const calls = serve({ open: () => opened({ iframe: true, gameurl: 'http://kupon.example/api/v1/casino/demo/play/90001?session=abc', iframeId: 'casino-90001' }) });
    await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Kupon Fruits')).getByTitle('Kupon Fruits oyna'));
    const popup = await screen.findByTestId('game-popup');
    const frame = await within(popup).findByTestId('game-frame');
    expect(frame.getAttribute('src')).toBe('http://kupon.example/api/v1/casino/demo/play/90001?session=abc');
    expect(frame.id).toBe('casino-90001');
    expect(within(popup).getByRole('heading').textContent).toBe('Kupon Fruits');
    expect(calls.find((c) => c.url.pathname === '/api/v1/casino/casinos/open')!.body).toEqual({ serviceId: 90001, masterServiceId: 900, lang: 'tr' });

    fireEvent.click(screen.getByTestId('game-popup-close'));
    expect(screen.queryByTestId('game-popup')).toBeNull();
  });

  it('status false closes the popup and shows the server msg translated as an error', async () => {
    serve({ open: () => refused('serviceLimitError') });
    await renderPage(page().ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Kupon Dice')).getByTitle('Kupon Dice oyna'));
    await waitFor(() => expect(screen.getByTestId('casino-error').textContent).toContain('Casino limitleriniz doldu. Lütfen bayinizle iletişime geçin.'));
    expect(screen.queryByTestId('game-popup')).toBeNull();
  });

  it('in English the refusal reads in English', async () => {
    serve({ open: () => refused('serviceLimitError') });
    await renderPage(page().ui, { language: 'en', path: '/en/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Kupon Dice')).getByTitle('Play Kupon Dice'));
    await waitFor(() => expect(screen.getByTestId('casino-error').textContent).toContain('Casino limits are over. Please contact your dealer.'));
    expect(screen.queryByTestId('game-popup')).toBeNull();
  });

  it('a game that is not framed sends the window to its address, with no popup', async () => {
    const { ui, redirect } = page();
    serve({ open: () => opened({ iframe: false, gameurl: 'https://games.example/launch?t=1', iframeId: 'casino-91001' }) });
    await renderPage(ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Mega Wheel')).getByTitle('Mega Wheel oyna'));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://games.example/launch?t=1'));
    expect(screen.queryByTestId('game-popup')).toBeNull();
  });

  it('a guest is asked to log in and nothing is opened', async () => {
    const { ui, onLoginRequired } = page({ loggedIn: false });
    const calls = serve({ open: () => opened({ iframe: true, gameurl: '/play', iframeId: 'x' }) });
    await renderPage(ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Kupon Fruits')).getByTitle('Kupon Fruits oyna'));
    expect(onLoginRequired).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('game-popup')).toBeNull();
    expect(calls.some((c) => c.url.pathname.endsWith('/casinos/open'))).toBe(false);
  });

  it('an expired session (401) asks to log in again instead of showing an error', async () => {
    const { ui, onLoginRequired } = page();
    serve({ open: () => ({ status: 401, body: { error: 'loginRequired' } }) });
    await renderPage(ui, { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(3));
    fireEvent.click(within(tile('Kupon Fruits')).getByTitle('Kupon Fruits oyna'));
    await waitFor(() => expect(onLoginRequired).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('game-popup')).toBeNull();
    expect(screen.queryByTestId('casino-error')).toBeNull();
  });
});

describe('sub-providers (spec §4 "lobby flag 0 loads sub-providers")', () => {
  const studioGame = (serviceId: number, title: string, company_name: string) => casinoGame({ serviceId, masterServiceId: 940, title, product: 'slot', listOrder: serviceId, company_name });
  const AGGREGATOR_GAMES = [studioGame(94001, 'Nova Cherries', 'Nova Reels'), studioGame(94002, 'Nova Sevens', 'Nova Reels'), studioGame(94011, 'Pixel Bells', 'Pixel Play')];
  const AGGREGATOR = casinoProvider({
    masterServiceId: 940,
    name: 'Kupon Aggregator',
    games: 3,
    products: ['slot'],
    lobby: 0,
    subProviders: [
      { name: 'Nova Reels', games: 2 },
      { name: 'Pixel Play', games: 1 },
    ],
  });
  const serveAll = () => serve({ providers: [...PROVIDERS, AGGREGATOR], games: [...GAMES, ...AGGREGATOR_GAMES] });

  /** The address the page keeps its pick in. */
  function Where() {
    return <p data-testid="where">{useLocation().search}</p>;
  }
  const where = () => screen.getByTestId('where').textContent;
  const withAddress = (ui: ReactElement) => (
    <>
      {ui}
      <Where />
    </>
  );
  const studios = () => within(screen.getByTestId('casino-sub-providers')).getAllByRole('button').map((b) => b.textContent);
  const studio = (name: string) => within(screen.getByTestId('casino-sub-providers')).getByRole('button', { name: new RegExp(`^${name}`) });
  const heading = () => screen.getByRole('heading', { level: 2 }).textContent;
  const lastGamesQuery = (calls: ReturnType<typeof serve>) => Object.fromEntries(calls.filter((c) => c.url.pathname === '/api/v1/casino/games').at(-1)!.url.searchParams);

  it('picking an aggregator shows its studios with their counts and every studio’s games; picking a studio lists only its games, named in the heading and kept in the address', async () => {
    const calls = serveAll();
    await renderPage(withAddress(page().ui), { path: '/tr/casino' });
    await waitFor(() => expect(titles()).toHaveLength(6));
    expect(screen.queryByTestId('casino-sub-providers')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Kupon Aggregator' }));
    await waitFor(() => expect(titles()).toEqual(['Nova Cherries', 'Nova Sevens', 'Pixel Bells']));
    expect(studios()).toEqual(['Tüm stüdyolar3', 'Nova Reels2', 'Pixel Play1']);
    expect(screen.getByRole('navigation', { name: 'Kupon Aggregator stüdyoları' })).toBeTruthy();
    expect(screen.getByTestId('casino-sub-all').getAttribute('aria-pressed')).toBe('true');
    expect(heading()).toBe('Kupon Aggregator');
    expect(where()).toBe('?provider=940');

    fireEvent.click(studio('Pixel Play'));
    await waitFor(() => expect(titles()).toEqual(['Pixel Bells']));
    expect(lastGamesQuery(calls)).toMatchObject({ masterServiceId: '940', company: 'Pixel Play', product: 'slot', order: 'listOrder' });
    expect(heading()).toBe('Pixel Play');
    expect(studio('Pixel Play').getAttribute('aria-pressed')).toBe('true');
    // The aggregator stays picked in the menu.
    expect(screen.getByRole('button', { name: 'Kupon Aggregator' }).getAttribute('aria-pressed')).toBe('true');
    expect(where()).toBe('?provider=940&sub=Pixel+Play');

    // Search narrows within the studio.
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: 'nova' } });
    await waitFor(() => expect(screen.getByTestId('empty-state').textContent).toBe('"nova" ile eşleşen oyun yok.'));
    fireEvent.change(screen.getByTestId('casino-search'), { target: { value: '' } });

    fireEvent.click(screen.getByTestId('casino-sub-all'));
    await waitFor(() => expect(titles()).toEqual(['Nova Cherries', 'Nova Sevens', 'Pixel Bells']));
    expect(where()).toBe('?provider=940');
    expect(heading()).toBe('Kupon Aggregator');
  });

  it('a reload keeps the studio: the address opens with it picked, its games listed and its name as the heading (English)', async () => {
    serveAll();
    await renderPage(withAddress(page().ui), { language: 'en', path: '/en/casino?provider=940&sub=Nova%20Reels' });
    await waitFor(() => expect(titles()).toEqual(['Nova Cherries', 'Nova Sevens']));
    expect(heading()).toBe('Nova Reels');
    expect(studios()).toEqual(['All studios3', 'Nova Reels2', 'Pixel Play1']);
    expect(screen.getByRole('navigation', { name: 'Studios of Kupon Aggregator' })).toBeTruthy();
    expect(studio('Nova Reels').getAttribute('aria-pressed')).toBe('true');

    // Another provider of the menu: its games, no studios, the studio gone from the address.
    fireEvent.click(screen.getByRole('button', { name: 'Kupon Demo' }));
    await waitFor(() => expect(titles()).toEqual(['Kupon Fruits', 'Kupon Dice']));
    expect(screen.queryByTestId('casino-sub-providers')).toBeNull();
    expect(where()).toBe('?provider=900');
  });

  it('a single-studio provider (lobby 1) shows no studios and is asked for its games as before; a studio in its address is ignored', async () => {
    const calls = serveAll();
    await renderPage(page().ui, { path: '/tr/casino?provider=901&sub=Nova%20Reels' });
    await waitFor(() => expect(titles()).toEqual(['Mega Wheel']));
    expect(heading()).toBe('Other Games');
    expect(screen.queryByTestId('casino-sub-providers')).toBeNull();
    expect(lastGamesQuery(calls)).toEqual({ masterServiceId: '901', limit: '1000', order: 'listOrder', product: 'slot', lang: 'tr' });
  });
});
