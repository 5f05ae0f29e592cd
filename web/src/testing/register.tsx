import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { fireEvent } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';
import RegisterPage from '@/app/routes/register';
import { renderPage } from './render';

/**
 * The api as the register page calls it: the site's settings, a captcha, and registration answering
 * `status` (active: may log in at once); `lists` adds the §7 country and currency lists. Returns the
 * registrations sent.
 */
export function serveRegistration(settings: Partial<typeof DEFAULT_SITE_SETTINGS>, { status = 'active', lists = false }: { status?: 'active' | 'pending'; lists?: boolean } = {}) {
  const registered: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 3, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });
      if (lists && url.pathname === '/api/v1/countries') {
        const en = url.searchParams.get('lang') === 'en';
        return Response.json({ defaultCountry: 'TR', countries: [{ code: 'DE', name: en ? 'Germany' : 'Almanya' }, { code: 'TR', name: 'Türkiye' }] });
      }
      if (lists && url.pathname === '/api/v1/currencies') return Response.json({ defaultCurrency: 'TRY', currencies: [{ code: 'TRY', name: 'Turkish Lira' }, { code: 'EUR', name: 'Euro' }] });
      if (url.pathname === '/api/v1/captcha') return Response.json({ captchaId: '00000000-0000-4000-8000-000000000001', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>', expiresAt: '2030-01-01T00:00:00Z' });
      if (url.pathname === '/api/v1/users' && init?.method === 'POST') {
        registered.push(JSON.parse(String(init.body)) as Record<string, unknown>);
        return Response.json({ userId: '00000000-0000-4000-8000-000000000002', status }, { status: 201 });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return registered;
}

/** The register page at `path` (`/en/register`, or with an affiliate code `/en/register/PROMO42`). */
export const renderRegister = (path = '/en/register') =>
  renderPage(
    <Routes>
      <Route path="register" element={<RegisterPage />} />
      <Route path="register/:affcode" element={<RegisterPage />} />
    </Routes>,
    { language: 'en', path },
  );

/** A registration field by its name (input or select). */
export const registerField = (name: string) => document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)!;

/** Fills the register form as a valid §3 registration, leaving out the fields named in `except`. */
export function fillRegistration(except: readonly string[] = []) {
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
  for (const [name, value] of Object.entries(values)) if (!except.includes(name)) fireEvent.change(registerField(name), { target: { value } });
  fireEvent.change(registerField('sex'), { target: { value: 'f' } });
}
