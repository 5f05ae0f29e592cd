import type { CreditHistory, LedgerEntry, LiabilityReport, PlayerReport, TransferReport } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ReportsPage from '@/app/routes/reports';
import { renderWithProviders } from '@/testing/render';

const ADMIN = { userId: '00000000-0000-4000-8000-000000000001', userName: 'kadmin', role: 'admin', siteId: 'kupon', permissions: ['reportsView'] };
const TOP = { userId: '00000000-0000-4000-8000-0000000000d1', userName: 'ktop', role: 'topDealer', siteId: 'kupon', permissions: ['reportsView'] };
const SUB = '00000000-0000-4000-8000-0000000000d2';
const PLAYER = '00000000-0000-4000-8000-0000000000a1';

const renderReports = (language: 'tr' | 'en', me: typeof ADMIN = ADMIN) => renderWithProviders(<ReportsPage />, { language, me, path: '/reports' });

const money = (stakes: number, payouts: number) => ({ stakes, payouts, refunds: 0, cashouts: 0, ggr: stakes - payouts, marginBp: stakes ? Math.trunc(((stakes - payouts) * 10_000) / stakes) : null, coupons: 3 });

const entry = (fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'eventId' | 'type' | 'amount'>): LedgerEntry => ({
  at: '2026-11-24T10:00:00.000Z',
  position: '10:10',
  accountId: PLAYER,
  userName: 'oyuncu1',
  balanceBefore: 10_000,
  balanceAfter: 10_000 + fields.amount,
  counterpartyId: null,
  counterpartyName: null,
  transferId: null,
  byUserId: ADMIN.userId,
  byUserName: 'kadmin',
  note: null,
  ...fields,
});

/**
 * The report routes as the api answers them, scoped by who asks: a dealer asking for a dealer
 * outside its subtree is refused. Every request is kept so a test can see what was asked.
 */
function serveReports(me: typeof ADMIN = ADMIN) {
  const asked: URL[] = [];
  const paged = (url: URL, total: number) => ({ total, limit: Number(url.searchParams.get('limit') ?? 50), offset: Number(url.searchParams.get('offset') ?? 0), asOf: url.searchParams.get('asOf') ? { at: url.searchParams.get('asOf'), position: null } : null });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://backoffice.example');
      asked.push(url);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const path = url.pathname.replace('/api/v1/', '');
      if (path === 'reports/players') {
        const rows: PlayerReport['rows'] = [
          { userId: PLAYER, userName: 'oyuncu1', role: 'player', parentId: SUB, ...money(123_450, 100_000), deposits: 50_000, withdrawals: 20_000, bonuses: 1_000, adjustments: -500, credit: 0 },
          { userId: '00000000-0000-4000-8000-0000000000a2', userName: 'kasa1', role: 'terminal', parentId: SUB, ...money(0, 0), deposits: 0, withdrawals: 0, bonuses: 0, adjustments: 0, credit: 30_000 },
        ];
        const body: PlayerReport = { rows, totals: money(1_000_000, 600_000), ...paged(url, 120) };
        return json(body);
      }
      if (path === 'staff/dealer-tree') {
        const nodes = [
          { userId: TOP.userId, userName: 'ktop', role: 'topDealer', parentId: null, depth: 1, status: 'active' },
          { userId: SUB, userName: 'kbayi', role: 'dealer', parentId: TOP.userId, depth: 2, status: 'active' },
          { userId: PLAYER, userName: 'oyuncu1', role: 'player', parentId: SUB, depth: 3, status: 'active' },
        ].filter((node) => me.role === 'admin' || node.userId !== me.userId);
        return json({ nodes });
      }
      if (path === 'reports/transfers') {
        const entries = [entry({ eventId: 'e1', type: 'DepositCredited', amount: 50_000 }), entry({ eventId: 'e2', type: 'WithdrawalHeld', amount: -20_000, note: null })];
        const body: TransferReport = { entries: entries.filter((e) => url.searchParams.get('direction') !== 'withdrawal' || e.type.startsWith('Withdrawal')), totals: { deposits: 50_000, withdrawalsHeld: 20_000, withdrawalsPaid: 0, withdrawalsReleased: 0 }, ...paged(url, 2) };
        return json(body);
      }
      if (path === 'reports/adjustments') {
        return json({ entries: [entry({ eventId: 'e3', type: 'BalanceAdjusted', amount: -500, note: 'double deposit' })], ...paged(url, 1) });
      }
      const credit = /^reports\/dealers\/([^/]+)\/credit-history$/.exec(path);
      if (credit) {
        if (me.role !== 'admin' && credit[1] !== me.userId && credit[1] !== SUB) return json({ error: 'thisOperatorNotYour' }, 403);
        const body: CreditHistory = {
          entries: [entry({ eventId: 'c1', type: 'CreditSent', accountId: TOP.userId, userName: 'ktop', amount: -100_000, balanceBefore: 500_000, balanceAfter: 400_000, counterpartyId: SUB, counterpartyName: 'kbayi', byUserName: 'ktop' })],
          net: -100_000,
          ...paged(url, 1),
        };
        return json(body);
      }
      if (path === 'reports/liability') {
        const body: LiabilityReport = { rows: [{ matchId: 'm-77', market: '1', special: '', outcome: '1', openStake: 25_000, potentialPayout: 61_250, coupons: 4 }], ...paged(url, 1) };
        return json(body);
      }
      if (path === 'reports/general') return json({ groupBy: 'day', rows: [], totals: money(0, 0), ...paged(url, 0) });
      if (path === 'reports/dealers') return json({ dealer: { userId: null, userName: 'kupon', role: 'site', kind: 'site', ...money(0, 0) }, rows: [], ...paged(url, 0) });
      if (path === 'reports/catalog') return json({ reports: [] });
      if (path === 'reports/replays') return json({ replays: [] });
      return json({ error: 'notFound' }, 404);
    }),
  );
  return { asked, last: (report: string) => asked.filter((url) => url.pathname === `/api/v1/reports/${report}`).at(-1)! };
}

