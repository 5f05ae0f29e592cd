import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { CasinoItem, SiteInfo } from '@kupon/api/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { casinoGame } from '@/testing/casino';
import { renderPage } from '@/testing/render';
import { Footer } from './footer';

const site = (settings: Partial<SiteInfo['settings']>): SiteInfo => ({
  siteId: 'bahis',
  name: 'Bahis',
  hosts: [],
  version: 4,
  operatorId: 'bahis',
  settings: { ...DEFAULT_SITE_SETTINGS, ...settings },
});

const GAMES: CasinoItem[] = [
  casinoGame({ serviceId: 7, masterServiceId: 1, title: 'Sweet Bonanza', product: 'slot' }),
  casinoGame({ serviceId: 12, masterServiceId: 1, title: 'Gates of Olympus', product: 'slot' }),
  casinoGame({ serviceId: 13, masterServiceId: 1, title: 'Big Bass', product: 'slot' }),
  casinoGame({ serviceId: 30, masterServiceId: 2, title: 'Lightning Roulette', product: 'livecasino' }),
];

/** The site's published pages: the AML text is page 15, and one page of its own. */
const PAGES = [
  { id: '15', title: 'AML Politikası' },
  { id: 'kampanya-kurallari', title: 'Kampanya Kuralları' },
];

/** The api as the footer calls it: the brand's settings, the casino catalogue by product, an optional player; the rest has no route. */
function serve(info: SiteInfo, me: object | null = null) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://bahis.example');
      calls.push(url);
      if (url.pathname === '/api/v1/sites/current') return Response.json(info);
      if (url.pathname === '/api/v1/me' && me) return Response.json(me);
      if (url.pathname === '/api/v1/content/pages') return Response.json({ pages: PAGES });
      if (url.pathname === '/api/v1/casino/games') {
        const games = GAMES.filter((g) => g.product === url.searchParams.get('product'));
        return Response.json({ status: true, games, total: games.length });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return calls;
}

const player = (products: Record<string, number>) => ({ userId: 'u1', userName: 'ayse', firstName: '', lastName: '', currency: 'TRY', lang: 'tr', status: 'active', products, onlineUser: 1, limits: {} });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('footer on the branded host (§2 AML and KYC)', () => {
  it('the brand whose money goes through its live chat links AML (page 15) and KYC (page 8)', async () => {
    serve(site({ moneyByLiveChat: true, liveChatDesktop: 'https://chat.example/bahis' }));
    await renderPage(<Footer />);
    const aml = await screen.findByTestId('footer-aml');
    expect(aml.textContent).toBe('Kara Para Aklamayı Önleme (AML)');
    expect(aml.getAttribute('href')).toBe('/tr/page/15');
    expect(screen.getByTestId('footer-kyc').textContent).toBe('Müşterini Tanı (KYC)');
    expect(screen.getByTestId('footer-kyc').getAttribute('href')).toBe('/tr/page/8');
  });

  it('reads in English', async () => {
    serve(site({ moneyByLiveChat: true }));
    await renderPage(<Footer />, { language: 'en' });
    expect((await screen.findByTestId('footer-aml')).textContent).toBe('Anti-money laundering (AML)');
    expect(screen.getByTestId('footer-kyc').getAttribute('href')).toBe('/en/page/8');
  });

  it('any other brand shows neither, nor page 15 among its other pages', async () => {
    serve(site({ topSlotIds: '12' }));
    await renderPage(<Footer />);
    // The settings are in (the listed game shows) and so are the pages (the site's own page shows).
    await screen.findByTestId('footer-game');
    await waitFor(() => expect(screen.getAllByTestId('footer-page').map((a) => a.textContent)).toEqual(['Kampanya Kuralları']));
    expect(screen.queryByTestId('footer-aml')).toBeNull();
    expect(screen.queryByTestId('footer-kyc')).toBeNull();
  });
});

describe('footer game logos (§2 "game logos from casino lists")', () => {
  it("shows the logos of the games in the site's top live casino and top slot lists, in the operator's order, each leading to its product page", async () => {
    serve(site({ topCasinoIds: '30', topSlotIds: '12, 7, 999' }));
    await renderPage(<Footer />);
    await waitFor(() => expect(screen.getAllByTestId('footer-game')).toHaveLength(3));
    expect(screen.getAllByTestId('footer-game').map((a) => [a.querySelector('img')!.getAttribute('alt'), a.querySelector('img')!.getAttribute('src'), a.getAttribute('href')])).toEqual([
      ['Lightning Roulette', '/logo/30.svg', '/tr/livecasino'],
      ['Gates of Olympus', '/logo/12.svg', '/tr/casino'],
      ['Sweet Bonanza', '/logo/7.svg', '/tr/casino'],
    ]);
    expect(screen.getByTestId('footer-games').getAttribute('aria-label')).toBe('Öne çıkan oyunlar');
  });

  it('a player without live casino sees only the slot logos', async () => {
    serve(site({ topCasinoIds: '30', topSlotIds: '13' }), player({ slotUser: 1, casinoUser: 0 }));
    await renderPage(<Footer />);
    await waitFor(() => expect(screen.getAllByTestId('footer-game').map((a) => a.querySelector('img')!.getAttribute('alt'))).toEqual(['Big Bass']));
  });

  it('a site with no top lists shows no game logos and does not ask for the catalogue', async () => {
    const calls = serve(site({ footerText: 'Bahis 2026' }));
    await renderPage(<Footer />);
    await screen.findByText('Bahis 2026');
    await screen.findAllByTestId('footer-page');
    expect(screen.queryByTestId('footer-games')).toBeNull();
    expect(calls.filter((url) => url.pathname.startsWith('/api/v1/casino'))).toHaveLength(0);
  });
});

describe('footer support links', () => {
  it('every brand links its contact form under support, in the page language', async () => {
    serve(site({}));
    await renderPage(<Footer />, { language: 'en' });
    const support = screen.getByRole('navigation', { name: 'Support' });
    const contact = within(support).getByRole('link', { name: 'Contact us' });
    expect(contact.getAttribute('href')).toBe('/en/contact');
  });
});
