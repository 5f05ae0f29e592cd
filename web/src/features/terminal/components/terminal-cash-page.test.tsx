import type { PrintedSlip } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountLinks } from '@/app/layout/account-links';
import { playerInfo } from '@/features/auth/api/get-user';
import { guard } from '@/config/guards';
import { routeById } from '@/config/routes';
import { formatMoney } from '@/lib/format';
import { usePrintStore } from '@/stores/print-store';
import { renderPage } from '@/testing/render';
import TerminalCashPage from './terminal-cash-page';

type Answer = { status?: number; body: unknown } | 'offline';
interface Call {
  readonly path: string;
  readonly method: string;
  readonly body: Record<string, unknown> | null;
}

const TERMINAL = { userId: 'term1', userName: 'kterminal1', firstName: '', lastName: '', currency: 'TRY', lang: 'en', status: 'active', role: 'terminal', products: { sportUser: 1 }, onlineUser: 0, limits: {} };

/** The withdraw template the api fills for a cash-out (api/PRINTS.md). */
const withdrawTemplate = (transferId: string): PrintedSlip => ({
  kind: 'withdraw',
  title: 'Cash-out slip',
  siteName: 'Kupon',
  duplicate: false,
  reference: transferId,
  checkCode: null,
  lang: 'en',
  timeZone: 'UTC',
  printedAt: '25/11/2026 21:00',
  lines: [{ label: 'Amount', value: '20.00 TRY' }],
  selections: [],
  footer: [],
});

/**
 * The api as the terminal's page calls it: the terminal's wallet holds `balance` (minor units), which
 * cash in and out move; `handler` may answer a call first. Records every call with its body.
 */
function serve(start: number, handler: (url: URL, method: string, body: Record<string, unknown> | null) => Answer | undefined = () => undefined) {
  let balance = start;
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ path: decodeURIComponent(url.pathname), method, body });
      const first = handler(url, method, body);
      if (first === 'offline') throw new TypeError('Failed to fetch');
      let answer: Answer | undefined = first;
      if (!answer) {
        if (url.pathname === '/api/v1/me') answer = { body: TERMINAL };
        else if (url.pathname === '/api/v1/wallet') answer = { body: { accountId: 'term1', currency: 'TRY', balance, creditLimit: 0, held: 0, available: balance } };
        else if (url.pathname === '/api/v1/payments/terminal/deposit') {
          balance += Number(body?.amount);
          answer = { body: { status: true, transferId: `tr-${String(body?.requestId)}`, msg: 'depositRequestSuccess', slip: { title: 'depositSlip', lines: ['Kupon', 'kterminal1', '2026-11-25 21:00:00 UTC', 'IN', '#x'] } } };
        } else if (url.pathname === '/api/v1/payments/terminal/withdraw') {
          balance -= Number(body?.amount);
          answer = { body: { status: true, transferId: 'tr-out', msg: 'withdrawForTerminalMessage', slip: { title: 'withdrawSlip', lines: ['Kupon', 'kterminal1', '2026-11-25 21:00:00 UTC', 'OUT', '#tr-out'] } } };
        } else if (url.pathname === '/api/v1/prints/withdraw') answer = { body: { slip: withdrawTemplate(url.searchParams.get('ref') ?? '') } };
        else if (url.pathname === '/api/v1/terminal/withdrawals/tr-out/print-status') {
          const printed = body?.printer === 'ok';
          answer = { body: { status: true, printed, cancellable: !printed } };
        } else if (url.pathname === '/api/v1/terminal/withdrawals/tr-out/cancel') {
          balance += 2_000;
          answer = { body: { status: true, transferId: 'tr-out', amount: 2_000, balance } };
        }
      }
      const { status = 200, body: json } = answer ?? { status: 404, body: { error: 'notFound' } };
      return Response.json(json, { status });
    }),
  );
  return { calls, posts: () => calls.filter((c) => c.method === 'POST') };
}