afterEach(() => vi.unstubAllGlobals());

const texts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('player report (spec §1)', () => {
  it('lists every player in scope with betting money, deposits, withdrawals, bonuses, adjustments and credit, exact to the kuruş, with the totals and CSV (Turkish)', async () => {
    serveReports();
    await renderReports('tr');
    fireEvent.click(screen.getByTestId('tab-players'));
    await waitFor(() => expect(screen.getAllByTestId('player-row')).toHaveLength(2));
    const table = screen.getByTestId('players-table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Oyuncu', 'Rol', 'Yatırılan', 'Ödenen', 'İade', 'Satış', 'Brüt kazanç', 'Marj', 'Kupon', 'Para yatırma', 'Para çekme', 'Bonuslar', 'Düzeltmeler', 'Bayi kredisi']);
    expect(texts(screen.getAllByTestId('player-row')[0]!)).toEqual(['oyuncu1', 'Oyuncu', '1.234,50', '1.000', '0', '0', '234,50', '18,99%', '3', '500', '200', '10', '-5', '0']);
    expect(within(screen.getAllByTestId('player-row')[0]!).getByRole('link').getAttribute('href')).toBe(`/users/${PLAYER}`);
    expect(texts(screen.getAllByTestId('player-row')[1]!).slice(0, 2)).toEqual(['kasa1', 'Terminal']);
    expect(within(screen.getByTestId('players-totals')).getByTestId('report-total').textContent).toContain('10.000');
    expect(screen.getByTestId('pager-range').textContent).toContain('120');
    expect(screen.getByTestId('csv').getAttribute('href')).toBe('/api/v1/reports/players?format=csv&limit=500');
  });

  it('narrows to a user name and a dealer of my scope, from the first page, and pages on the server', async () => {
    const api = serveReports();
    await renderReports('en');
    fireEvent.click(screen.getByTestId('tab-players'));
    await waitFor(() => expect(screen.getAllByTestId('player-row')).toHaveLength(2));
    fireEvent.click(screen.getByText('Next'));
    await waitFor(() => expect(api.last('players').searchParams.get('offset')).toBe('50'));

    await waitFor(() => expect(within(screen.getByTestId('players-dealer')).getAllByRole('option')).toHaveLength(3));
    // Players are no dealers: only the dealers of the tree are offered.
    expect(within(screen.getByTestId('players-dealer')).getAllByRole('option').map((o) => o.textContent)).toEqual(['All (my whole scope)', '· ktop (Top dealer)', '· · kbayi (Dealer)']);
    fireEvent.change(screen.getByTestId('players-search'), { target: { value: 'oyun' } });
    fireEvent.change(screen.getByTestId('players-dealer'), { target: { value: SUB } });
    fireEvent.click(screen.getByTestId('players-apply'));
    await waitFor(() => expect(api.last('players').searchParams.get('search')).toBe('oyun'));
    expect(api.last('players').searchParams.get('dealerId')).toBe(SUB);
    expect(api.last('players').searchParams.get('offset')).toBe('0');
    expect(screen.getByTestId('csv').getAttribute('href')).toContain(`dealerId=${SUB}`);
  });

  it('refuses a search longer than the api takes, in the page language, without asking', async () => {
    const api = serveReports();
    await renderReports('en');
    fireEvent.click(screen.getByTestId('tab-players'));
    await waitFor(() => expect(screen.getAllByTestId('player-row')).toHaveLength(2));
    const before = api.asked.length;
    fireEvent.change(screen.getByTestId('players-search'), { target: { value: 'x'.repeat(41) } });
    fireEvent.click(screen.getByTestId('players-apply'));
    await waitFor(() => expect(screen.getByTestId('error-search')).toBeTruthy());
    expect(screen.getByTestId('error-search').textContent).toBe('Invalid length!');
    expect(api.asked.slice(before).filter((url) => url.pathname.endsWith('/players'))).toHaveLength(0);
  });
});

