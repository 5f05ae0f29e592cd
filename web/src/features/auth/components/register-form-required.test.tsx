import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillRegistration, registerField, renderRegister, serveRegistration } from '@/testing/register';

const field = registerField;
const labelOf = (name: string) => field(name).closest('label')!;
const serve = (settings: Parameters<typeof serveRegistration>[0]) => serveRegistration(settings, { lists: true });
/** The register page, once its captcha has come. */
async function renderRegisterForm() {
  await renderRegister();
  await screen.findByTestId('captcha-image');
}
/** Everything but the phone and the ID number. */
const fillWithoutPhoneAndId = () => fillRegistration(['mobile', 'idNumber']);

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('registration as the brand configures it (§3 registerMobileRequired, registerTcRequired; §7 getCountries, getCurrencies)', () => {
  it('a brand that asks for neither: the phone and the ID number are marked optional and the account is sent without them', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false });
    await renderRegisterForm();
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
    await renderRegisterForm();
    expect(labelOf('mobile').textContent).not.toContain('(optional)');
    fillWithoutPhoneAndId();
    fireEvent.submit(screen.getByTestId('register-form'));
    await vi.waitFor(() => expect(labelOf('mobile').textContent).toContain('This field is required.'));
    expect(labelOf('idNumber').textContent).toContain('This field is required.');
    expect(registered).toEqual([]);
  });

  it('a phone given where none is asked is still checked, as the server does', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false });
    await renderRegisterForm();
    fillWithoutPhoneAndId();
    fireEvent.change(field('mobile'), { target: { value: '55x' } });
    fireEvent.submit(screen.getByTestId('register-form'));
    await vi.waitFor(() => expect(labelOf('mobile').querySelector('.field-error')).not.toBeNull());
    expect(registered).toEqual([]);
  });

  it('country and currency are chosen from the api’s lists, named in the page’s language, the site’s defaults preselected', async () => {
    const registered = serve({ registerMobileRequired: false, registerTcRequired: false, defaultCountry: 'TR', defaultCurrency: 'TRY' });
    await renderRegisterForm();
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
