import type { AffiliateControl, ReferredCoupons, ReferredFinance, ReferredUsers } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/format';
import { renderPage } from '@/testing/render';
import { AffiliateBannersPage } from './affiliate-banners-page';
import { AffiliatePage } from './affiliate-page';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

/** The api as the components call it: `handler` answers, everything else is a 404 without a route. */
function serve(handler: Handler) {
  const calls: { url: URL; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      calls.push({ url, method: init?.method ?? 'GET' });
      const answer = handler(url, init) ?? { status: 404, body: { error: 'notFound' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORIGIN = 'https://m.kupon.example';
const TODAY = new Date('2026-11-25T12:00:00.000Z');
const account: NonNullable<AffiliateControl['affiliate']> = { referralCode: 'K7PX2QMA', referralPath: '/tr/register/K7PX2QMA', status: 'active', since: '2026-11-01T10:00:00.000Z', referredCount: 2 };
const users: ReferredUsers = {
  users: [
    { userId: 'u2', userName: 'reftwo', status: 'pending', registeredAt: '2026-11-20T10:00:00.000Z' },
    { userId: 'u1', userName: 'refone', status: 'active', registeredAt: '2026-11-10T10:00:00.000Z' },
  ],
  total: 2,
};
const zero = { stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, deposits: 0, withdrawals: 0, ggr: 0 };
const finance = (from: string, to: string): ReferredFinance => ({
  from,
  to,
  users: [{ userId: 'u1', userName: 'refone', ...zero, stakes: 150_000, payouts: 40_000, refunds: 5_000, cashouts: 0, coupons: 3, ggr: 105_000 }],
  total: 1,
  totals: { ...zero, stakes: 150_000, payouts: 40_000, refunds: 5_000, coupons: 3, ggr: 105_000 },
});
const coupons = (from: string, to: string): ReferredCoupons => ({
  from,
  to,
  coupons: [{ couponId: 'c1', userName: 'refone', couponType: 'single', isLive: false, stake: 50_000, potentialPayout: 92_500, status: 1, payout: 92_500, placedAt: '2026-11-21T18:00:00.000Z' }],
  total: 1,
});

function affiliateApi(control: AffiliateControl) {
  let current = control;
  return serve((url, init) => {
    if (url.pathname === '/api/v1/affiliate/me') return { body: current };
    if (url.pathname === '/api/v1/affiliate/apply' && init?.method === 'POST') {
      current = { programmeOpen: true, affiliate: { ...account, referredCount: 0 } };
      return { body: current };
    }
    if (url.pathname === '/api/v1/affiliate/users') return { body: users };
    if (url.pathname === '/api/v1/affiliate/finance') return { body: finance(url.searchParams.get('from')!, url.searchParams.get('to')!) };
    if (url.pathname === '/api/v1/affiliate/coupons') return { body: coupons(url.searchParams.get('from')!, url.searchParams.get('to')!) };
    return undefined;
  });
}

describe('affiliate page (§2 /affiliate)', () => {
  it('says the programme is closed when the site has it off, and offers nothing to join', async () => {
    affiliateApi({ programmeOpen: false, affiliate: null });
    await renderPage(<AffiliatePage origin={ORIGIN} today={TODAY} />, { language: 'en' });
    expect(await screen.findByText('The affiliate programme is closed on this site.')).toBeTruthy();
    expect(screen.queryByTestId('affiliate-apply-button')).toBeNull();
  });

  it('a player joins; the code and the link on the host in use show, and the link copies', async () => {
    const calls = affiliateApi({ programmeOpen: true, affiliate: null });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderPage(<AffiliatePage origin={ORIGIN} today={TODAY} />, { language: 'en' });
    fireEvent.click(await screen.findByTestId('affiliate-apply-button'));
    expect((await screen.findByTestId('affiliate-code')).textContent).toBe('K7PX2QMA');
    expect(calls.filter((c) => c.url.pathname === '/api/v1/affiliate/apply').map((c) => c.method)).toEqual(['POST']);
    expect((screen.getByTestId('affiliate-link') as HTMLInputElement).value).toBe('https://m.kupon.example/tr/register/K7PX2QMA');
    fireEvent.click(screen.getByTestId('affiliate-copy-link'));
    expect((await screen.findByTestId('affiliate-copy-link-state')).textContent).toBe('Copied');
    expect(writeText).toHaveBeenCalledWith('https://m.kupon.example/tr/register/K7PX2QMA');
  });

  it('shows the referred players, their money with GGR and their coupons for the last 30 days, and asks again for another range', async () => {
    const calls = affiliateApi({ programmeOpen: true, affiliate: account });
    await renderPage(<AffiliatePage origin={ORIGIN} today={TODAY} currency="TRY" />, { language: 'en' });
    const list = await screen.findByTestId('affiliate-user-list');
    expect(within(list).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['reftwo', 'refone']);
    expect(within(list).getByText('Awaiting activation')).toBeTruthy();
    expect((await screen.findByTestId('affiliate-total-ggr')).textContent).toBe(formatMoney(105_000, 'TRY'));
    expect(screen.getByTestId('affiliate-total-stakes').textContent).toBe(formatMoney(150_000, 'TRY'));
    expect(screen.getByTestId('affiliate-total-coupons').textContent).toBe('3');
    const couponList = await screen.findByTestId('affiliate-coupon-list');
    expect(within(couponList).getByText('Won')).toBeTruthy();
    expect(within(couponList).getAllByText(formatMoney(92_500, 'TRY'))).toHaveLength(2);
    const financeCall = calls.find((c) => c.url.pathname === '/api/v1/affiliate/finance')!;
    expect([financeCall.url.searchParams.get('from'), financeCall.url.searchParams.get('to')]).toEqual(['2026-10-27', '2026-11-25']);

    // The wrong way round is refused on the page; a good range is asked for.
    fireEvent.change(screen.getByTestId('affiliate-range-from'), { target: { value: '2026-11-30' } });
    fireEvent.submit(screen.getByTestId('affiliate-range'));
    expect((await screen.findByTestId('affiliate-range-error')).textContent).toBe('The start day cannot be after the end day.');
    fireEvent.change(screen.getByTestId('affiliate-range-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('affiliate-range-to'), { target: { value: '2026-11-15' } });
    fireEvent.submit(screen.getByTestId('affiliate-range'));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/affiliate/coupons' && c.url.searchParams.get('from') === '2026-11-01' && c.url.searchParams.get('to') === '2026-11-15')).toBe(true));
    expect(screen.queryByTestId('affiliate-range-error')).toBeNull();
  });

  it('says in Turkish when nobody registered through the link yet', async () => {
    serve((url) => {
      if (url.pathname === '/api/v1/affiliate/me') return { body: { programmeOpen: true, affiliate: { ...account, referredCount: 0 } } };
      if (url.pathname === '/api/v1/affiliate/users') return { body: { users: [], total: 0 } };
      if (url.pathname === '/api/v1/affiliate/finance') return { body: { from: '2026-10-27', to: '2026-11-25', users: [], total: 0, totals: zero } };
      if (url.pathname === '/api/v1/affiliate/coupons') return { body: { from: '2026-10-27', to: '2026-11-25', coupons: [], total: 0 } };
      return undefined;
    });
    await renderPage(<AffiliatePage origin={ORIGIN} today={TODAY} />);
    expect(await screen.findByText('Henüz bağlantınızla kayıt olan oyuncu yok.')).toBeTruthy();
  });
});

describe('affiliate banners page (§2 /affiliateBanner)', () => {
  it('shows each banner with the HTML snippet that links to the referral link on the host in use', async () => {
    serve((url) =>
      url.pathname === '/api/v1/affiliate/banners'
        ? { body: { referralPath: '/tr/register/K7PX2QMA', banners: [{ id: 'logo-300x250', title: 'Kupon', image: '/brands/kupon.svg', width: 300, height: 250 }] } }
        : undefined,
    );
    await renderPage(<AffiliateBannersPage origin={ORIGIN} />, { language: 'en' });
    const snippet = (await screen.findByTestId('affiliate-snippet-logo-300x250')) as HTMLTextAreaElement;
    expect(snippet.value).toBe('<a href="https://m.kupon.example/tr/register/K7PX2QMA" target="_blank" rel="noopener"><img src="https://m.kupon.example/brands/kupon.svg" width="300" height="250" style="object-fit:contain" alt="Kupon" /></a>');
    expect(within(screen.getByTestId('affiliate-banner-logo-300x250')).getByRole('img').getAttribute('src')).toBe('https://m.kupon.example/brands/kupon.svg');
  });

  it('a paused affiliate is told so, translated', async () => {
    serve((url) => (url.pathname === '/api/v1/affiliate/banners' ? { status: 403, body: { error: 'affiliatePassive' } } : undefined));
    await renderPage(<AffiliateBannersPage origin={ORIGIN} />, { language: 'en' });
    expect((await screen.findByTestId('affiliate-banners-error')).textContent).toBe('Your affiliate account is paused.');
  });
});
