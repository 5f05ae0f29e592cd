import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { playerSiteUrl } from '../api/login-ticket';
import { LoginAsUserButton, mayLoginAsUser } from './login-as-user-button';

const renderButton = (language: 'tr' | 'en' = 'tr') => renderWithProviders(<LoginAsUserButton userId="11111111-1111-4111-8111-111111111111" />, { language });

function serve(status: number, body: unknown) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ path: new URL(input, 'http://backoffice.example').pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('back office "Log in as this user"', () => {
  it('asks for a ticket for this user and sends the tab it opened to the player site\'s loginwithuser page', async () => {
    const calls = serve(201, { ticket: 'abc', url: '/tr/loginwithuser?ticket=abc', expiresAt: '2026-11-25T21:01:00Z' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const opened = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    await renderButton();
    fireEvent.click(screen.getByRole('button', { name: 'Bu kullanıcı olarak giriş yap' }));
    await waitFor(() => expect(tab.location.href).toBe('http://localhost:5173/tr/loginwithuser?ticket=abc'));
    expect(opened).toHaveBeenCalledTimes(1);
    expect(tab.opener).toBeNull();
    expect(calls).toEqual([{ path: '/api/v1/sessions/as-user/tickets', body: { userId: '11111111-1111-4111-8111-111111111111' } }]);
  });

  it('a refusal closes the empty tab and is shown translated; a blocked tab leaves a link instead', async () => {
    serve(403, { error: 'thisOperatorNotYour' });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const first = await renderButton('en');
    fireEvent.click(screen.getByRole('button', { name: 'Log in as this user' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This user is not yours.'));
    expect(tab.close).toHaveBeenCalled();
    first.unmount();

    serve(201, { ticket: 'xyz', url: '/tr/loginwithuser?ticket=xyz', expiresAt: '2026-11-25T21:01:00Z' });
    vi.spyOn(window, 'open').mockReturnValue(null);
    await renderButton('en');
    fireEvent.click(screen.getByRole('button', { name: 'Log in as this user' }));
    await waitFor(() => expect(screen.getByTestId('login-as-user-link').getAttribute('href')).toBe('http://localhost:5173/tr/loginwithuser?ticket=xyz'));
  });

  it('is offered to dealers and site staff for players and terminals only', () => {
    expect(mayLoginAsUser({ role: 'subDealer' }, { role: 'player' })).toBe(true);
    expect(mayLoginAsUser({ role: 'admin' }, { role: 'terminal' })).toBe(true);
    expect(mayLoginAsUser({ role: 'dealer' }, { role: 'subDealer' })).toBe(false);
    expect(mayLoginAsUser({ role: 'regulator' }, { role: 'player' })).toBe(false);
    expect(mayLoginAsUser({ role: 'partner' }, { role: 'player' })).toBe(false);
    expect(playerSiteUrl('/tr/loginwithuser?ticket=a', 'https://kupon.example/')).toBe('https://kupon.example/tr/loginwithuser?ticket=a');
  });
});
