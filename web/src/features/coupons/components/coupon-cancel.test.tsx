import type { CouponView } from '@kupon/api/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { couponLine, couponView } from '@/testing/coupons';
import { renderPage } from '@/testing/render';
import { CouponDetail } from './coupon-detail';

const waiting = couponView({
  ticketId: 'c-1',
  ticketType: 'KK',
  maxPay: 12_784,
  bonusPercent: 10,
  bonusPay: 1071,
  cancelable: true,
  lines: [
    couponLine({ marketId: '1x2', status: 'won', results: '2:1 (0:0, 2:1)', home: 'Ev', away: 'Deplasman' }),
    couponLine({ selectionId: 's2', matchId: 'm2', marketId: '1x2', results: null, home: 'A', away: 'B' }),
  ],
});

/** The api answering the coupon detail with `coupon` (and 404 for anything else the page asks). */
function serve(coupon: CouponView) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => (String(input).includes('/coupons/c-1') ? Response.json({ coupon, sellType: false }) : Response.json({ error: 'notFound' }, { status: 404 }))),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('coupon detail: Cancel only while the server says the coupon is cancelable (§3 canceled, §4)', () => {
  it('a waiting coupon within the site’s cancel period offers Cancel; its bonus amount and its lines’ scores show', async () => {
    serve(waiting);
    await renderPage(<CouponDetail couponId="c-1" />);
    expect(await screen.findByRole('button', { name: 'İptal Et' })).toBeTruthy();
    expect(screen.getByTestId('bonus-pay').textContent).toBe('10,71');
    expect(screen.getAllByTestId('line-result').map((el) => el.textContent)).toEqual([' · Sonuç: 2:1 (0:0, 2:1)']);
  });

  it('past the period (cancelable false) the same waiting coupon offers no Cancel', async () => {
    serve({ ...waiting, cancelable: false });
    await renderPage(<CouponDetail couponId="c-1" />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId('coupon-detail')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Cancel coupon' })).toBeNull();
    expect(screen.getByText('Bonus amount')).toBeTruthy();
    expect(screen.getByText('Result: 2:1 (0:0, 2:1)', { exact: false })).toBeTruthy();
  });

  it('an answer without the flag (an older server) offers no Cancel either', async () => {
    const { cancelable: _flag, ...older } = waiting;
    serve(older);
    await renderPage(<CouponDetail couponId="c-1" />);
    await waitFor(() => expect(screen.getByTestId('coupon-detail')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'İptal Et' })).toBeNull();
  });
});
