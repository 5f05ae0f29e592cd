import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillRegistration, registerField, renderRegister, serveRegistration } from '@/testing/register';

const input = registerField;
const serve = (settings: Parameters<typeof serveRegistration>[0], status: 'active' | 'pending') => serveRegistration(settings, { status });
const renderAt = renderRegister;
const fillValidForm = () => fillRegistration();

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
