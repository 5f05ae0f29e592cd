import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { couponLine, couponView } from '@/testing/coupons';
import { renderPage } from '@/testing/render';
import { slipOf } from '../print';
import { CouponSummary } from './coupon-summary';
import { PrintSlip } from './print-slip';

const coupon = couponView({ ticketId: 'c-9', totalStake: 1050, maxPay: 1947, lines: [couponLine({ marketId: '1x2', odds: 1855, home: 'Ev', away: 'Deplasman' })] });

function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('coupon detail and printed slip (§3 tofixedNumber)', () => {
  it('the coupon’s odds, stake and maximum payout show the site’s decimals', async () => {
    serve({ toFixedNumber: 3 });
    const { container } = await renderPage(<CouponSummary coupon={coupon} />);
    await waitFor(() => expect([...container.querySelectorAll('dl.facts dd')].map((dd) => dd.textContent)).toEqual(['10,500', '1', '19,470', '0']));
    expect(screen.getByTestId('coupon-line').querySelector('.odds-value')?.textContent).toBe('1.855');
  });

  it('the printed slip too, with one decimal (the price keeps the decimals it pays on)', async () => {
    serve({ toFixedNumber: 1 });
    const { container } = await renderPage(<PrintSlip slip={slipOf('coupon', coupon)} title="Kupon" />);
    await waitFor(() => expect(container.textContent).toContain('10,5 ·'));
    expect(container.textContent).toContain(': 11.855');
    expect(container.textContent).toContain(': 19,5');
    expect(container.textContent).toContain('Ev - Deplasman');
  });
});
