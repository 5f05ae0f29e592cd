import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { SpecialBanners } from './special-banners';
import { StatisticsLink } from './statistics-link';
import { TvLogos } from './tv-logos';
import { statisticLink } from '../types';

function serve(settings: Partial<typeof DEFAULT_SITE_SETTINGS>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, ...settings } })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('§3 statistic_url, special banners and TV logos on the player site', () => {
  it('the match page links to the statistics of that match when the site has a pattern', async () => {
    serve({ statisticUrl: 'https://stats.example/match/{matchId}?lang=tr' });
    await renderPage(<StatisticsLink matchId="m 42" />, { language: 'en' });
    const link = (await screen.findByTestId('match-statistics')) as HTMLAnchorElement;
    expect([link.getAttribute('href'), link.textContent, link.target]).toEqual(['https://stats.example/match/m%2042?lang=tr', 'Match statistics', '_blank']);
  });

  it('no pattern, no link; a pattern without {matchId} gets the id appended', () => {
    expect(statisticLink({ statistic_url: '' }, 42)).toBeNull();
    expect(statisticLink({ statistic_url: 'https://stats.example/m/' }, 42)).toBe('https://stats.example/m/42');
  });

  it('shows the special banners that have an image, each with its link, and the TV logos in order', async () => {
    serve({ specialBanner1: { file: '', link: '/tr/casino' }, specialBanner2: { file: '/b/2.jpg', link: '/tr/slots' }, tvLogos: ['/tv/a.png', '/tv/b.png'] });
    await renderPage(
      <>
        <SpecialBanners />
        <TvLogos />
      </>,
    );
    const banners = await screen.findAllByTestId('special-banner');
    expect(banners.map((b) => [b.getAttribute('href'), b.querySelector('img')?.getAttribute('src')])).toEqual([['/tr/slots', '/b/2.jpg']]);
    expect([...screen.getByTestId('tv-logos').querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual(['/tv/a.png', '/tv/b.png']);
  });
});