let print: ReturnType<typeof vi.fn>;
beforeEach(() => {
  print = vi.fn();
  vi.stubGlobal('print', print);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const pay = (direction: 'deposit' | 'withdrawal', typed: string) => {
  fireEvent.change(screen.getByTestId(`terminal-${direction}-amount`), { target: { value: typed } });
  fireEvent.click(screen.getByTestId(`terminal-${direction}-submit`));
};
/** §7: a slip prints 1500 ms after it is in the print area. */
const PRINTED = { timeout: 4_000 };

describe('terminal cash screen (§7 terminal/deposit, withdrawPrinterNew, printerstatuswithdraw, canceltransaction)', () => {
  it('takes cash in: the terminal is credited, the cash-in slip prints and the balance shown moves', async () => {
    const api = serve(1_000);
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    expect((await screen.findByTestId('terminal-balance')).textContent).toBe(`Balance: ${formatMoney(1_000, 'TRY')}`);
    pay('deposit', '50');
    expect((await screen.findByTestId('terminal-message')).textContent).toBe('Your deposit request has been received.');
    expect(api.posts()).toEqual([{ path: '/api/v1/payments/terminal/deposit', method: 'POST', body: { requestId: expect.any(String), amount: 5_000 } }]);
    const shown = usePrintStore.getState().slip;
    expect(shown && 'template' in shown ? shown.template : null).toMatchObject({ title: 'Cash-in slip', lines: expect.arrayContaining([{ label: 'Amount', value: formatMoney(5_000, 'TRY') }]) });
    await waitFor(() => expect(screen.getByTestId('terminal-balance').textContent).toBe(`Balance: ${formatMoney(6_000, 'TRY')}`));
    await waitFor(() => expect(print).toHaveBeenCalled(), PRINTED);
  });

  it('a cash-in retried after its answer was lost carries the same request id, so it is credited once; the next one a new id', async () => {
    let lost = true;
    const api = serve(0, (url) => {
      if (url.pathname === '/api/v1/payments/terminal/deposit' && lost) {
        lost = false;
        return 'offline';
      }
      return undefined;
    });
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('deposit', '10');
    expect((await screen.findByTestId('terminal-deposit-error')).textContent).toMatch(/connect/i);
    pay('deposit', '10');
    await screen.findByTestId('terminal-message');
    pay('deposit', '10');
    await waitFor(() => expect(api.posts()).toHaveLength(3));
    const [first, retry, next] = api.posts().map((c) => c.body?.requestId);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('pays cash out up to the balance: the withdraw slip prints, the cashier confirms it printed and the api is told', async () => {
    const api = serve(5_000);
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('withdrawal', '20');
    expect((await screen.findByTestId('terminal-message')).textContent).toBe('Cash-out done. Please hand over the cash and the slip.');
    await waitFor(() => expect(usePrintStore.getState().slip).toMatchObject({ kind: 'withdraw', template: { reference: 'tr-out', title: 'Cash-out slip' } }));
    expect(api.calls.some((c) => c.path === '/api/v1/prints/withdraw')).toBe(true);
    fireEvent.click(await screen.findByTestId('terminal-printed-ok', {}, PRINTED));
    expect((await screen.findByTestId('terminal-printed')).textContent).toBe('The slip printed.');
    expect(screen.queryByTestId('terminal-reverse')).toBeNull();
    expect(api.posts().map((c) => [c.path, c.body])).toEqual([
      ['/api/v1/payments/terminal/withdraw', { requestId: expect.any(String), amount: 2_000 }],
      ['/api/v1/terminal/withdrawals/tr-out/print-status', { printer: 'ok' }],
    ]);
    await waitFor(() => expect(screen.getByTestId('terminal-balance').textContent).toBe(`Balance: ${formatMoney(3_000, 'TRY')}`));
  });

  it('refuses a cash-out above the balance with its text, asking nothing of the api (Turkish by default)', async () => {
    const api = serve(1_000);
    await renderPage(<TerminalCashPage />, { path: '/tr/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('withdrawal', '20');
    expect((await screen.findByTestId('terminal-withdrawal-error')).textContent).toBe('Yetersiz bakiye!');
    expect(api.posts()).toEqual([]);
  });

  it('translates the api refusing a cash-out (the balance moved meanwhile)', async () => {
    serve(5_000, (url) => (url.pathname === '/api/v1/payments/terminal/withdraw' ? { status: 422, body: { error: 'insufficientCredit' } } : undefined));
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('withdrawal', '20');
    expect((await screen.findByTestId('terminal-withdrawal-error')).textContent).toBe('Insufficient credit!');
  });

  it('a cash-out whose printer failed is reported so and offered for reversal; reversing puts the amount back', async () => {
    print.mockImplementation(() => {
      throw new Error('no printer');
    });
    const api = serve(5_000);
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('withdrawal', '20');
    expect((await screen.findByTestId('terminal-not-printed', {}, PRINTED)).textContent).toBe('The slip did not print.');
    expect(api.posts().at(-1)).toMatchObject({ path: '/api/v1/terminal/withdrawals/tr-out/print-status', body: { printer: 'offline' } });
    fireEvent.click(screen.getByTestId('terminal-reverse'));
    expect((await screen.findByTestId('terminal-reversed')).textContent).toBe(`The cash-out was cancelled: ${formatMoney(2_000, 'TRY')} is back on the terminal. Do not pay it out.`);
    expect(api.posts().at(-1)?.path).toBe('/api/v1/terminal/withdrawals/tr-out/cancel');
    await waitFor(() => expect(screen.getByTestId('terminal-balance').textContent).toBe(`Balance: ${formatMoney(5_000, 'TRY')}`));
  });

  it('the cashier saying no paper came out reports noPaper, and reversal is offered', async () => {
    const api = serve(5_000);
    await renderPage(<TerminalCashPage />, { language: 'en', path: '/en/terminal' });
    await screen.findByTestId('terminal-balance');
    pay('withdrawal', '20');
    fireEvent.click(await screen.findByTestId('terminal-printed-noPaper', {}, PRINTED));
    expect(await screen.findByTestId('terminal-reverse')).toBeTruthy();
    expect(api.posts().at(-1)).toMatchObject({ path: '/api/v1/terminal/withdrawals/tr-out/print-status', body: { printer: 'noPaper' } });
  });
});

describe('the terminal cash route', () => {
  const ctx = { loggedIn: true, flags: { sportUser: 1 }, loginScreen: false, registerDisabled: false, affiliateEnabled: false };
  const { access } = routeById('terminal');
  it('opens for a logged-in terminal only; a player or a guest goes Home', () => {
    expect(guard('terminal', access, { ...ctx, role: 'terminal' })).toBeNull();
    expect(guard('terminal', access, { ...ctx, role: 'player' })).toEqual({ to: 'home' });
    expect(guard('terminal', access, { ...ctx, loggedIn: false, flags: {} })).toEqual({ to: 'home' });
  });
});

describe('the account menu', () => {
  const menu = async (role: string) => {
    serve(0);
    const user = playerInfo({ ...TERMINAL, role } as unknown as Parameters<typeof playerInfo>[0], null);
    await renderPage(<AccountLinks user={user} onLogout={() => undefined} />, { language: 'en' });
    fireEvent.click(screen.getByTestId('account-menu'));
  };
  it('offers a terminal its cash screen', async () => {
    await menu('terminal');
    expect(screen.getByTestId('menu-terminal-cash').textContent).toBe('Cash in / out');
    expect(screen.getByTestId('menu-terminal-cash').getAttribute('href')).toBe('/en/terminal');
  });
  it('offers a player none', async () => {
    await menu('player');
    expect(screen.queryByTestId('menu-terminal-cash')).toBeNull();
  });
});
