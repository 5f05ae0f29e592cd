import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { TransactionView } from '@kupon/api/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { MoneyPanel } from './money-panel';
import { TransactionsList } from './transactions-list';

beforeAll(async () => {
  await import('./payment-screen');
});

const player = { userId: 'u1', userName: 'ayse', firstName: 'Ayşe', lastName: 'Yılmaz', currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

const row = (over: Partial<TransactionView>): TransactionView => ({
  eventId: crypto.randomUUID(),
  accountId: 'u1',
  type: 'CasinoBetPlaced',
  amount: -255,
  balance: 10_045,
  couponId: null,
  transferId: null,
  counterpartyId: null,
  note: null,
  creditLimit: null,
  actorId: null,
  at: '2026-11-20T09:05:00.000Z',
  ...over,
});

/** The site's settings, the player, one statement row and one deposit method. */
function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      const body =
        url.pathname === '/api/v1/sites/current'
          ? { siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } }
          : url.pathname === '/api/v1/me'
            ? player
            : url.pathname === '/api/v1/wallet'
              ? { accountId: 'u1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 }
              : url.pathname === '/api/v1/wallet/transactions'
                ? { transactions: [row({})] }
                : url.pathname === '/api/v1/payments/methods'
                  ? { methods: [{ catName: 'Kart', typeLogo: 'card', minAmount: 1_050, maxAmount: 2_000_000, payCatId: 1, openLink: 1, info: 'https://pay.example', paytypes: [] }] }
                  : null;
      return body ? Response.json(body) : Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('money screens with the site’s display (§3 tofixedNumber, currencyMode)', () => {
  it('statement amounts take the site’s decimals', async () => {
    serve({ toFixedNumber: 1 });
    await renderPage(<TransactionsList currency="TRY" />);
    await waitFor(() => {
      const cells = [...within(screen.getByTestId('transaction-list')).getByTestId('transaction-row').querySelectorAll('td')].slice(2, 4).map((td) => td.textContent);
      expect(cells).toEqual(['-2,6 ₺', '100,5 ₺']);
    });
  });

  it('a method’s Min and Max follow the site’s decimals, and currencyMode 1 hides the sign there too', async () => {
    serve({ toFixedNumber: 3, currencyMode: 1 });
    await renderPage(<MoneyPanel type={1} />);
    await waitFor(() => expect(screen.getByTestId('method-min').textContent).toBe('Min.: 10,500'));
    expect(screen.getByTestId('method-max').textContent).toBe('Maks.: 20.000');
  });
});
