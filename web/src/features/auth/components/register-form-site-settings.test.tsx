import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/render';
import RegisterPage from '@/app/routes/register';

/** The api: the site's settings, a captcha, and registration answering `status` (active: may log in at once). */
function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>, status: 'active' | 'pending') {
  const registered: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      if (path === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 3, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      if (path === '/api/v1/captcha') return Response.json({ captchaId: '00000000-0000-4000-8000-000000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', expiresAt: '2030-01-01T00:00:00Z' });
      if (path === '/api/v1/users' && init?.method === 'POST') {
        registered.push(JSON.parse(String(init.body)));
        return Response.json({ userId: '00000000-0000-4000-8000-000000000002', status }, { status: 201 });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return registered;
}

async function renderAt(path: string) {
  const i18n = await testI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:lang/register" element={<RegisterPage />} />
            <Route path="/:lang/register/:affcode" element={<RegisterPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`)!;

function fillValidForm() {
  const values: Record<string, string> = {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '01.02.1990',
    idNumber: '12345678901',
    email: 'ayse@example.com',
    mobile: '5551112233',
    city: 'İzmir',
    address: 'Kordon 1',
    postCode: '35000',
    userName: 'ayse90',
    password: 'gizli123',
    passwordRepeat: 'gizli123',
    captcha: 'ABCD',
  };
  for (const [name, value] of Object.entries(values)) fireEvent.change(input(name), { target: { value } });
  fireEvent.change(document.querySelector('select[name=sex]')!, { target: { value: 'f' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('registration form and the site settings (spec §3 defaultPhone, defaultCountry, redirectRegister)', () => {
  it('starts with the site’s phone prefix and country, and shows the code a /register/<CODE> link carries', async () => {
    serve({ defaultPhone: '+49', defaultCountry: 'DE' }, 'pending');
    await renderAt('/en/register/PROMO42');
    await vi.waitFor(() => expect(input('phoneCode').value).toBe('+49'));
    expect(input('countryId').value).toBe('DE');
    expect(screen.getByTestId('register-affiliate-code').textContent).toContain('PROMO42');
  });

  it('an account that may log in at once is told so, with the way redirectRegister names (home here); the carried code is sent', async () => {
    const registered = serve({ redirectRegister: 'home' }, 'active');
    await renderAt('/en/register/PROMO42');
    await vi.waitFor(() => expect(input('phoneCode').value).toBe('+90'));
    await screen.findByTestId('captcha-image');
    fillValidForm();
    fireEvent.submit(screen.getByTestId('register-form'));
    const next = await screen.findByTestId('register-next');
    expect([next.getAttribute('href'), next.textContent]).toEqual(['/en', 'Go to the home page']);
    expect(screen.getByTestId('register-success').textContent).toContain('Log in with your user name and password.');
    expect(registered).toEqual([expect.objectContaining({ affiliateUser: 'PROMO42', phoneCode: '+90', countryId: 'TR', userName: 'ayse90' })]);
  });

  it('by default the way on is the deposit page, and a plain /register link shows no code', async () => {
    serve({}, 'active');
    await renderAt('/en/register');
    await screen.findByTestId('captcha-image');
    expect(screen.queryByTestId('register-affiliate-code')).toBeNull();
    fillValidForm();
    fireEvent.submit(screen.getByTestId('register-form'));
    const next = await screen.findByTestId('register-next');
    expect([next.getAttribute('href'), next.textContent]).toEqual(['/en/deposit', 'Deposit']);
  });

  it('an account awaiting e-mail activation is told to open its mail, with no way on', async () => {
    serve({ redirectRegister: 'home' }, 'pending');
    await renderAt('/en/register');
    await screen.findByTestId('captcha-image');
    fillValidForm();
    fireEvent.submit(screen.getByTestId('register-form'));
    expect((await screen.findByTestId('register-success')).textContent).toContain('activation link');
    expect(screen.queryByTestId('register-next')).toBeNull();
  });
});
