import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { useUiStore } from '@/stores/ui-store';
import { Header } from './header';
import { MainMenu } from './main-menu';
import { Popups } from './popups';

const site = (settings: Partial<SiteInfo['settings']>): SiteInfo => ({
  siteId: 'bahis',
  name: 'Bahis',
  hosts: [],
  version: 3,
  operatorId: 'bahis',
  settings: {
    ...DEFAULT_SITE_SETTINGS,
    defaultCurrency: 'EUR',
    defaultTheme: 'emerald',
    couponAmountGroup: '2,5',
    ...settings,
  },
});

const player = { userId: 'u1', userName: 'ayse', firstName: '', lastName: '', currency: 'EUR', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

/** The api as the header calls it: the brand's settings and a logged-in online player; the rest has no route. */
function serve(info: SiteInfo | null, me: object = player) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://bahis.example');
      const body = url.pathname === '/api/v1/sites/current' ? info : url.pathname === '/api/v1/me' ? me : url.pathname === '/api/v1/wallet' ? { accountId: 'u1', currency: 'EUR', balance: 5000, creditLimit: 0, held: 0, available: 5000 } : null;
      return body ? Response.json(body) : Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

/** The header once the brand's settings (its name in the logo) and the player's balance are in. */
async function renderHeader(info: SiteInfo) {
  serve(info);
  const opened = vi.spyOn(window, 'open').mockReturnValue(null);
  await renderPage(
    <>
      <Header />
      <Popups />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('logo').textContent).toBe('Bahis'));
  await waitFor(() => expect(screen.getByTestId('header-deposit')).toBeTruthy());
  return opened;
}

const CHAT = { liveChatDesktop: 'https://chat.example/bahis', liveChatMobile: 'https://chat.example/bahis/m' };

afterEach(() => {
  useUiStore.getState().closePopup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('deposit and withdraw (§2 header, account menu)', () => {
  it('on a brand whose money goes through live chat, the header buttons and the account menu open the chat page in a new window, no popup', async () => {
    const opened = await renderHeader(site({ ...CHAT, moneyByLiveChat: true }));
    fireEvent.click(screen.getByTestId('header-deposit'));
    fireEvent.click(screen.getByTestId('header-withdraw'));
    fireEvent.click(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('menu-deposit'));
    fireEvent.click(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('menu-withdraw'));
    expect(opened.mock.calls.map(([url, target]) => [url, target])).toEqual(Array(4).fill(['https://chat.example/bahis', '_blank']));
    expect(screen.queryByTestId('money-popup')).toBeNull();
  });

  it('on a phone-width screen the mobile chat page opens', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ matches: query === '(max-width: 700px)', media: query }) as MediaQueryList);
    const opened = await renderHeader(site({ ...CHAT, moneyByLiveChat: true }));
    fireEvent.click(screen.getByTestId('header-deposit'));
    expect(opened).toHaveBeenLastCalledWith('https://chat.example/bahis/m', '_blank', 'noopener');
  });

  it('without the switch the same buttons open the deposit and withdraw popups, even with a chat page set', async () => {
    const opened = await renderHeader(site({ ...CHAT, moneyByLiveChat: false }));
    fireEvent.click(screen.getByTestId('header-deposit'));
    expect(screen.getByTestId('money-popup').textContent).toContain('Para Yatır');
    useUiStore.getState().closePopup();
    fireEvent.click(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('menu-withdraw'));
    await waitFor(() => expect(screen.getByTestId('money-popup').textContent).toContain('Para Çek'));
    expect(opened).not.toHaveBeenCalled();
  });

  it('with the switch on but no chat page the popups stay', async () => {
    const opened = await renderHeader(site({ moneyByLiveChat: true }));
    fireEvent.click(screen.getByTestId('header-withdraw'));
    expect(screen.getByTestId('money-popup').textContent).toContain('Para Çek');
    expect(opened).not.toHaveBeenCalled();
  });
});

describe('TV link (§2 main menu)', () => {
  it('shows the TV icon linking to the served tv link, in a new window', async () => {
    serve(site({ tvLink: 'https://tv.example/bahis' }));
    await renderPage(<MainMenu />);
    await waitFor(() => expect(screen.getByTitle('Canlı TV').getAttribute('href')).toBe('https://tv.example/bahis'));
    expect(screen.getByTitle('Canlı TV').getAttribute('target')).toBe('_blank');
  });

  it('shows no TV icon when the brand has no tv link', async () => {
    serve(site({ tvLink: '' }));
    await renderPage(
      <>
        <Header />
        <MainMenu />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('logo').textContent).toBe('Bahis'));
    expect(screen.queryByTitle('Canlı TV')).toBeNull();
  });
});

describe('a terminal in the header', () => {
  it('gets its cash screen instead of the online deposit, withdraw and bonus buttons', async () => {
    serve(site({}), { ...player, userName: 'kasa1', role: 'terminal' });
    await renderPage(<Header />);
    await waitFor(() => expect(screen.getByTestId('header-terminal-cash').getAttribute('href')).toBe('/tr/terminal'));
    expect(screen.getByTestId('header-terminal-cash').textContent).toBe('Para yatır / çek');
    expect(screen.queryByTestId('header-deposit')).toBeNull();
    expect(screen.queryByTestId('header-withdraw')).toBeNull();
  });
});
