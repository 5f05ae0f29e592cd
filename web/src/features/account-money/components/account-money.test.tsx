import type { TransactionView } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '@/lib/format';
import { renderPage } from '@/testing/render';
import type { Transfer } from '../api/money';
import { MoneyPage } from './money-page';
import { TransactionsList } from './transactions-list';
import { TransferList } from './transfer-list';

// The screen is lazy (it loads with the popup's first opening): load it before the first test, so a
// first transform of the module on a busy machine does not outlast the tests' waits.
beforeAll(async () => {
  await import('./payment-screen');
});

type Handler = (url: URL) => { status?: number; body: unknown } | undefined;

/** The api as the components call it: `handler` answers, everything else is a 404 without a route. */
function serve(handler: Handler) {
  const calls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      calls.push(url);
      const answer = handler(url) ?? { status: 404, body: { error: 'notFound' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const row = (over: Partial<TransactionView>): TransactionView => ({
  eventId: crypto.randomUUID(),
  accountId: 'u1',
  type: 'DepositCredited',
  amount: 0,
  balance: 0,
  couponId: null,
  transferId: null,
  counterpartyId: null,
  note: null,
  creditLimit: null,
  actorId: null,
  at: '2026-11-20T09:05:00.000Z',
  ...over,
});

const transactionCalls = (calls: URL[]) => calls.filter((u) => u.pathname === '/api/v1/wallet/transactions');

describe('transactions page (§2 /transactions, getTransactions)', () => {
  it('lists movements newest first with the type in words, the signed amount and the balance after it, in local time', async () => {
    const rows = [
      row({ type: 'PayoutCredited', amount: 4300, balance: 13300, at: '2026-11-21T18:30:00.000Z' }),
      row({ type: 'CouponStaked', amount: -1000, balance: 9000, at: '2026-11-21T12:00:00.000Z' }),
      row({ type: 'CasinoBetPlaced', amount: -250, balance: 10000 }),
      row({ type: 'DepositCredited', amount: 10250, balance: 10250, at: '2026-11-20T09:00:00.000Z' }),
    ];
    const calls = serve((url) => (url.pathname === '/api/v1/wallet/transactions' ? { body: { transactions: rows } } : undefined));
    await renderPage(<TransactionsList currency="TRY" />);
    const list = await screen.findByTestId('transaction-list');
    const cells = within(list)
      .getAllByTestId('transaction-row')
      .map((tr) => [...tr.querySelectorAll('td')].slice(0, 4).map((td) => td.textContent));
    expect(cells).toEqual([
      [formatDateTime('2026-11-21T18:30:00.000Z'), 'Kupon kazancı', '+43 ₺', '133 ₺'],
      [formatDateTime('2026-11-21T12:00:00.000Z'), 'Kupon yatırımı', '-10 ₺', '90 ₺'],
      [formatDateTime('2026-11-20T09:05:00.000Z'), 'Casino bahsi', '-2,50 ₺', '100 ₺'],
      [formatDateTime('2026-11-20T09:00:00.000Z'), 'Para yatırma', '+102,50 ₺', '102,50 ₺'],
    ]);
    // The default range: the last 7 days, local midnights sent as UTC, the end day included.
    const asked = transactionCalls(calls)[0]!.searchParams;
    const now = new Date();
    expect(asked.get('from')).toBe(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 6).toISOString());
    expect(asked.get('to')).toBe(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).toISOString());
  });

  it('in English too, with a staff adjustment’s reason', async () => {
    serve(() => ({ body: { transactions: [row({ type: 'CreditReceived', amount: 5000, balance: 5000 }), row({ type: 'BalanceAdjusted', amount: -100, balance: 0, note: 'duplicate deposit' })] } }));
    await renderPage(<TransactionsList currency="EUR" />, { language: 'en' });
    const rows = await screen.findAllByTestId('transaction-row');
    expect(rows.map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent))).toEqual([
      ['Credit received', '+50 €', '50 €', ''],
      ['Balance adjustment', '-1 €', '0 €', 'duplicate deposit'],
    ]);
  });

  it('a day that is no day shows the translated error under its field, keeps what was typed and asks the api nothing', async () => {
    const calls = serve(() => ({ body: { transactions: [] } }));
    await renderPage(<TransactionsList currency="TRY" />);
    await screen.findByTestId('empty-state');
    const before = transactionCalls(calls).length;

    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '31.02.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
    expect(screen.getByTestId('range-from-error').textContent).toBe('Tarih GG.AA.YYYY biçiminde olmalıdır.');
    expect((screen.getByTestId('range-from') as HTMLInputElement).value).toBe('31.02.2026');
    expect(screen.queryByTestId('range-to-error')).toBeNull();

    fireEvent.change(screen.getByTestId('range-from'), { target: { value: '10.11.2026' } });
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '01.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
    expect(screen.getByTestId('range-to-error').textContent).toBe('Başlangıç tarihi bitiş tarihinden sonra olamaz.');
    expect(screen.queryByTestId('range-from-error')).toBeNull();
    expect(transactionCalls(calls).length).toBe(before);

    // A good range clears the errors and asks for it.
    fireEvent.change(screen.getByTestId('range-to'), { target: { value: '12.11.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Göster' }));
    await waitFor(() => expect(transactionCalls(calls).length).toBe(before + 1));
    expect(transactionCalls(calls).at(-1)!.searchParams.get('from')).toBe(new Date(2026, 10, 10).toISOString());
    expect(screen.queryByTestId('range-to-error')).toBeNull();
  });

  it('says so when the range holds nothing', async () => {
    serve(() => ({ body: { transactions: [] } }));
    await renderPage(<TransactionsList currency="TRY" />, { language: 'en' });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('No account movements in this date range.');
    expect(screen.queryByTestId('transaction-list')).toBeNull();
  });

  it('an api refusal is shown translated', async () => {
    serve(() => ({ status: 401, body: { error: 'tecnicalProblemContent' } }));
    await renderPage(<TransactionsList currency="TRY" />, { language: 'en' });
    expect((await screen.findByTestId('transactions-error')).textContent).toBe('Error During Operation ! Please try again.');
  });
});

