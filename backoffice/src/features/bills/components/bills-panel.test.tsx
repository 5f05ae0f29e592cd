import type { Bill, BillList, OpenPeriod } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BillsPanel } from './bills-panel';

const SHOP = '00000000-0000-4000-8000-000000000001';
const ZERO = { stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, deposits: 0, withdrawals: 0, creditIn: 0, creditOut: 0, bonuses: 0, adjustments: 0 };

const renderPanel = (language: 'tr' | 'en') => renderWithProviders(<BillsPanel accountId={SHOP} userName="kterminal1" />, { language });

/**
 * The bill routes as the api answers them: the open period's running totals; a cut-off fixes them as
 * the next bill and opens an empty period; `racedBy` makes the cut-off lose to someone else's.
 */
function serveBills({ mayCutOff = true, racedBy = false } = {}) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  const bills: Bill[] = [];
  let open: OpenPeriod = {
    account: { accountId: SHOP, userName: 'kterminal1', role: 'terminal', currency: 'TRY' },
    number: 1,
    from: null,
    asOf: '2026-11-25T12:00:00.000Z',
    openingBalance: 0,
    balance: 40_000 - 3_000 + 1_850,
    totals: { ...ZERO, stakes: 3_000, payouts: 1_850, coupons: 2 },
    net: 1_150,
    walletFromRevision: 0,
    walletToRevision: 4,
    mayCutOff,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      asked.push({ method, path: url.pathname, body });
      const json = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      if (method === 'GET' && url.pathname === `/api/v1/bills/${SHOP}/open`) return json(open);
      if (method === 'GET' && url.pathname === `/api/v1/bills/${SHOP}`) {
        const list: BillList = { account: open.account, total: bills.length, bills: [...bills].reverse() };
        return json(list);
      }
      if (method === 'POST' && url.pathname === `/api/v1/bills/${SHOP}/cut-off`) {
        if (racedBy) return json({ error: `billAlreadyCut|${open.number}` }, 409);
        const bill: Bill = {
          number: open.number,
          from: open.from,
          to: '2026-11-25T12:00:01.000Z',
          openingBalance: open.openingBalance,
          closingBalance: open.balance,
          totals: open.totals,
          net: open.net,
          cutBy: { userId: 'd1', userName: 'kdealer1', role: 'dealer' },
          walletFromRevision: 0,
          walletToRevision: 4,
          paid: null,
          mayMarkPaid: true,
        };
        bills.push(bill);
        open = { ...open, number: open.number + 1, from: bill.to, openingBalance: bill.closingBalance, totals: ZERO, net: 0, walletFromRevision: 5, walletToRevision: 4 };
        return json(bill);
      }
      return json({ error: 'notFound' }, 404);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('bills tab', () => {
  it('shows the running totals and what the shop owes, cuts off after a confirmation and lists the fixed bill', async () => {
    const asked = serveBills();
    await renderPanel('tr');
    const totals = await screen.findByTestId('bills-open-totals');
    expect(within(totals).getByTestId('bills-open-totals-stakes').textContent).toBe('30 ₺');
    expect(within(totals).getByTestId('bills-open-totals-payouts').textContent).toBe('18,50 ₺');
    expect(within(totals).getByTestId('bills-open-totals-coupons').textContent).toBe('2');
    expect(within(totals).getByTestId('bills-open-totals-net').textContent).toBe('bayisine 11,50 ₺ borçlu');
    expect(screen.getByText('Henüz hesap kesimi yapılmadı.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('bills-cut-off'));
    const dialog = screen.getByTestId('bills-cut-off-dialog');
    expect(dialog.textContent).toContain('kterminal1');
    // Nothing is cut until it is confirmed.
    expect(asked.some((a) => a.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('bills-cut-off-confirm'));

    const row = await screen.findByTestId('bill-1');
    expect(row.textContent).toContain('30 ₺');
    expect(row.textContent).toContain('bayisine 11,50 ₺ borçlu');
    expect(row.textContent).toContain('kdealer1');
    expect(asked.find((a) => a.method === 'POST')?.body).toEqual({ expectedNumber: 1 });
    await waitFor(() => expect(screen.getByTestId('bills-open').textContent).toContain('2. hesap'));
    expect(screen.getByTestId('bills-open-totals-net').textContent).toBe('denk');
    expect(screen.queryByTestId('bills-cut-off-dialog')).toBeNull();
  });

  it('says in the page language when another cut-off won the race, and offers no button to those who may only read', async () => {
    serveBills({ racedBy: true });
    const { unmount } = await renderPanel('en');
    fireEvent.click(await screen.findByTestId('bills-cut-off'));
    fireEvent.click(within(screen.getByTestId('bills-cut-off-dialog')).getByTestId('bills-cut-off-confirm'));
    const alert = await within(screen.getByTestId('bills-cut-off-dialog')).findByRole('alert');
    expect(alert.textContent).toBe('Someone else cut this period off first (last bill 1). The page shows the new open period.');
    unmount();

    serveBills({ mayCutOff: false });
    await renderPanel('en');
    expect((await screen.findByTestId('bills-open-totals-net')).textContent).toBe('owes its dealer 11,50 ₺');
    expect(screen.queryByTestId('bills-cut-off')).toBeNull();
  });
});
