import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '@/app/layout';
import ContentPage from '@/app/routes/content';
import HomePage from '@/app/routes/home';
import TransfersPage from '@/app/routes/transfers';
import { renderWithProviders } from '@/testing/render';

const ADMIN = { userId: '00000000-0000-4000-8000-0000000000a1', userName: 'kadmin', firstName: 'Ad', lastName: 'Min', role: 'admin', siteId: 'kupon', permissions: [] };
const REGULATOR = { ...ADMIN, userId: '00000000-0000-4000-8000-0000000000a3', userName: 'kregulator', role: 'regulator' };

/** The api's `/staff/waiting` with these counts; every other call is not found. Returns the paths asked. */
function serve(counts: { transfers: number; contactMessages: number; bonusRequests: number }, transfers: object[] = []) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://backoffice.example');
      const path = url.pathname;
      asked.push(path + url.search);
      if (path === '/api/v1/staff/waiting') return Response.json(counts);
      if (path === '/api/v1/transfers') return Response.json({ transfers });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return asked;
}

const transfer = (direction: string, provider: string, staffDecides: boolean) => ({
  transferId: `${direction}-1`,
  accountId: '00000000-0000-4000-8000-0000000000b1',
  direction,
  amount: 10_000,
  currency: 'TRY',
  payId: 201,
  provider,
  status: 'requested',
  staffDecides,
  reason: null,
  requestedAt: '2026-11-28T09:00:00.000Z',
  updatedAt: '2026-11-28T09:00:00.000Z',
});

const renderHome = (me: object) =>
  renderWithProviders(
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
      </Route>
    </Routes>,
    { language: 'en', me, path: '/' },
  );

afterEach(() => vi.unstubAllGlobals());

describe('what waits for the staff (menu and home page)', () => {
  it('admin sees the money requests to decide and the waiting bonus requests on the menu and the tiles; a queue at zero shows nothing', async () => {
    serve({ transfers: 2, contactMessages: 0, bonusRequests: 5 });
    await renderHome(ADMIN);
    const menu = screen.getByRole('navigation');
    await waitFor(() => expect(within(menu).getByTestId('waiting-transfers').textContent).toBe('2'));
    expect(within(menu).getByTestId('waiting-content').textContent).toBe('5');
    expect(within(menu).getByTestId('waiting-transfers').title).toBe('2 money requests to decide');
    expect(within(menu).queryByTestId('waiting-contact')).toBeNull();
    const tiles = screen.getByTestId('page-home');
    expect(within(tiles).getByTestId('waiting-transfers').textContent).toBe('2');
    expect(within(tiles).getByTestId('waiting-content').textContent).toBe('5');
    // A count leads straight to its queue; a section where nothing waits to its page.
    expect(within(menu).getByTestId('nav-transfers').getAttribute('href')).toBe('/transfers?status=requested');
    expect(within(menu).getByTestId('nav-content').getAttribute('href')).toBe('/content?tab=bonusRequests');
    expect(within(menu).getByTestId('nav-contact').getAttribute('href')).toBe('/contact');
    expect(within(tiles).getByRole('link', { name: /^Transfers/ }).getAttribute('href')).toBe('/transfers?status=requested');
  });

  it('the queue’s address opens the transfers page on the requests to decide and the content page on the bonus requests', async () => {
    const asked = serve({ transfers: 1, contactMessages: 0, bonusRequests: 1 }, [transfer('withdrawal', 'bank', true), transfer('deposit', 'demo', false)]);
    const { unmount } = await renderWithProviders(<TransfersPage />, { language: 'en', me: ADMIN, path: '/transfers?status=requested' });
    expect((await screen.findByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('requested');
    await waitFor(() => expect(asked.some((url) => url.startsWith('/api/v1/transfers?') && url.includes('status=requested'))).toBe(true));
    // Only the withdrawal is the staff's to decide, as the count said; the provider's deposit waits for its callback.
    await waitFor(() => expect(screen.getAllByTestId('approve')).toHaveLength(1));
    expect(screen.getAllByTestId('reject')).toHaveLength(1);
    unmount();
    await renderWithProviders(<ContentPage />, { language: 'en', me: ADMIN, path: '/content?tab=bonusRequests' });
    expect(screen.getByTestId('tab-bonusRequests').className).toContain('tab--active');
  });

  it('the regulator decides nothing: the counts are never asked and no badge shows', async () => {
    const asked = serve({ transfers: 2, contactMessages: 3, bonusRequests: 5 });
    await renderHome(REGULATOR);
    expect(await screen.findByTestId('nav-contact')).toBeTruthy();
    expect(asked).not.toContain('/api/v1/staff/waiting');
    expect(screen.queryByTestId('waiting-contact')).toBeNull();
  });
});