const transfer = (over: Partial<Transfer>): Transfer => ({
  transferId: crypto.randomUUID(),
  accountId: 'u1',
  direction: 'deposit',
  amount: 10000,
  currency: 'TRY',
  payId: 101,
  provider: 'demo',
  status: 'requested',
  staffDecides: false,
  reason: null,
  requestedAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
  ...over,
});

const METHODS = {
  methods: [{ catName: 'Kredi Kartı', typeLogo: '', minAmount: 1000, maxAmount: 0, payCatId: 1, openLink: 0, info: '', paytypes: [{ payId: 101, payCatId: 1, payType: 'Demo Kart', payTag: '', bankLogo: '', infofields: [], minAmount: 1000, maxAmount: 0, whichApi: 'demo', fields: [] }] }],
};

describe('transfer requests page (§2 /transferRequest, getTransfers)', () => {
  it('lists my requests with the method, the amount and the state in words, and why one was rejected', async () => {
    const transfers = [
      transfer({ direction: 'withdrawal', amount: 5000, payId: 7, provider: 'bank', status: 'rejected', reason: 'IBAN hatalı', updatedAt: '2026-11-21T10:00:00.000Z' }),
      transfer({ direction: 'withdrawal', amount: 2500, payId: 7, provider: 'bank', status: 'paid' }),
      transfer({ status: 'credited', amount: 12550 }),
      transfer({ status: 'requested' }),
    ];
    serve((url) => {
      if (url.pathname === '/api/v1/transfers') return { body: { transfers } };
      if (url.pathname === '/api/v1/payments/methods') return { body: url.searchParams.get('direction') === 'deposit' ? METHODS : { methods: [] } };
      return undefined;
    });
    await renderPage(<TransferList lang="tr" />);
    await waitFor(() => expect(screen.getAllByTestId('transfer-row')[2]!.querySelectorAll('td')[2]!.textContent).toBe('Demo Kart'));
    const rows = screen.getAllByTestId('transfer-row').map((tr) => [...tr.querySelectorAll('td')].slice(1, 5).map((td) => td.textContent));
    expect(rows).toEqual([
      ['Para çekme', 'bank', '50 ₺', 'ReddedildiRed nedeni: IBAN hatalı'],
      ['Para çekme', 'bank', '25 ₺', 'Ödendi'],
      ['Para yatırma', 'Demo Kart', '125,50 ₺', 'Hesaba geçti'],
      ['Para yatırma', 'Demo Kart', '100 ₺', 'Beklemede'],
    ]);
    expect(screen.getAllByTestId('transfer-reason').map((r) => r.textContent)).toEqual(['Red nedeni: IBAN hatalı']);
  });

  it('in English, and an empty list says so', async () => {
    serve((url) => (url.pathname === '/api/v1/transfers' ? { body: { transfers: [transfer({ status: 'rejected', reason: 'no receipt' })] } } : undefined));
    const first = await renderPage(<TransferList lang="en" />, { language: 'en' });
    expect((await screen.findByTestId('transfer-status')).textContent).toBe('Rejected');
    expect(screen.getByTestId('transfer-reason').textContent).toBe('Reason: no receipt');
    first.unmount();

    serve((url) => (url.pathname === '/api/v1/transfers' ? { body: { transfers: [] } } : undefined));
    await renderPage(<TransferList lang="en" />, { language: 'en' });
    expect((await screen.findByTestId('empty-state')).textContent).toBe('You have no deposit or withdrawal requests yet.');
  });
});

