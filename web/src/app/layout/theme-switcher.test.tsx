import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteAppearance } from '@/features/site/components/site-appearance';
import { THEME_STORAGE_KEY, useThemeChoice } from '@/features/site/theme-choice';
import { renderPage } from '@/testing/render';
import { ThemeSwitcher } from './theme-switcher';

function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://kupon.example').pathname;
      if (path === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, defaultTheme: 'emerald', ...settings } });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

async function renderSwitcher(language: 'tr' | 'en' = 'tr') {
  const page = await renderPage(
    <>
      <SiteAppearance />
      <ThemeSwitcher />
      <p>ready</p>
    </>,
    { language },
  );
  await waitFor(() => expect(page.client.getQueryData(['site-settings', location.hostname])).toMatchObject({ version: 2 }));
  return page;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  useThemeChoice.setState({ chosen: null });
});

describe('theme switcher (§3 themeChange)', () => {
  it('lists the site’s themes; a pick changes the look at once and is remembered in this browser', async () => {
    serve({ themeChange: true });
    await renderSwitcher('en');
    const select = (await screen.findByTestId('theme-switcher')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Classic', 'Emerald', 'Royal']);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('emerald'));
    expect(select.value).toBe('emerald');
    fireEvent.change(select, { target: { value: 'royal' } });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('royal'));
    expect(JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? 'null')).toBe('royal');
  });

  it('a remembered pick is read back on the next visit', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, JSON.stringify('royal'));
    vi.resetModules();
    const fresh = await import('@/features/site/theme-choice');
    expect(fresh.useThemeChoice.getState().chosen).toBe('royal');
  });

  it('with themeChange off there is no switcher and the site’s default theme shows, whatever was picked before', async () => {
    useThemeChoice.setState({ chosen: 'royal' });
    serve({ themeChange: false });
    await renderSwitcher();
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('emerald'));
    expect(screen.queryByTestId('theme-switcher')).toBeNull();
  });

  it('Turkish names', async () => {
    serve({ themeChange: true });
    await renderSwitcher('tr');
    const select = (await screen.findByTestId('theme-switcher')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Klasik', 'Zümrüt', 'Kraliyet']);
  });
});
