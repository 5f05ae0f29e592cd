import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '@/app/layout';
import HomePage from '@/app/routes/home';
import { renderWithProviders } from '@/testing/render';

const ADMIN = { userId: '00000000-0000-4000-8000-0000000000a1', userName: 'kadmin', firstName: 'Ad', lastName: 'Min', role: 'admin', siteId: 'kupon', permissions: [] };
const REGULATOR = { ...ADMIN, userId: '00000000-0000-4000-8000-0000000000a3', userName: 'kregulator', role: 'regulator' };

/** The api's `/staff/waiting` with these counts; every other call is not found. Returns the paths asked. */
function serve(counts: { transfers: number; contactMessages: number; bonusRequests: number }) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://backoffice.example').pathname;
      asked.push(path);
      if (path === '/api/v1/staff/waiting') return Response.json(counts);
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return asked;
}

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
  });

  it('the regulator decides nothing: the counts are never asked and no badge shows', async () => {
    const asked = serve({ transfers: 2, contactMessages: 3, bonusRequests: 5 });
    await renderHome(REGULATOR);
    expect(await screen.findByTestId('nav-contact')).toBeTruthy();
    expect(asked).not.toContain('/api/v1/staff/waiting');
    expect(screen.queryByTestId('waiting-contact')).toBeNull();
  });
});