describe('deposit and withdraw pages (§2 /deposit, /withdraw)', () => {
  it('show the money popup’s content under the page title', async () => {
    serve((url) => (url.pathname === '/api/v1/payments/methods' ? { body: url.searchParams.get('direction') === 'deposit' ? METHODS : { methods: [] } } : undefined));
    await renderPage(<MoneyPage type={1} chatUrl="" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Para Yatır');
    const panel = screen.getByTestId('deposit-panel');
    expect((await within(panel).findByTestId('payment-method')).textContent).toContain('Kredi Kartı');
    expect(within(panel).getByTestId('payment-detail').querySelector('h3')?.textContent).toBe('Kredi Kartı');
    expect(screen.queryByTestId('money-live-chat')).toBeNull();
  });

  it('with no method on offer (or no payment route), the panel says none is available', async () => {
    serve((url) => (url.pathname === '/api/v1/payments/methods' ? { body: { methods: [] } } : undefined));
    const first = await renderPage(<MoneyPage type={2} chatUrl="" />);
    expect((await within(screen.getByTestId('withdraw-panel')).findByTestId('empty-state')).textContent).toBe('Şu anda kullanılabilir ödeme yöntemi yok.');
    first.unmount();

    serve(() => undefined);
    await renderPage(<MoneyPage type={1} chatUrl="" />);
    expect((await within(screen.getByTestId('deposit-panel')).findByTestId('empty-state')).textContent).toBe('Şu anda kullanılabilir ödeme yöntemi yok.');
    expect(screen.queryByTestId('money-live-chat')).toBeNull();
  });

  it('on a brand whose money goes through live chat, link to the chat instead', async () => {
    serve(() => undefined);
    await renderPage(<MoneyPage type={2} chatUrl="https://chat.example/kupon" />, { language: 'en' });
    expect(screen.getByRole('heading').textContent).toBe('Withdraw');
    const link = within(screen.getByTestId('money-live-chat')).getByRole('link', { name: 'Open live support' });
    expect(link.getAttribute('href')).toBe('https://chat.example/kupon');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.queryByTestId('withdraw-panel')).toBeNull();
  });
});
