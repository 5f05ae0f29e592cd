import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@/lib/format';
import { renderPage } from '@/testing/render';
import { fetchSettings, useSiteSettings } from '../api/get-settings';
import { gameIds, registerDestination, statisticLink } from '../types';
import { SiteAppearance } from './site-appearance';

const brand = (settings: Partial<SiteInfo['settings']>): SiteInfo => ({ siteId: 'bahis', name: 'Bahis', hosts: [], version: 5, operatorId: 'bahis', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } });

function serve(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body)),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.head.querySelectorAll('[data-site], link[rel=icon]').forEach((node) => node.remove());
  document.body.querySelectorAll('[data-site]').forEach((node) => node.remove());
  document.body.style.backgroundImage = '';
  document.title = '';
});

describe('the rest of §3 site settings on the player site', () => {
  it('title, keywords, description and site verification become the document title and meta tags; background and analytics are applied', async () => {
    serve(
      brand({
        title: 'Bahis – Canlı Bahis',
        keywords: 'bahis, iddaa',
        description: 'En yüksek oranlar',
        siteVerification: 'verify-123',
        background: '/brands/bahis-bg.jpg',
        analyticsId: 'G-TEST1',
        analyticsScript: 'window.__analyticsRuns = (window.__analyticsRuns || 0) + 1;',
      }),
    );
    await act(async () => {
      await renderPage(<SiteAppearance />);
    });
    await vi.waitFor(() => expect(document.title).toBe('Bahis – Canlı Bahis'));
    const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    expect([meta('keywords'), meta('description'), meta('google-site-verification')]).toEqual(['bahis, iddaa', 'En yüksek oranlar', 'verify-123']);
    expect(document.body.style.backgroundImage).toContain('/brands/bahis-bg.jpg');
    expect(document.body.querySelectorAll('script[data-site=analytics-script]')).toHaveLength(1);
    expect(document.head.querySelector<HTMLScriptElement>('script[data-site=analytics-tag]')?.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST1');
    expect(document.body.querySelector('script[data-site=analytics-config]')?.textContent).toContain('"G-TEST1"');
  });

  it('without a title of its own the site name is the title, and no empty meta tag is written', async () => {
    serve(brand({}));
    await act(async () => {
      await renderPage(<SiteAppearance />);
    });
    await vi.waitFor(() => expect(document.title).toBe('Bahis'));
    expect(document.head.querySelector('meta[name=keywords]')).toBeNull();
    expect(document.body.querySelector('script[data-site=analytics-script]')).toBeNull();
  });

  it('currencyMode 1 hides the currency sign; the decimals, registration defaults and id lists arrive in the app’s names', async () => {
    serve(brand({ currencyMode: 1, toFixedNumber: 3, redirectRegister: 'home', defaultPhone: '+49', defaultCountry: 'DE', topSlotIds: '12, 7,x', statisticUrl: 'https://stats.example/m/{matchId}', topWinners: true, browserLanguage: false, specialBanner2: { file: '/b/2.jpg', link: '/tr/slots' } }));
    const settings = await fetchSettings('bahis.example');
    expect(settings).toMatchObject({ currencyMode: 1, tofixedNumber: 3, redirectRegister: 'home', defaultPhone: '+49', defaultCountry: 'DE', top_winners: 1, browser_language: 0, specialBanners: [{ file: '/b/2.jpg', link: '/tr/slots' }] });
    expect(formatMoney(12_550, 'TRY', settings.currencyMode)).toBe('125,50');
    expect(formatMoney(12_550, 'TRY', 0)).toBe('125,50 ₺');
    expect(gameIds(settings.topslot_ids)).toEqual([12, 7]);
    expect(statisticLink(settings, 42)).toBe('https://stats.example/m/42');
    expect(registerDestination(settings, 'tr')).toBe('/tr');
    expect(registerDestination({ redirectRegister: 'deposit' }, 'en')).toBe('/en/deposit');
  });

  it('an older server without these fields leaves the app’s defaults', async () => {
    const { title: _t, currencyMode: _c, toFixedNumber: _f, redirectRegister: _r, defaultPhone: _p, browserLanguage: _b, specialBanner1: _s1, specialBanner2: _s2, paymentLogos: _l, ...older } = DEFAULT_SITE_SETTINGS;
    serve({ siteId: 'bahis', name: 'Bahis', hosts: [], version: 2, operatorId: 'bahis', settings: older });
    function Shown() {
      const s = useSiteSettings();
      return <p data-testid="shown">{[s.title, s.currencyMode, s.tofixedNumber, s.redirectRegister, s.defaultPhone, s.browser_language, s.specialBanners.length, s.paymentLogos.length].join('|')}</p>;
    }
    const { findByText } = await renderPage(<Shown />);
    expect(await findByText('Bahis|0|2|deposit|+90|1|0|0')).toBeTruthy();
  });
});
