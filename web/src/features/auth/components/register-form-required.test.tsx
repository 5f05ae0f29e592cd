import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '@/testing/render';
import RegisterPage from '@/app/routes/register';

/** The api: the site's settings, the §7 country and currency lists, a captcha, and registration. */
function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  const registered: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 3, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      if (url.pathname === '/api/v1/countries') {
        const en = url.searchParams.get('lang') === 'en';
        return Response.json({ defaultCountry: 'TR', countries: [{ code: 'DE', name: en ? 'Germany' : 'Almanya' }, { code: 'TR', name: 'Türkiye' }] });
      }
      if (url.pathname === '/api/v1/currencies') return Response.json({ defaultCurrency: 'TRY', currencies: [{ code: 'TRY', name: 'Turkish Lira' }, { code: 'EUR', name: 'Euro' }] });
      if (url.pathname === '/api/v1/captcha') return Response.json({ captchaId: '00000000-0000-4000-8000-000000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', expiresAt: '2030-01-01T00:00:00Z' });
      if (url.pathname === '/api/v1/users' && init?.method === 'POST') {
        registered.push(JSON.parse(String(init.body)));
        return Response.json({ userId: '00000000-0000-4000-8000-000000000002', status: 'active' }, { status: 201 });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return registered;
}

async function renderRegister() {
  const i18n = await testI18n('en');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/en/register']}>
          <Routes>
            <Route path="/:lang/register" element={<RegisterPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByTestId('captcha-image');
}

const field = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;
const labelOf = (name: string) => field(name).closest('label')!;

/** Everything but the phone and the ID number. */
function fillWithoutPhoneAndId() {
  const values: Record<string, string> = {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '01.02.1990',
    email: 'ayse@example.com',
    city: 'İzmir',
    address: 'Kordon 1',
    postCode: '35000',
    userName: 'ayse90',
    password: 'gizli123',
    passwordRepeat: 'gizli123',
    captcha: 'ABCD',
  };
  for (const [name, value] of Object.entries(values)) fireEvent.change(field(name), { target: { value } });
  fireEvent.change(field('sex'), { target: { value: 'f' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('registration as the brand configures it (§3 registerMobileRequired, registerTcRequired; §7 getCountries, getCurrencies)', () => {
  it('a brand that asks for neither: the phone and the ID number are marked optional and the account is sent without them', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false });
    await renderRegister();
    await vi.waitFor(() => expect(labelOf('mobile').textContent).toContain('(optional)'));
    expect(labelOf('idNumber').textContent).toContain('(optional)');
    expect(labelOf('firstName').textContent).not.toContain('(optional)');
    fillWithoutPhoneAndId();
    fireEvent.submit(screen.getByTestId('register-form'));
    await screen.findByTestId('register-success');
    expect(registered).toHaveLength(1);
    expect(registered[0]).not.toHaveProperty('mobile');
    expect(registered[0]).not.toHaveProperty('idNumber');
  });

  it('a brand that asks for both (the default): each is required, and nothing is sent', async () => {
    const registered = serve({});
    await renderRegister();
    expect(labelOf('mobile').textContent).not.toContain('(optional)');
    fillWithoutPhoneAndId();
    fireEvent.submit(screen.getByTestId('register-form'));
    await vi.waitFor(() => expect(labelOf('mobile').textContent).toContain('This field is required.'));
    expect(labelOf('idNumber').textContent).toContain('This field is required.');
    expect(registered).toEqual([]);
  });

  it('a phone given where none is asked is still checked, as the server does', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false });
    await renderRegister();
    fillWithoutPhoneAndId();
    fireEvent.change(field('mobile'), { target: { value: '55x' } });
    fireEvent.submit(screen.getByTestId('register-form'));
    await vi.waitFor(() => expect(labelOf('mobile').querySelector('.field-error')).not.toBeNull());
    expect(registered).toEqual([]);
  });

  it('country and currency are chosen from the api’s lists, named in the page’s language, the site’s defaults preselected', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false, defaultCountry: 'TR', defaultCurrency: 'TRY' });
    await renderRegister();
    await vi.waitFor(() => expect([...(field('countryId') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Choose', 'Germany', 'Türkiye']));
    expect(field('countryId').value).toBe('TR');
    await vi.waitFor(() => expect([...(field('currency') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'TRY', 'EUR']));
    expect(field('currency').value).toBe('TRY');
    fillWithoutPhoneAndId();
    fireEvent.change(field('countryId'), { target: { value: 'DE' } });
    fireEvent.change(field('currency'), { target: { value: 'EUR' } });
    fireEvent.submit(screen.getByTestId('register-form'));
    await screen.findByTestId('register-success');
    expect(registered[0]).toMatchObject({ countryId: 'DE', currency: 'EUR' });
  });
});
