import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { useUiStore } from '@/stores/ui-store';
import { Header } from './header';
import { Popups } from './popups';

const site = (settings: Partial<SiteInfo['settings']>): SiteInfo => ({
  siteId: 'bahis',
  name: 'Bahis',
  hosts: [],
  version: 3,
  operatorId: 'bahis',
  settings: { ...DEFAULT_SITE_SETTINGS, defaultCurrency: 'EUR', ...settings },
});

const player = { userId: 'u1', userName: 'ayse', firstName: '', lastName: '', currency: 'EUR', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

function serve(info: SiteInfo, balance: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://bahis.example');
      const body =
        url.pathname === '/api/v1/sites/current'
          ? info
          : url.pathname === '/api/v1/me'
            ? player
            : url.pathname === '/api/v1/wallet'
              ? { accountId: 'u1', currency: 'EUR', balance, creditLimit: 0, held: 0, available: balance }
              : null;
      return body ? Response.json(body) : Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

async function renderHeader(info: SiteInfo, balance = 5000) {
  serve(info, balance);
  await renderPage(
    <>
      <Header />
      <Popups />
      <Where />
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('logo').textContent).toBe('Bahis'));
  await waitFor(() => expect(screen.getByTestId('header-deposit')).toBeTruthy());
}

afterEach(() => {
  useUiStore.getState().closePopup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('header balance (§3 tofixedNumber, currencyMode)', () => {
  it('shows the balance with the site’s decimals and sign', async () => {
    await renderHeader(site({ toFixedNumber: 0 }), 1_234_567);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('12.346 €'));
  });

  it('three decimals, currencyMode 1 hides the sign', async () => {
    await renderHeader(site({ toFixedNumber: 3, currencyMode: 1 }), 1_234_567);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toBe('12.345,670'));
  });
});

describe('deposit and withdraw (§3 payway)', () => {
  it('payway page: the header’s and the account menu’s buttons go to the deposit and withdraw pages, no popup', async () => {
    await renderHeader(site({ payway: 'page' }));
    fireEvent.click(screen.getByTestId('header-deposit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tr/deposit'));
    fireEvent.click(screen.getByTestId('header-withdraw'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tr/withdraw'));
    fireEvent.click(screen.getByTestId('account-menu'));
    fireEvent.click(screen.getByTestId('menu-deposit'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tr/deposit'));
    expect(screen.queryByTestId('money-popup')).toBeNull();
  });

  it('payway popup (the default): the money popup opens and the page stays', async () => {
    await renderHeader(site({ payway: 'popup' }));
    fireEvent.click(screen.getByTestId('header-deposit'));
    expect(screen.getByTestId('money-popup').textContent).toContain('Para Yatır');
    expect(screen.getByTestId('where').textContent).toBe('/tr');
  });
});
