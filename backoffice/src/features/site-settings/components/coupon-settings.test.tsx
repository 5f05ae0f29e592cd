import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@contract/identity';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SiteSettingsForm } from './settings-form';

const site: SiteInfo = { siteId: 'kupon', name: 'Kupon', hosts: ['kupon.example'], version: 4, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS } };

const renderForm = (language: 'tr' | 'en') => renderWithProviders(<SiteSettingsForm site={site} editable />, { language });

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Partial<SiteInfo['settings']>;
      sent.push(body);
      return Response.json({ ...site, version: 5, settings: { ...site.settings, ...body } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('site settings form: the coupon bonus and the sell/cancel policy (§3 bonusCoupon, §4, §9)', () => {
  it('shows a new site’s values and sends the bonus in thousandths and the margin in basis points', async () => {
    const sent = serve();
    await renderForm('en');
    expect([...['bonusCoupon.bonusPercent', 'bonusCoupon.bonusTipCount', 'bonusCoupon.bonusOdds', 'couponSell.margin', 'couponCancel.periodMinutes'].map((id) => (screen.getByTestId(`field-${id}`) as HTMLInputElement).value)]).toEqual(['0', '3', '1,3', '5', '5']);
    type('field-bonusCoupon.bonusPercent', '5');
    type('field-bonusCoupon.bonusOdds', '1,25');
    type('field-couponSell.margin', '7,5');
    fireEvent.click(screen.getByTestId('field-couponCancel.enabled'));
    type('field-couponCancel.periodMinutes', '10');
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await screen.findByTestId('site-settings-saved');
    expect(sent).toEqual([{ bonusCoupon: { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1250 }, couponSell: { enabled: true, marginBp: 750 }, couponCancel: { enabled: false, periodMinutes: 10 } }]);
  });

  it('refuses a bonus above the cap and a zero cancel period under their fields, in Turkish, and sends nothing', async () => {
    const sent = serve();
    await renderForm('tr');
    expect(screen.getByText('Oynandıktan sonra iptal süresi (dakika)')).toBeTruthy();
    type('field-bonusCoupon.bonusPercent', '30');
    type('field-couponCancel.periodMinutes', '0');
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await screen.findAllByText('Geçersiz değer.')).toHaveLength(2);
    expect(sent).toEqual([]);
  });
});

describe('site settings form: max payout tiers (§9)', () => {
  it('shows a band per stake range and sends the caps typed as money in minor units', async () => {
    const sent = serve();
    await renderForm('en');
    expect(screen.getByText('Stake 1–100: pays at most')).toBeTruthy();
    expect(screen.getByText('Stake 5000+: pays at most')).toBeTruthy();
    type('field-maxPayoutTiers.0', '500');
    type('field-maxPayoutTiers.1', '1.000,50');
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await screen.findByTestId('site-settings-saved');
    expect(sent).toEqual([{ maxPayoutTiers: [50_000, 100_050, 0, 0, 0, 0] }]);
  });

  it('refuses, in Turkish and under the band, caps that would let a larger stake win less, and sends nothing', async () => {
    const sent = serve();
    await renderForm('tr');
    expect(screen.getByText('100–250 bahis: en çok ödeme')).toBeTruthy();
    type('field-maxPayoutTiers.0', '500');
    type('field-maxPayoutTiers.1', '400');
    fireEvent.click(screen.getByTestId('site-settings-save'));
    const band = screen.getByTestId('field-maxPayoutTiers.1').closest('label') as HTMLElement;
    expect(await within(band).findByText('Geçersiz değer.')).toBeTruthy();
    type('field-maxPayoutTiers.1', 'beş yüz');
    fireEvent.click(screen.getByTestId('site-settings-save'));
    expect(await within(screen.getByTestId('field-maxPayoutTiers.1').closest('label') as HTMLElement).findByText('Geçersiz değer.')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe('site settings form: maintenance (§2)', () => {
  it('turning maintenance on sends the switch alone', async () => {
    const sent = serve();
    await renderForm('en');
    fireEvent.click(screen.getByLabelText(/^Maintenance: the player site shows the maintenance page/));
    fireEvent.click(screen.getByTestId('site-settings-save'));
    await screen.findByTestId('site-settings-saved');
    expect(sent).toEqual([{ maintenance: true }]);
  });
});

