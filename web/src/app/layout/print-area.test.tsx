import type { CouponView } from '@kupon/api/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_CLEAR_MS, PRINT_START_MS, usePrintStore } from '@/stores/print-store';
import { renderPage } from '@/testing/render';
import { PrintArea } from './print-area';

// The slip is lazy (it loads with the first print): load it before the tests, so a first transform of
// the module on a busy machine does not outlast their waits.
beforeAll(async () => {
  await import('@/features/coupons/components/print-slip');
});

/** How the server words a line of a match the catalog never listed. */
const words = (outComeName: string) => ({ sportId: null, matchDate: null, home: null, away: null, typeName: 'Maç Sonucu (Normal Süre)', outComeName });

const coupon: CouponView = {
  ticketId: 'c-42',
  ticketType: 'SK',
  ticketDate: '2026-11-22T18:05:00Z',
  isLive: false,
  totalStake: 1000,
  maxPay: 7000,
  bonusPercent: 0,
  totalTickets: 2,
  systemArray: [2],
  status: 0,
  income: 0,
  paid: false,
  payDate: null,
  lines: [
    { selectionId: 's1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 2000, isBank: true, isLive: false, status: null, ...words('Ev Sahibi') },
    { selectionId: 's2', matchId: 'm2', marketId: 'FT_1X2', special: '', outcomeId: '2', odds: 3000, isBank: false, isLive: false, status: null, ...words('Deplasman') },
  ],
};

// No api: the site's settings are the product defaults (no settings route).
beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'notFound' }, { status: 404 }))));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  usePrintStore.setState({ slip: null });
});

describe('printing a coupon through the hidden print area (spec §2, §7)', () => {
  it('the print starts 1500 ms after the slip is set and the area is emptied 3000 ms after that', () => {
    vi.useFakeTimers();
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    usePrintStore.getState().print({ kind: 'coupon', coupon, matches: {}, bets: {} });
    expect(usePrintStore.getState().slip?.coupon.ticketId).toBe('c-42');
    vi.advanceTimersByTime(PRINT_START_MS - 1);
    expect(printed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(printed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PRINT_CLEAR_MS - 1);
    expect(usePrintStore.getState().slip).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(usePrintStore.getState().slip).toBeNull();
  });

  it('the area is in the page, empty, until a slip is printed; then it holds the coupon with teams, bets and bankers', async () => {
    vi.stubGlobal('print', vi.fn());
    await renderPage(<PrintArea title="Kupon" />);
    const area = screen.getByTestId('print-area');
    expect(area.textContent).toBe('');
    act(() => usePrintStore.getState().print({ kind: 'coupon', coupon, matches: { m1: 'Galatasaray - Fenerbahçe' }, bets: { s1: 'Maç Sonucu: 1' } }));
    await waitFor(() => expect(area.textContent).toContain('#c-42'));
    expect(area.textContent).toContain('Sistem 2');
    expect(area.textContent).toContain('Galatasaray - Fenerbahçe (Banko)');
    expect(area.textContent).toContain('Maç Sonucu: 1');
    // A line the page could not name shows its ids.
    expect(area.textContent).toContain('m2');
    expect(area.textContent).toContain('Maks. kazanç: 70');
  });

  it('a sale prints the win slip with the amount paid, in the page language', async () => {
    vi.stubGlobal('print', vi.fn());
    await renderPage(<PrintArea title="Kupon" />, { language: 'en' });
    act(() => usePrintStore.getState().print({ kind: 'win', coupon: { ...coupon, ticketType: 'TK', systemArray: [], status: 2 }, amount: 1234, matches: {}, bets: {} }));
    const area = screen.getByTestId('print-area');
    expect(area.dataset.kind).toBe('win');
    await waitFor(() => expect(area.textContent).toContain('Payout slip'));
    expect(area.textContent).toContain('Paid: 12,34');
  });
});
