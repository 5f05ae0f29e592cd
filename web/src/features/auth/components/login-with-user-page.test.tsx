import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/render';
import LoginWithUserPage from './login-with-user-page';

function serve(answer: (path: string) => { status?: number; body: unknown }) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status = 200, body } = answer(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/**
 * The page as main.tsx mounts the app: under StrictMode at the root, which runs every effect twice in
 * development; a ticket is spent by its first use, so the page must still send it once.
 */
async function renderAt({ path, language = 'tr' }: { path: string; language?: 'tr' | 'en' }) {
  const i18n = await testI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/:lang/loginwithuser" element={<LoginWithUserPage />} />
              <Route path="*" element={<Where />} />
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return { ...result, i18n };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/loginwithuser: the back office hands a player\'s session over with a ticket', () => {
  it('spends the ticket once and goes home without it in the address', async () => {
    const calls = serve((path) => (path === '/api/v1/sessions/as-user/redeem' ? { body: { status: true, user: { userId: 'p1', userName: 'kplayer1', role: 'player' } } } : { status: 401, body: { error: 'loginRequired' } }));
    await renderAt({ path: '/tr/loginwithuser?ticket=T0k3n-abc' });
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tr'));
    const redeems = calls.filter((c) => c.path === '/api/v1/sessions/as-user/redeem');
    expect(redeems).toEqual([{ path: '/api/v1/sessions/as-user/redeem', body: { ticket: 'T0k3n-abc' } }]);
    expect(localStorage.getItem('kupon.session')).toBe(JSON.stringify('in'));
  });

  it('a spent or expired ticket is explained in the reader\'s language, and the page stays', async () => {
    serve(() => ({ status: 422, body: { error: 'loginTicketInvalid' } }));
    const { i18n, unmount } = await renderAt({ path: '/tr/loginwithuser?ticket=used' });
    await waitFor(() => expect(screen.getByTestId('loginwithuser-error').textContent).toBe(i18n.t('errors:loginTicketInvalid')));
    expect(screen.getByTestId('loginwithuser-error').textContent).not.toBe('loginTicketInvalid');
    expect(screen.queryByTestId('where')).toBeNull();
    unmount();

    await renderAt({ path: '/tr/loginwithuser?ticket=used', language: 'en' });
    await waitFor(() => expect(screen.getByTestId('loginwithuser-error').textContent).toBe('This login link is invalid, already used or expired.'));
  });

  it('without a ticket nothing is sent and the link is called invalid', async () => {
    const calls = serve(() => ({ status: 500, body: {} }));
    const { i18n } = await renderAt({ path: '/tr/loginwithuser' });
    expect(screen.getByTestId('loginwithuser-error').textContent).toBe(i18n.t('errors:loginTicketInvalid'));
    expect(calls).toHaveLength(0);
  });
});
