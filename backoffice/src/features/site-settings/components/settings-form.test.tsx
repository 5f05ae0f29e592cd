import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@contract/identity';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SiteSettingsForm } from './settings-form';

const site = (settings: Partial<SiteInfo['settings']> = {}): SiteInfo => ({
  siteId: 'kupon',
  name: 'Kupon',
  hosts: ['kupon.example'],
  version: 4,
  operatorId: 'kupon',
  settings: {
    ...DEFAULT_SITE_SETTINGS,
    ...settings,
  },
});

const renderForm = (info: SiteInfo, language: 'tr' | 'en') => renderWithProviders(<SiteSettingsForm site={info} editable />, { language });

/** The settings route: answers the site with the sent changes applied, and keeps what was sent. */
function serveSettings(info: SiteInfo) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Partial<SiteInfo['settings']>;
      sent.push(body);
      return new Response(JSON.stringify({ ...info, version: info.version + 1, settings: { ...info.settings, ...body } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('site settings form: stake limits', () => {
  it('shows the limits, and sends the per-match limit in minor units and the same-coupon count as typed', async () => {
    const sent = serveSettings(site({ matchStakeLimit: 50_000 }));
    await renderForm(site({ matchStakeLimit: 50_000 }), 'en');
    expect(screen.getByText('Stake limit per match and player (0 = none)')).toBeTruthy();
    expect(screen.getByText('Identical coupons a player may hold (0 = no limit)')).toBeTruthy();
    expect((screen.getByTestId('field-matchStakeLimit') as HTMLInputElement).value).toBe('500');
    expect((screen.getByTestId('field-sameCouponLimit') as HTMLInputElement).value).toBe('0');

    fireEvent.change(screen.getByTestId('field-matchStakeLimit'), { target: { value: '1.250,50' } });
    fireEvent.change(screen.getByTestId('field-sameCouponLimit'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await screen.findByTestId('site-settings-saved');
    expect(sent).toEqual([{ matchStakeLimit: 125_050, sameCouponLimit: 3 }]);
  });

  it('refuses a negative or fractional limit under its field, in Turkish, and sends nothing', async () => {
    const sent = serveSettings(site());
    await renderForm(site(), 'tr');
    expect(screen.getByText('Oyuncu başına maç bahis limiti (0 = sınırsız)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-matchStakeLimit'), { target: { value: '-10' } });
    fireEvent.change(screen.getByTestId('field-sameCouponLimit'), { target: { value: '2,5' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await waitFor(() => expect(screen.getByTestId('error-matchStakeLimit').textContent).toBe('Geçersiz değer.'));
    expect(screen.getByTestId('error-sameCouponLimit').textContent).toBe('Geçersiz değer.');
    expect(sent).toEqual([]);
  });
});

describe('site settings form: the rest of §3', () => {
  it('sends only the changed fields: title, id list, logos one a line, redirect, hidden currency, decimals, a special banner', async () => {
    const sent = serveSettings(site());
    await renderForm(site(), 'en');
    expect(screen.getByText('After registration the player goes to')).toBeTruthy();
    expect((screen.getByTestId('field-defaultPhone') as HTMLInputElement).value).toBe('+90');
    fireEvent.change(screen.getByTestId('field-title'), { target: { value: 'Kupon Bahis' } });
    fireEvent.change(screen.getByTestId('field-topSlotIds'), { target: { value: '101,102' } });
    fireEvent.change(screen.getByTestId('field-paymentLogos'), { target: { value: '/pay/a.svg\n\n https://cdn.example/b.svg ' } });
    fireEvent.change(screen.getByTestId('field-redirectRegister'), { target: { value: 'home' } });
    fireEvent.click(screen.getByLabelText('Hide the currency sign in amounts'));
    fireEvent.change(screen.getByTestId('field-toFixedNumber'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('field-specialBanner1.file'), { target: { value: '/b/1.jpg' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await screen.findByTestId('site-settings-saved');
    expect(sent).toEqual([
      { title: 'Kupon Bahis', topSlotIds: '101,102', paymentLogos: ['/pay/a.svg', 'https://cdn.example/b.svg'], redirectRegister: 'home', currencyMode: 1, toFixedNumber: 3, specialBanner1: { file: '/b/1.jpg', link: '' } },
    ]);
  });

  it('refuses decimals above 3, a junk id list and a lower-case country under their fields, in Turkish, and sends nothing', async () => {
    const sent = serveSettings(site());
    await renderForm(site(), 'tr');
    expect(screen.getByText('Oran ve tutarlarda ondalık basamak (0–3)')).toBeTruthy();
    fireEvent.change(screen.getByTestId('field-toFixedNumber'), { target: { value: '4' } });
    fireEvent.change(screen.getByTestId('field-newCasinoIds'), { target: { value: '12,abc' } });
    fireEvent.change(screen.getByTestId('field-defaultCountry'), { target: { value: 'tr' } });
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await waitFor(() => expect(screen.getByTestId('error-toFixedNumber').textContent).toBe('Geçersiz değer.'));
    expect(screen.getByTestId('error-newCasinoIds').textContent).toBe('Geçersiz değer.');
    expect(screen.getByTestId('error-defaultCountry').textContent).toBe('Geçersiz değer.');
    expect(sent).toEqual([]);
  });
});
