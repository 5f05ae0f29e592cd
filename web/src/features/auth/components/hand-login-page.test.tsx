import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { MACHINE_ID_KEY } from '../machine-id';
import HandLoginPage from './hand-login-page';

type Answer = { status?: number; body: unknown };

/** The api as the page calls it; every call is kept with its parsed body. */
function serve(answer: (path: string) => Answer) {
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
  return <p data-testid="where">{location.pathname}</p>;
}

const page = (
  <Routes>
    <Route path="handlogin" element={<HandLoginPage />} />
    <Route path="*" element={<Where />} />
  </Routes>
);

const terminalUser = { userId: 't1', userName: 'kterminal1', role: 'terminal' };

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/handlogin: terminal (cashier point) login', () => {
  it('a PIN tapped on the keypad logs the terminal in with this device\'s new machine id, which is kept, then the sports page opens', async () => {
    const calls = serve((path) => (path === '/api/v1/sessions/terminal' ? { body: { status: true, user: terminalUser } } : { status: 401, body: { error: 'loginRequired' } }));
    await renderPage(page, { path: '/tr/handlogin' });
    const shown = screen.getByTestId('machine-id').textContent!;
    const machineId = JSON.parse(localStorage.getItem(MACHINE_ID_KEY)!) as string;
    expect(machineId).toMatch(/^[0-9a-f-]{36}$/);
    expect(shown).toContain(machineId);

    fireEvent.change(screen.getByLabelText('Kullanıcı Adı', { exact: false }), { target: { value: ' kterminal1 ' } });
    for (const digit of ['1', '2', '3', '4', '5', '9']) fireEvent.click(screen.getByRole('button', { name: digit }));
    fireEvent.click(screen.getByRole('button', { name: 'Son rakamı sil' }));
    fireEvent.click(screen.getByRole('button', { name: '6' }));
    fireEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/tr/sports'));
    expect(calls.find((c) => c.path === '/api/v1/sessions/terminal')!.body).toEqual({ userName: 'kterminal1', password: '123456', machineId });
  });

  it('uses the machine id this device already has; typed letters never reach the PIN', async () => {
    localStorage.setItem(MACHINE_ID_KEY, JSON.stringify('shop-7-till-2'));
    const calls = serve(() => ({ body: { status: true, user: terminalUser } }));
    await renderPage(page, { path: '/en/handlogin', language: 'en' });
    expect(screen.getByTestId('machine-id').textContent).toBe('Machine: shop-7-till-2');
    fireEvent.change(screen.getByLabelText('Username', { exact: false }), { target: { value: 'kterminal1' } });
    const pin = screen.getByLabelText('PIN', { exact: false }) as HTMLInputElement;
    fireEvent.change(pin, { target: { value: '12ab34x5' } });
    expect(pin.value).toBe('12345');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/en/sports'));
    expect(calls[0]!.body).toEqual({ userName: 'kterminal1', password: '12345', machineId: 'shop-7-till-2' });
  });

  it('a short PIN is refused before any call; the api\'s refusal is shown translated (tr and en)', async () => {
    const calls = serve(() => ({ status: 401, body: { error: 'incorrectUsernameOrPassword' } }));
    const { i18n, unmount } = await renderPage(page, { path: '/tr/handlogin' });
    fireEvent.change(screen.getByLabelText('Kullanıcı Adı', { exact: false }), { target: { value: 'kterminal1' } });
    fireEvent.change(screen.getByLabelText('PIN', { exact: false }), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    expect(screen.getByText(i18n.t('auth:pinRule', { min: 4, max: 6 }))).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '9' }));
    fireEvent.click(screen.getByRole('button', { name: 'Giriş Yap' }));
    await waitFor(() => expect(screen.getByTestId('handlogin-error').textContent).toBe(i18n.t('errors:incorrectUsernameOrPassword')));
    expect(screen.getByTestId('handlogin-error').textContent).not.toBe('incorrectUsernameOrPassword');
    expect(screen.queryByTestId('where')).toBeNull();
    unmount();

    await renderPage(page, { path: '/en/handlogin', language: 'en' });
    fireEvent.change(screen.getByLabelText('Username', { exact: false }), { target: { value: 'kterminal1' } });
    fireEvent.change(screen.getByLabelText('PIN', { exact: false }), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByTestId('handlogin-error').textContent).toBe('Incorrect username or password.'));
  });
});
