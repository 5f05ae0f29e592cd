import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, STORAGE_KEYS } from '@/lib/storage';
import { renderPage } from '@/testing/render';
import { type CachedSettings, fetchSettings, SETTINGS_REFRESH_MS, useSiteSettings } from './get-settings';

const site = (version: number, customCss: string, operatorId = 'kupon'): SiteInfo => ({
  siteId: operatorId,
  name: 'Kupon',
  hosts: ['kupon.example'],
  version,
  operatorId,
  settings: {
    ...DEFAULT_SITE_SETTINGS,
    mailActivation: false,
    defaultTheme: 'royal',
    logo: '/brands/kupon.svg',
    favicon: '/brands/kupon-icon.svg',
    customCss,
    social: { twitter: 'https://twitter.com/kupon', facebook: '', instagram: '', youtube: '', googleplus: '' },
    whatsappNumber: '+90 555 000 00 01',
    whatsappTitle: 'Destek',
    telegramName: 'kupon_destek',
    couponAmountGroup: '2,5',
  },
});

/** The settings route as the api answers it: the whole site, or "unchanged" for the version the caller holds. */
function serve(current: SiteInfo) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      asked.push(url);
      const body = url.searchParams.get('version') === String(current.version) ? { siteId: current.siteId, version: current.version, operatorId: current.operatorId, unchanged: true } : current;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function ShownCss() {
  return <p data-testid="css">{useSiteSettings().css}</p>;
}

describe('site settings with version caching (spec §7)', () => {
  it('the first visit keeps the settings with their version and operator; the header items arrive in the app’s names', async () => {
    const asked = serve(site(3, '.a{}'));
    const settings = await fetchSettings('kupon.example');
    expect(asked[0]!.searchParams.get('domain')).toBe('kupon.example');
    expect(asked[0]!.searchParams.has('version')).toBe(false);
    expect(settings).toMatchObject({ version: 3, operatorId: 'kupon', logo: '/brands/kupon.svg', css: '.a{}', telegramName: 'kupon_destek', coupon_amount_group: '2,5', site_default_theme: 'royal' });
    expect(readStored<CachedSettings>(STORAGE_KEYS.settings)).toMatchObject({ domain: 'kupon.example', version: 3, operatorId: 'kupon' });
  });

  it('a later refresh sends the version it holds and, told it is current, uses the stored copy', async () => {
    serve(site(3, '.stored{}'));
    await fetchSettings('kupon.example');
    const asked = serve(site(3, '.would-be-sent-again{}'));
    const settings = await fetchSettings('kupon.example');
    expect(asked[0]!.searchParams.get('version')).toBe('3');
    expect(settings.css).toBe('.stored{}');
  });

  it('a new version replaces the stored copy', async () => {
    serve(site(3, '.old{}'));
    await fetchSettings('kupon.example');
    serve(site(4, '.new{}'));
    expect((await fetchSettings('kupon.example')).css).toBe('.new{}');
    expect(readStored<CachedSettings>(STORAGE_KEYS.settings)?.version).toBe(4);
  });

  it('a copy stored for another host is not used; with the api unreachable the stored copy of this host stands in', async () => {
    serve(site(3, '.kupon{}'));
    await fetchSettings('kupon.example');
    const asked = serve(site(3, '.other{}', 'bahis'));
    expect((await fetchSettings('bahis.example')).css).toBe('.other{}');
    expect(asked[0]!.searchParams.has('version')).toBe(false);

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect((await fetchSettings('bahis.example')).css).toBe('.other{}');
  });
});

describe('an open page re-reads the settings every 6 hours (spec §7, §9)', () => {
  it('a change made meanwhile arrives at the refresh, not before', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const asked = serve(site(3, '.first{}'));
    const { getByTestId } = await renderPage(<ShownCss />);
    await vi.waitFor(() => expect(getByTestId('css').textContent).toBe('.first{}'));
    serve(site(4, '.second{}'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(SETTINGS_REFRESH_MS - 1000);
    });
    expect(getByTestId('css').textContent).toBe('.first{}');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    await vi.waitFor(() => expect(getByTestId('css').textContent).toBe('.second{}'));
    expect(asked).toHaveLength(1);
  });
});
