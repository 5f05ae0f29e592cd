import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { SiteAppearance } from './site-appearance';

/** The settings route answering one brand's full settings. */
function serveBrand(settings: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({
        siteId: 'bahis',
        name: 'Bahis',
        hosts: [],
        version: 2,
        operatorId: 'bahis',
        settings: {
          registerDisabled: false, loginScreen: false, mailActivation: true, registerMobileRequired: true, registerTcRequired: true,
          defaultCurrency: 'EUR', defaultLang: 'tr', defaultTheme: 'royal', affiliateStatus: false,
          logo: '', favicon: '', customCss: '', customJs: '', social: { twitter: '', facebook: '', instagram: '', youtube: '', googleplus: '' },
          whatsappNumber: '', whatsappTitle: '', telegramName: '', footerText: '', licenceLink: '', licenceName: '', couponAmountGroup: '5,10',
          ...settings,
        },
      }),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelectorAll('[data-site], link[rel=icon]').forEach((node) => node.remove());
  document.body.querySelectorAll('[data-site]').forEach((node) => node.remove());
});

describe('the brand from site settings (spec §1, §3)', () => {
  it('applies the theme, title and favicon, and injects the custom CSS and JS once each', async () => {
    serveBrand({ favicon: '/brands/bahis-icon.svg', customCss: '.logo { outline: 1px solid red }', customJs: 'window.__brandScript = (window.__brandScript || 0) + 1;' });
    await act(async () => {
      await renderPage(<SiteAppearance />);
    });
    await vi.waitFor(() => expect(document.documentElement.dataset.theme).toBe('royal'));
    expect(document.title).toBe('Bahis');
    expect(document.querySelector<HTMLLinkElement>('link[rel=icon]')?.getAttribute('href')).toBe('/brands/bahis-icon.svg');
    expect([...document.head.querySelectorAll('style[data-site=custom-css]')].map((s) => s.textContent)).toEqual(['.logo { outline: 1px solid red }']);
    expect(document.body.querySelectorAll('script[data-site=custom-js]')).toHaveLength(1);
  });
});
