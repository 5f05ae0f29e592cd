import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { TopWinnersStrip } from './top-winners';

function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      asked.push(path);
      if (path === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      if (path === '/api/v1/sites/current/top-winners')
        return Response.json({ enabled: true, currency: 'TRY', winners: [{ userName: 'ke***1', payout: 1_234_567, stake: 10_000, couponType: 'KK', wonAt: '2026-11-24T10:00:00.000Z' }] });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('home page top winners strip (§3 top_winners, tofixedNumber, currencyMode)', () => {
  it('shows the masked winners with the site’s decimals and currency sign', async () => {
    serve({ topWinners: true, toFixedNumber: 0 });
    await renderPage(<TopWinnersStrip />, { language: 'en' });
    expect((await screen.findByTestId('top-winner')).textContent).toBe('ke***1 12.346 ₺ stake 100 ₺');
    expect(screen.getByText("This week's top winners")).toBeTruthy();
  });

  it('currencyMode 1 hides the sign; three decimals, a whole stake without (§9)', async () => {
    serve({ topWinners: true, toFixedNumber: 3, currencyMode: 1 });
    await renderPage(<TopWinnersStrip />, { language: 'tr' });
    expect((await screen.findByTestId('top-winner')).textContent).toBe('ke***1 12.345,670 100 yatırdı');
  });

  it('a site with the strip off neither shows nor asks for it', async () => {
    const asked = serve({ topWinners: false });
    const { findByText } = await renderPage(
      <>
        <TopWinnersStrip />
        <p>ready</p>
      </>,
      { language: 'en' },
    );
    await findByText('ready');
    await vi.waitFor(() => expect(asked).toContain('/api/v1/sites/current'));
    expect(screen.queryByTestId('top-winners')).toBeNull();
    expect(asked).not.toContain('/api/v1/sites/current/top-winners');
  });
});
