import type { CounterTicketResponse, CouponView, TicketCheckResponse } from '@kupon/api/contract';
import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/format';
import { usePrintStore } from '@/stores/print-store';
import { couponLine, couponView } from '@/testing/coupons';
import { renderPage } from '@/testing/render';
import { TicketCheck } from './ticket-check-page';

const CODE = 'K7QP-M2XD-9H3F';
const won: CouponView & { checkCode: string; shopTicket: boolean } = {
  ...couponView({
    ticketDate: '2026-11-25T18:00:00.000Z',
    status: 1,
    income: 1_850,
    lines: [couponLine({ selectionId: 'm5|FT_1X2||1', matchId: 'm5', status: 'won', matchDate: '2026-11-25T19:00:00.000Z', typeName: 'Match result', outComeName: 'Home' })],
  }),
  checkCode: CODE,
  shopTicket: true,
};
const { ticketId: _id, ...publicView } = won;

type Answer = { status?: number; body: unknown };

/** The api as the page calls it; `me` null is a guest. Records every call. */
function serve(handler: (url: URL, method: string) => Answer | undefined, me: object | null = null) {
  const calls: { path: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const method = init?.method ?? 'GET';
      calls.push({ path: decodeURIComponent(url.pathname), method });
      const answer: Answer | undefined =
        url.pathname === '/api/v1/me'
          ? me
            ? { body: me }
            : { status: 401, body: { error: 'loginRequired' } }
          : url.pathname === '/api/v1/wallet'
            ? { body: { accountId: 'u1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 } }
            : handler(url, method);
      const { status = 200, body } = answer ?? { status: 404, body: { error: 'notFound' } };
      return Response.json(body, { status });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const check = (typed: string) => {
  fireEvent.change(screen.getByTestId('ticket-code-input'), { target: { value: typed } });
  fireEvent.click(screen.getByTestId('ticket-check-submit'));
};

describe('ticket check page (§7 pinSearch, ticketCheckTerminal)', () => {
  it('a guest types the code in lower case without dashes and sees the ticket with its results, not paid, with nothing to pay', async () => {
    const calls = serve((url) => (url.pathname === `/api/v1/coupons/check/${CODE}` ? { body: { coupon: publicView } satisfies TicketCheckResponse } : undefined));
    await renderPage(<TicketCheck />, { language: 'en' });
    check(' k7qpm2xd9h3f ');
    const result = await screen.findByTestId('ticket-check-result');
    expect(within(result).getByText('Lions - Tigers')).toBeTruthy();
    expect(within(result).getByTestId('check-code').textContent).toBe(CODE);
    expect(within(result).getAllByText('Won').length).toBeGreaterThan(0);
    // Max. payout and return.
    expect(within(result).getAllByText(formatMoney(1_850), { selector: 'dd' })).toHaveLength(2);
    expect(screen.getByTestId('ticket-paid').textContent).toBe('Not paid yet.');
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
    // A guest is never asked about as a counter.
    expect(calls.some((c) => c.path.endsWith('/counter'))).toBe(false);
  });

  it('an online coupon that won says its winnings went to the account, not that it waits for the counter', async () => {
    serve((url) => (url.pathname === `/api/v1/coupons/check/${CODE}` ? { body: { coupon: { ...publicView, shopTicket: false } } } : undefined));
    await renderPage(<TicketCheck initialCode={CODE} />, { language: 'en' });
    expect((await screen.findByTestId('ticket-paid')).textContent).toBe('The winnings went to the account when the coupon was settled.');
  });

  it('says what a code looks like instead of asking the api about something that is no code', async () => {
    const calls = serve(() => undefined);
    await renderPage(<TicketCheck />, { language: 'en' });
    check('K7QP-M2XD');
    expect((await screen.findByRole('alert')).textContent).toBe('A ticket code has 12 characters (e.g. K7QP-M2XD-9H3F).');
    expect(calls.some((c) => c.path.startsWith('/api/v1/coupons'))).toBe(false);
  });

  it('translates an unknown code and a rate limit (Turkish by default)', async () => {
    let limited = false;
    serve(() => (limited ? { status: 429, body: { error: 'tooManyRequests|42' } } : { status: 404, body: { error: 'couponNotFound' } }));
    await renderPage(<TicketCheck />);
    check(CODE);
    expect((await screen.findByRole('alert')).textContent).toBe('Kupon bulunamadı.');
    limited = true;
    check('AAAA-BBBB-CCCC');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Çok fazla deneme. Lütfen biraz sonra tekrar deneyin.'));
    expect(screen.queryByTestId('ticket-check-result')).toBeNull();
  });

  it('at the counter a won shop ticket is paid out once, the win slip prints and the ticket then reads paid', async () => {
    let paid = false;
    const calls = serve(
      (url, method) => {
        if (url.pathname === `/api/v1/coupons/check/${CODE}/counter`) {
          const coupon = paid ? { ...won, paid: true, payDate: '2026-11-25T21:00:00.000Z' } : won;
          return { body: { coupon, payable: !paid } satisfies CounterTicketResponse };
        }
        if (url.pathname === '/api/v1/coupons/t-1/pay' && method === 'POST') {
          paid = true;
          return { body: { coupon: { ...won, paid: true, payDate: '2026-11-25T21:00:00.000Z' }, sellType: false } };
        }
        return undefined;
      },
      { userId: 'term1', userName: 'kterminal1', firstName: '', lastName: '', currency: 'TRY', lang: 'en', status: 'active', products: { sportUser: 1 }, onlineUser: 0, limits: {} },
    );
    await renderPage(<TicketCheck initialCode={CODE.toLowerCase()} />, { language: 'en' });
    const payButton = await screen.findByTestId('ticket-pay');
    expect(payButton.textContent).toBe(`Pay out (${formatMoney(1_850)})`);
    fireEvent.click(payButton);
    expect(await screen.findByText(`Ticket paid out: ${formatMoney(1_850)}.`)).toBeTruthy();
    // The api's payout template is asked for; this stub has none, so the page prints its own win slip.
    await waitFor(() => expect(usePrintStore.getState().slip).toMatchObject({ kind: 'win', amount: 1_850, coupon: { ticketId: 't-1', checkCode: CODE } }));
    expect(calls).toContainEqual({ path: '/api/v1/prints/win-terminal', method: 'GET' });
    await waitFor(() => expect(screen.getByTestId('ticket-paid').textContent).toMatch(/^Paid: /));
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/v1/coupons/t-1/pay']);
  });

  it('the payout amount takes the site’s decimals (§3 tofixedNumber)', async () => {
    serve(
      (url) => {
        if (url.pathname === '/api/v1/sites/current') return { body: { siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, toFixedNumber: 3 } } };
        if (url.pathname === `/api/v1/coupons/check/${CODE}/counter`) return { body: { coupon: won, payable: true } satisfies CounterTicketResponse };
        return undefined;
      },
      { userId: 'term1', userName: 'kterminal1', firstName: '', lastName: '', currency: 'TRY', lang: 'en', status: 'active', products: { sportUser: 1 }, onlineUser: 0, limits: {} },
    );
    const threeDecimals = formatMoney(1_850, undefined, 0, 3);
    expect(threeDecimals).not.toBe(formatMoney(1_850));
    await renderPage(<TicketCheck initialCode={CODE} />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('ticket-pay').textContent).toBe(`Pay out (${threeDecimals})`));
  });

  it('a logged-in player checking someone else’s code gets what anyone holding the slip sees', async () => {
    const calls = serve(
      (url) => (url.pathname === `/api/v1/coupons/check/${CODE}` ? { body: { coupon: publicView } } : url.pathname.endsWith('/counter') ? { status: 404, body: { error: 'couponNotFound' } } : undefined),
      { userId: 'u9', userName: 'ayse', firstName: '', lastName: '', currency: 'TRY', lang: 'en', status: 'active', products: { sportUser: 1 }, onlineUser: 1, limits: {} },
    );
    await renderPage(<TicketCheck initialCode={CODE} />, { language: 'en' });
    // The page asks once it knows who is asking: the counter first, then the open check.
    await screen.findByTestId('ticket-check-result');
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/v1/coupons'))).toEqual([`/api/v1/coupons/check/${CODE}/counter`, `/api/v1/coupons/check/${CODE}`]);
    expect(screen.queryByTestId('ticket-pay')).toBeNull();
  });
});
