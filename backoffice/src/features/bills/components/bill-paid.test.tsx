import type { Bill } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { BillPaidCell } from './bill-paid';

const SHOP = '00000000-0000-4000-8000-000000000001';
const ZERO = { stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, deposits: 0, withdrawals: 0, creditIn: 0, creditOut: 0, bonuses: 0, adjustments: 0 };
const bill: Bill = {
  number: 3,
  from: null,
  to: '2026-11-25T12:00:00.000Z',
  openingBalance: 0,
  closingBalance: 0,
  totals: ZERO,
  net: 0,
  cutBy: { userId: 'd1', userName: 'kdealer1', role: 'dealer' },
  walletFromRevision: 0,
  walletToRevision: 0,
  paid: null,
  mayMarkPaid: true,
};

function serve(answer: { status: number; body: unknown }) {
  const asked: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      asked.push({ method: init?.method ?? 'GET', path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

describe('a bill marked paid', () => {
  it('shows who marked it paid, when and the reference', async () => {
    await renderWithProviders(<BillPaidCell accountId={SHOP} bill={{ ...bill, paid: { by: { userId: 'd1', userName: 'kdealer1', role: 'dealer' }, at: '2026-11-25T13:00:00.000Z', reference: 'dekont 42' }, mayMarkPaid: false }} />, { language: 'en' });
    const cell = screen.getByTestId('bill-3-paid');
    expect(cell.textContent).toContain('kdealer1');
    expect(cell.textContent).toContain('dekont 42');
    expect(screen.queryByTestId('bill-3-mark-paid')).toBeNull();
  });

  it('is marked paid with a reference after a confirmation', async () => {
    const asked = serve({ status: 200, body: { ...bill, paid: { by: { userId: 'd1', userName: 'kdealer1', role: 'dealer' }, at: '2026-11-25T13:00:00.000Z', reference: 'dekont 42' }, mayMarkPaid: false } });
    await renderWithProviders(<BillPaidCell accountId={SHOP} bill={bill} />, { language: 'tr' });
    expect(screen.getByText('Ödenmedi')).toBeTruthy();
    fireEvent.click(screen.getByTestId('bill-3-mark-paid'));
    const dialog = screen.getByTestId('bill-mark-paid-dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' dekont 42 ' } });
    fireEvent.click(within(dialog).getByTestId('bill-mark-paid-confirm'));
    await waitFor(() => expect(asked).toEqual([{ method: 'POST', path: `/api/v1/bills/${SHOP}/3/paid`, body: { reference: 'dekont 42' } }]));
  });

  it('says so when someone else marked it first', async () => {
    serve({ status: 409, body: { error: 'billAlreadyPaid|3' } });
    await renderWithProviders(<BillPaidCell accountId={SHOP} bill={bill} />, { language: 'en' });
    fireEvent.click(screen.getByTestId('bill-3-mark-paid'));
    fireEvent.click(screen.getByTestId('bill-mark-paid-confirm'));
    expect(await screen.findByText('Someone already marked bill 3 paid. The list shows who and when.')).toBeTruthy();
  });
});
