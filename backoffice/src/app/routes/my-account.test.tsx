import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '@/app/router';
import { renderWithProviders } from '@/testing/render';

const ME = { userId: '00000000-0000-4000-8000-0000000000d1', userName: 'kbayi', firstName: 'Ayşe', lastName: 'Yılmaz', role: 'dealer', siteId: 'kupon', permissions: ['reportsView', 'creditSend'] };

/** The whole back office at `path`, signed in as a dealer (the router, the layout, the lazy page). */
async function renderAt(language: 'tr' | 'en', path: string) {
  return renderWithProviders(<RouterProvider router={createMemoryRouter(appRoutes(), { initialEntries: [path] })} />, { language, me: ME });
}

/**
 * The api's `/me/password` and `/sessions` as the route answers them: a wrong current password is
 * `currentPasswordIncorrect`; a change ends every session and renews this one.
 */
function serveAccount(currentPassword = 'eski1234') {
  const changes: unknown[] = [];
  let sessions = [
    { sessionRef: 's-this', method: 'operator', ip: '10.0.0.1', createdAt: '2026-11-25T08:00:00.000Z', lastSeenAt: '2026-11-25T09:00:00.000Z' },
    { sessionRef: 's-other', method: 'operator', ip: '10.0.0.2', createdAt: '2026-11-24T08:00:00.000Z', lastSeenAt: '2026-11-24T09:00:00.000Z' },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/sessions') return json({ sessions });
      if (url.pathname === '/api/v1/me/password' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { currentPassword: string };
        changes.push(body);
        if (body.currentPassword !== currentPassword) return json({ error: 'currentPasswordIncorrect' }, 422);
        sessions = [{ sessionRef: 's-new', method: 'password', ip: '10.0.0.1', createdAt: '2026-11-25T10:00:00.000Z', lastSeenAt: '2026-11-25T10:00:00.000Z' }];
        return json({ status: true, message: 'userPassChangeSuccess' });
      }
      return json({ error: 'notFound' }, 404);
    }),
  );
  return changes;
}

afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('my account (spec §2 admin: my account, change password)', () => {
  it('the user menu leads to who is signed in: role, site, permissions, and the open sessions (Turkish)', async () => {
    serveAccount();
    await renderAt('tr', '/');
    const link = await screen.findByTestId('my-account-link');
    expect(link.textContent).toBe('Hesabım');
    fireEvent.click(link);
    await screen.findByTestId('page-my-account');
    expect(screen.getByTestId('me-userName').textContent).toBe('kbayi');
    expect(screen.getByTestId('me-name').textContent).toBe('Ayşe Yılmaz');
    expect(screen.getByTestId('me-role').textContent).toBe('Bayi');
    expect(screen.getByTestId('me-site').textContent).toBe('kupon');
    expect(screen.getByTestId('me-permissions').textContent).toBe('Raporlar, Kredi gönderme');
    await waitFor(() => expect(screen.getAllByTestId('my-session')).toHaveLength(2));
  });

  it('refuses what the api would refuse, under each field, without asking it (Turkish)', async () => {
    const changes = serveAccount();
    await renderAt('tr', '/my-account');
    await screen.findByTestId('password-form');
    type('new-password', 'abc');
    fireEvent.click(screen.getByTestId('change-password'));
    expect(screen.getByTestId('error-currentPassword').textContent).toBe('Bu alan zorunludur.');
    expect(screen.getByTestId('error-newPassword').textContent).toBe('4 ile 20 karakter arasında olmalıdır.');

    type('current-password', 'eski1234');
    type('new-password', 'KBayi');
    fireEvent.click(screen.getByTestId('change-password'));
    expect(screen.getByTestId('error-newPassword').textContent).toBe('Kullanıcı adı ve şifre aynı olamaz.');

    type('new-password', 'yeni5678');
    type('new-password-repeat', 'yeni567');
    fireEvent.click(screen.getByTestId('change-password'));
    expect(screen.queryByTestId('error-newPassword')).toBeNull();
    expect(screen.getByTestId('error-newPasswordRepeat').textContent).toBe('Şifreler aynı değil.');

    type('new-password', 'x'.repeat(101));
    fireEvent.click(screen.getByTestId('change-password'));
    expect(screen.getByTestId('error-newPassword').textContent).toBe('Geçersiz uzunluk!');
    expect(changes).toEqual([]);
  });

  it('changes the password, says every other session was ended, and the session list shows only this one (English)', async () => {
    const changes = serveAccount();
    await renderAt('en', '/my-account');
    await waitFor(() => expect(screen.getAllByTestId('my-session')).toHaveLength(2));
    type('current-password', 'eski1234');
    type('new-password', 'yeni5678');
    type('new-password-repeat', 'yeni5678');
    fireEvent.click(screen.getByTestId('change-password'));
    await waitFor(() => expect(screen.getByTestId('password-changed').textContent).toBe('Your password was changed. Every other session of yours has been ended; this one stays signed in.'));
    expect(changes).toEqual([{ currentPassword: 'eski1234', newPassword: 'yeni5678', newPasswordRepeat: 'yeni5678' }]);
    await waitFor(() => expect(screen.getAllByTestId('my-session')).toHaveLength(1));
    expect((screen.getByTestId('current-password') as HTMLInputElement).value).toBe('');
  });

  it("a wrong current password is the api's refusal, translated (Turkish)", async () => {
    const changes = serveAccount();
    await renderAt('tr', '/my-account');
    await screen.findByTestId('password-form');
    type('current-password', 'yanlis');
    type('new-password', 'yeni5678');
    type('new-password-repeat', 'yeni5678');
    fireEvent.click(screen.getByTestId('change-password'));
    await waitFor(() => expect(screen.getByTestId('password-refused').textContent).toBe('Mevcut şifreniz yanlış.'));
    expect(changes).toHaveLength(1);
    expect(screen.queryByTestId('password-changed')).toBeNull();
  });
});
