import { DEFAULT_SITE_SETTINGS, type SlipSelection } from '@kupon/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { slipRulesFor } from '@/stores/betslip-rules';
import { useBetslipStore } from '@/stores/betslip-store';
import { type PrintSlip, usePrintStore } from '@/stores/print-store';
import { couponLine, couponView } from '@/testing/coupons';
import { renderPage } from '@/testing/render';
import { BetslipAside } from './betslip-aside';
import { PrintArea } from './print-area';

beforeAll(async () => {
  await import('@/features/coupons/components/print-slip');
});

const coupon = couponView({ ticketId: 'c-77', lines: [couponLine({ selectionId: 'm1:1x2::1', marketId: '1x2', home: 'Galatasaray', away: 'Fenerbahçe' })] });

/** The site (auto_print as given), a user of `role` (with the profile's autoprint when given) and the placement. */
function serve(autoPrint: boolean, role: string, autoprint?: boolean, templates = false) {
  const placed: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      if (path === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, autoPrint } });
      if (path === '/api/v1/me')
        return Response.json({ userId: 'u1', userName: 'kiosk1', firstName: '', lastName: '', role, currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 0, limits: {}, ...(autoprint !== undefined ? { autoprint } : {}) });
      if (path === '/api/v1/wallet') return Response.json({ accountId: 'u1', currency: 'TRY', balance: 100_000, creditLimit: 0, held: 0, available: 100_000 });
      if (path === '/api/v1/prints/coupon') {
        if (!templates) return Response.json({ error: 'notFound' }, { status: 404 });
        const ref = new URL(input, 'http://kupon.example').searchParams.get('ref');
        return Response.json({ slip: { kind: 'coupon', title: 'Kupon', siteName: 'Kupon Bahis', duplicate: false, reference: ref, checkCode: null, lang: 'tr', timeZone: 'UTC', printedAt: '25.11.2026 18:05', lines: [{ label: 'Kupon No', value: ref }], selections: [], footer: [] } });
      }
      if (path.endsWith('/print-status') && init?.method === 'POST') {
        reports.push({ path, body: JSON.parse(String(init.body)) });
        return Response.json({ status: true, printed: true, cancellable: false });
      }
      if (path === '/api/v1/coupons' && init?.method === 'POST') {
        placed.push(JSON.parse(String(init.body)));
        return Response.json({ status: true, message: 'ticketCreateSuccess', coupon, balance: 99_000 });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return placed;
}

/** What the page reported of its printer (`printerstatus`). */
let reports: { path: string; body: unknown }[] = [];

const pick: SlipSelection = { id: 'm1:1x2::1', matchId: 'm1', marketId: '1x2', special: '', outcomeId: '1', odds: 1850, banker: false, isLive: false, limits: null };

beforeEach(() => {
  useBetslipStore.setState({ slip: { selections: [], systemSizes: [], stake: 1000, oddChangeOk: false }, details: {}, rules: slipRulesFor(null), wantedStake: 1000, notice: null });
  useBetslipStore.getState().toggle(pick, { sportId: 1, home: 'Galatasaray', away: 'Fenerbahçe', matchDate: '2026-11-30T18:00:00Z', marketName: 'Maç Sonucu', outcomeName: '1' });
  vi.stubGlobal('print', vi.fn());
});

afterEach(() => {
  reports = [];
  vi.unstubAllGlobals();
  usePrintStore.setState({ slip: null });
  localStorage.clear();
});

/** Places the slip once the user is known; resolves when the server has taken it and the slip is empty. */
async function place(placed: unknown[]) {
  const { client } = await renderPage(
    <>
      <BetslipAside />
      <PrintArea title="Kupon" />
    </>,
  );
  const button = await screen.findByTestId('place-coupon');
  // The user (and with it the channel) and the site's settings are known before the click.
  await waitFor(() => expect(client.getQueryData(['user'])).toBeTruthy());
  await waitFor(() => expect(client.getQueryData(['site-settings', location.hostname])).toMatchObject({ version: 2 }));
  fireEvent.click(button);
  await waitFor(() => expect(placed).toHaveLength(1));
  await waitFor(() => expect(useBetslipStore.getState().slip.selections).toHaveLength(0));
}

describe('auto print of placed coupons (§3 auto_print, §7 autoprint)', () => {
  it('a terminal on a site with auto print: the placed coupon’s slip goes to the print area at once', async () => {
    const placed = serve(true, 'terminal');
    await place(placed);
    await waitFor(() => expect(screen.getByTestId('print-area').getAttribute('data-kind')).toBe('coupon'));
    await waitFor(() => expect(screen.getByTestId('print-area').textContent).toContain('#c-77'));
    expect(screen.getByTestId('print-area').textContent).toContain('Galatasaray - Fenerbahçe');
  });

  it('an online player on the same site prints by hand: nothing is printed', async () => {
    const placed = serve(true, 'player');
    await place(placed);
    expect(usePrintStore.getState().slip).toBeNull();
  });

  it('a terminal on a site without auto print prints by hand', async () => {
    const placed = serve(false, 'terminal');
    await place(placed);
    expect(usePrintStore.getState().slip).toBeNull();
  });

  it('the user’s own autoprint choice, when the user info carries it, decides over the site’s', async () => {
    const off = serve(true, 'terminal', false);
    await place(off);
    expect(usePrintStore.getState().slip).toBeNull();
  });

  it('and a user who chose autoprint gets it on a site without', async () => {
    const on = serve(false, 'player', true);
    await place(on);
    await waitFor(() => expect((usePrintStore.getState().slip as PrintSlip | null)?.coupon.ticketId).toBe('c-77'));
  });

  it('a terminal prints the api’s template of its ticket and then says it printed (printerstatus)', async () => {
    const placed = serve(true, 'terminal', undefined, true);
    await place(placed);
    await waitFor(() => expect(screen.getByTestId('print-area').textContent).toContain('Kupon Bahis'));
    expect(screen.getByTestId('print-area').textContent).toContain('Kupon No: c-77');
    await waitFor(() => expect(reports).toEqual([{ path: '/api/v1/terminal/coupons/c-77/print-status', body: { printer: 'ok' } }]), { timeout: 4_000 });
  });
});
