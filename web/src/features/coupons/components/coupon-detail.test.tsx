import type { CouponView } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { couponView } from '@/testing/coupons';
import { renderPage } from '@/testing/render';
import { CouponDetail } from './coupon-detail';

/** A shop ticket the terminal has just sold. */
const ticket = (placedMsAgo: number, extra: Partial<CouponView> = {}): CouponView => couponView({ ticketId: 't-9', ticketDate: new Date(Date.now() - placedMsAgo).toISOString(), ...extra });

/** The api as the detail calls it, for a user of `role`; records the POSTs. */
function serve(role: string, coupon: CouponView, cancel: { status: number; body: unknown } = { status: 200, body: { status: true, coupon: { ...coupon, status: -2 }, refund: 1_000 } }) {
  const posts: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      if (init?.method === 'POST') {
        posts.push(path);
        if (path === '/api/v1/terminal/coupons/t-9/print-cancel') return Response.json(cancel.body, { status: cancel.status });
      }
      if (path === '/api/v1/me') return Response.json({ userId: 'u1', userName: 'kiosk1', firstName: '', lastName: '', role, currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 0, limits: {} });
      if (path === '/api/v1/wallet') return Response.json({ accountId: 'u1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 });
      if (path === '/api/v1/coupons/t-9') return Response.json({ coupon, sellType: false });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return posts;
}

afterEach(() => vi.unstubAllGlobals());

describe('a terminal takes back a ticket whose slip did not print (printingCouponCancel)', () => {
  it('offers it on a ticket just sold and cancels it through the api', async () => {
    const posts = serve('terminal', ticket(10_000));
    await renderPage(<CouponDetail couponId="t-9" />, { language: 'en' });
    const button = await screen.findByTestId('print-cancel');
    expect(button.textContent).toBe('Slip did not print: cancel ticket');
    fireEvent.click(button);
    await waitFor(() => expect(posts).toEqual(['/api/v1/terminal/coupons/t-9/print-cancel']));
  });

  it('says why in words when the api refuses (the slip was reported printed)', async () => {
    serve('terminal', ticket(10_000), { status: 422, body: { error: 'slipPrinted' } });
    await renderPage(<CouponDetail couponId="t-9" />);
    fireEvent.click(await screen.findByTestId('print-cancel'));
    expect(await screen.findByText('Fişi basılmış bir işlem iptal edilemez.')).toBeTruthy();
  });

  it('is not offered to a player, on a live ticket, or after the two minutes', async () => {
    for (const [role, coupon] of [
      ['player', ticket(10_000)],
      ['terminal', ticket(10_000, { isLive: true })],
      ['terminal', ticket(3 * 60_000)],
    ] as const) {
      serve(role, coupon);
      const { unmount, client } = await renderPage(<CouponDetail couponId="t-9" />);
      await screen.findByTestId('print-coupon');
      // The user (and with it the role) is known before the button is looked for.
      await waitFor(() => expect(client.getQueryData(['user'])).toBeTruthy());
      expect(screen.queryByTestId('print-cancel'), `${role} ${coupon.isLive ? 'live' : coupon.ticketDate}`).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
