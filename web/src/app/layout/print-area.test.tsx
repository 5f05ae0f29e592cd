import type { CouponView, PrintedSlip } from '@kupon/api/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PRINT_CLEAR_MS, PRINT_START_MS, type PrintSlip, usePrintStore } from '@/stores/print-store';
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

/** The api's coupon template as it answers it (api/PRINTS.md). */
const template: PrintedSlip = {
  kind: 'duplicate',
  title: 'Kupon (KOPYA)',
  siteName: 'Kupon Bahis',
  duplicate: true,
  reference: 'c-42',
  checkCode: 'K7QP-M2XD-9H3F',
  lang: 'tr',
  timeZone: 'Europe/Istanbul',
  printedAt: '22.11.2026 21:10',
  lines: [
    { label: 'Kupon No', value: 'c-42' },
    { label: 'Yatırılan', value: '10,00 TRY' },
    { label: 'Kontrol Kodu', value: 'K7QP-M2XD-9H3F' },
  ],
  selections: [{ match: 'Galatasaray - Fenerbahçe (Banko)', bet: 'Maç Sonucu: 1', odds: '2.00', date: '22.11.2026 21:00', result: null }],
  footer: ['KOPYA: bu fiş daha önce basılmış bir fişin yeniden basımıdır.'],
};

/** The api answering the template; records what was asked. */
function serveTemplate(answer: { status: number; body: unknown } = { status: 200, body: { slip: template } }) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname.startsWith('/api/v1/prints/')) {
        asked.push(url);
        return Response.json(answer.body, { status: answer.status });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return asked;
}

describe('printing the api’s slip templates (spec §7 prints)', () => {
  it('fetches the template in the page language and the browser’s time zone, prints 1500 ms after it came and empties the area 3000 ms later', async () => {
    const asked = serveTemplate();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    await usePrintStore.getState().printTemplate({ kind: 'duplicate', ref: 'c-42', lang: 'tr' });
    expect(asked.map((url) => [url.pathname, url.searchParams.get('ref'), url.searchParams.get('lang'), url.searchParams.get('tz')])).toEqual([['/api/v1/prints/duplicate', 'c-42', 'tr', Intl.DateTimeFormat().resolvedOptions().timeZone]]);
    expect(usePrintStore.getState().slip).toMatchObject({ kind: 'duplicate', template: { reference: 'c-42' } });
    vi.advanceTimersByTime(PRINT_START_MS - 1);
    expect(printed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(printed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PRINT_CLEAR_MS);
    expect(usePrintStore.getState().slip).toBeNull();
  });

  it('lays the template out as the api worded it: site, title, rows, picks, the duplicate notice', async () => {
    serveTemplate();
    vi.stubGlobal('print', vi.fn());
    await renderPage(<PrintArea title="Kupon" />);
    await act(() => usePrintStore.getState().printTemplate({ kind: 'duplicate', ref: 'c-42', lang: 'tr' }));
    const area = screen.getByTestId('print-area');
    expect(area.dataset.kind).toBe('duplicate');
    expect(area.textContent).toContain('Kupon Bahis');
    expect(area.textContent).toContain('Kupon (KOPYA)');
    expect(area.textContent).toContain('Yatırılan: 10,00 TRY');
    expect(area.textContent).toContain('Galatasaray - Fenerbahçe (Banko)');
    expect(area.textContent).toContain('KOPYA: bu fiş');
  });

  it('tells a terminal what the printer did: printed, or not when the print failed', async () => {
    serveTemplate();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reports: string[] = [];
    vi.stubGlobal('print', vi.fn());
    await usePrintStore.getState().printTemplate({ kind: 'coupon', ref: 'c-42', lang: 'tr', onPrinted: (printer) => reports.push(printer) });
    vi.advanceTimersByTime(PRINT_START_MS);
    vi.stubGlobal('print', () => {
      throw new Error('no printer');
    });
    await usePrintStore.getState().printTemplate({ kind: 'coupon', ref: 'c-42', lang: 'tr', onPrinted: (printer) => reports.push(printer) });
    vi.advanceTimersByTime(PRINT_START_MS);
    expect(reports).toEqual(['ok', 'offline']);
  });

  it('prints the page’s own slip when the api gives no template, and nothing when there is none to fall back on', async () => {
    serveTemplate({ status: 409, body: { error: 'couponNotWon' } });
    vi.stubGlobal('print', vi.fn());
    const fallback: PrintSlip = { kind: 'win', coupon, amount: 1234, matches: {}, bets: {} };
    await usePrintStore.getState().printTemplate({ kind: 'win', ref: 'c-42', lang: 'en', fallback });
    expect(usePrintStore.getState().slip).toBe(fallback);
    usePrintStore.setState({ slip: null });
    await usePrintStore.getState().printTemplate({ kind: 'win', ref: 'c-42', lang: 'en' });
    expect(usePrintStore.getState().slip).toBeNull();
  });
});

describe('printing a coupon the page built through the hidden print area (spec §2, §7)', () => {
  it('the print starts 1500 ms after the slip is set and the area is emptied 3000 ms after that', () => {
    vi.useFakeTimers();
    const printed = vi.fn();
    vi.stubGlobal('print', printed);
    usePrintStore.getState().print({ kind: 'coupon', coupon, matches: {}, bets: {} });
    expect((usePrintStore.getState().slip as PrintSlip | null)?.coupon.ticketId).toBe('c-42');
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