describe('deposits and withdrawals, adjustments', () => {
  it('shows the range totals and each movement with the balance before and after; a direction narrows it and its CSV (English)', async () => {
    const api = serveReports();
    await renderReports('en');
    fireEvent.click(screen.getByTestId('tab-transfers'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(2));
    expect(screen.getByTestId('total-deposits').textContent).toBe('500');
    expect(screen.getByTestId('total-withdrawalsHeld').textContent).toBe('200');
    expect(texts(screen.getAllByTestId('ledger-row')[1]!).slice(1, 8)).toEqual(['oyuncu1', 'Withdrawal held', '-200', '100', '-100', '', 'kadmin']);
    fireEvent.change(screen.getByTestId('transfers-direction'), { target: { value: 'withdrawal' } });
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(api.last('transfers').searchParams.get('direction')).toBe('withdrawal');
    expect(screen.getByTestId('csv').getAttribute('href')).toBe('/api/v1/reports/transfers?direction=withdrawal&format=csv&limit=500');
  });

  it('shows staff adjustments as they stood at a past moment, with who and why (Turkish)', async () => {
    const api = serveReports();
    await renderReports('tr');
    fireEvent.click(screen.getByTestId('tab-adjustments'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('as-of-input'), { target: { value: '2026-11-24T12:00:00' } });
    fireEvent.click(within(screen.getByTestId('report-filters')).getByRole('button'));
    await waitFor(() => expect(api.last('adjustments').searchParams.get('asOf')).toBe(new Date('2026-11-24T12:00:00').toISOString()));
    await waitFor(() => expect(screen.getByTestId('as-of')).toBeTruthy());
    expect(texts(screen.getByTestId('ledger-row')).slice(2)).toEqual(['Bakiye düzeltildi', '-5', '100', '95', '', 'kadmin', 'double deposit']);
    expect(screen.getByTestId('csv').getAttribute('href')).toContain('asOf=');
  });
});

describe('dealer credit history', () => {
  it('asks nothing until site staff choose a dealer, then lists its subtree credit moves with the net over the range', async () => {
    const api = serveReports();
    await renderReports('en');
    fireEvent.click(screen.getByTestId('tab-credit'));
    await waitFor(() => expect(within(screen.getByTestId('credit-dealer')).getAllByRole('option')).toHaveLength(3));
    expect(api.asked.some((url) => url.pathname.endsWith('/credit-history'))).toBe(false);
    fireEvent.change(screen.getByTestId('credit-dealer'), { target: { value: TOP.userId } });
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(api.asked.at(-1)!.pathname).toBe(`/api/v1/reports/dealers/${TOP.userId}/credit-history`);
    expect(screen.getByTestId('credit-net').textContent).toBe('Net credit over the whole range (received minus sent and cut): -1.000');
    expect(texts(screen.getByTestId('ledger-row')).slice(1, 7)).toEqual(['ktop', 'Credit sent', '-1.000', '5.000', '4.000', 'kbayi']);
    expect(screen.getByTestId('csv').getAttribute('href')).toBe(`/api/v1/reports/dealers/${TOP.userId}/credit-history?format=csv&limit=500`);
  });

  it('a dealer starts on its own subtree, offered first in the list (Turkish)', async () => {
    const api = serveReports(TOP);
    await renderReports('tr', TOP);
    fireEvent.click(screen.getByTestId('tab-credit'));
    await waitFor(() => expect(screen.getAllByTestId('ledger-row')).toHaveLength(1));
    expect(api.asked.at(-1)!.pathname).toBe(`/api/v1/reports/dealers/${TOP.userId}/credit-history`);
    expect((screen.getByTestId('credit-dealer') as HTMLSelectElement).value).toBe(TOP.userId);
  });
});

describe('liability', () => {
  it('shows open stake and potential payout per outcome, one match by id, with no day range sent (English)', async () => {
    const api = serveReports();
    await renderReports('en');
    fireEvent.click(screen.getByTestId('tab-liability'));
    await waitFor(() => expect(screen.getAllByTestId('liability-row')).toHaveLength(1));
    expect(texts(screen.getByTestId('liability-row'))).toEqual(['m-77', '1', '', '1', '250', '612,50', '4']);
    fireEvent.change(screen.getByTestId('liability-match'), { target: { value: 'm-77' } });
    fireEvent.click(screen.getByTestId('liability-apply'));
    await waitFor(() => expect(api.last('liability').searchParams.get('matchId')).toBe('m-77'));
    expect(api.last('liability').searchParams.has('from')).toBe(false);
    expect(screen.getByTestId('csv').getAttribute('href')).toBe('/api/v1/reports/liability?matchId=m-77&format=csv&limit=500');
  });
});
