import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { ContactSidebar } from './contact-sidebar';

const site = (settings: Partial<SiteInfo['settings']>): SiteInfo => ({
  siteId: 'bahis',
  name: 'Bahis',
  hosts: [],
  version: 2,
  operatorId: 'bahis',
  settings: { ...DEFAULT_SITE_SETTINGS, ...settings },
});

/** The api as the sidebar calls it: only the brand's settings. */
function serveSite(info: SiteInfo) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://bahis.example');
      return url.pathname === '/api/v1/sites/current' ? Response.json(info) : Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('contact sidebar (§2)', () => {
  it("lists the brand's live chat, each WhatsApp number with its title and the Telegram name, each opening in a new tab", async () => {
    serveSite(site({ liveChatDesktop: 'https://chat.example/bahis', whatsappNumber: '+90 555 111 22 33; +90 555 444 55 66', whatsappTitle: 'Destek hattı', telegramName: '@bahisdestek' }));
    await renderPage(<ContactSidebar />);
    // The contact form's link is there at once; the brand's ways come with its settings.
    await screen.findByTestId('contact-live-chat');
    const sidebar = screen.getByTestId('contact-sidebar');
    expect(sidebar.getAttribute('aria-label')).toBe('İletişim');
    expect(screen.getByTestId('contact-live-chat').textContent).toBe('Canlı destek');
    expect(screen.getByTestId('contact-live-chat').getAttribute('href')).toBe('https://chat.example/bahis');
    expect(screen.getAllByTestId('contact-whatsapp').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Destek hattı +90 555 111 22 33', 'https://wa.me/905551112233'],
      ['Destek hattı +90 555 444 55 66', 'https://wa.me/905554445566'],
    ]);
    expect(screen.getByTestId('contact-telegram').getAttribute('href')).toBe('https://t.me/bahisdestek');
    for (const link of sidebar.querySelectorAll('a:not([data-testid="contact-form-link"])')) expect(link.getAttribute('target')).toBe('_blank');
    // The site's own contact form opens in the same tab.
    expect(screen.getByTestId('contact-form-link').textContent).toBe('İletişim formu');
    expect(screen.getByTestId('contact-form-link').getAttribute('href')).toBe('/tr/contact');
    expect(screen.getByTestId('contact-form-link').getAttribute('target')).toBeNull();
  });

  it('reads in English, and a brand with only a Telegram name shows only that', async () => {
    serveSite(site({ telegramName: 'kupondestek' }));
    await renderPage(<ContactSidebar />, { language: 'en' });
    expect((await screen.findByTestId('contact-telegram')).textContent).toContain('kupondestek');
    expect(screen.getByTestId('contact-sidebar').querySelector('h2')!.textContent).toBe('Contact');
    expect(screen.queryByTestId('contact-live-chat')).toBeNull();
    expect(screen.queryByTestId('contact-whatsapp')).toBeNull();
  });

  it('a brand with no contact way set still offers its contact form, and only that', async () => {
    serveSite(site({ title: 'Sessiz' }));
    const { client } = await renderPage(<ContactSidebar />, { language: 'en' });
    await waitFor(() => expect(client.getQueryData(['site-settings', location.hostname])).toBeTruthy());
    const sidebar = screen.getByTestId('contact-sidebar');
    expect([...sidebar.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([['Contact form', '/en/contact']]);
  });

  it('its title folds it to a tab and opens it again; on a phone it starts folded, covering nothing', async () => {
    serveSite(site({ telegramName: 'kupondestek' }));
    const { unmount } = await renderPage(<ContactSidebar />, { language: 'en' });
    const toggle = screen.getByTestId('contact-sidebar-toggle');
    const ways = () => screen.getByTestId('contact-form-link').parentElement!;
    expect([toggle.getAttribute('aria-expanded'), ways().hidden]).toEqual(['true', false]);
    fireEvent.click(toggle);
    expect([toggle.getAttribute('aria-expanded'), ways().hidden]).toEqual(['false', true]);
    fireEvent.click(toggle);
    expect(ways().hidden).toBe(false);
    unmount();

    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 700px)', media: query }));
    await renderPage(<ContactSidebar />, { language: 'en' });
    expect(screen.getByTestId('contact-sidebar-toggle').getAttribute('aria-expanded')).toBe('false');
    expect(ways().hidden).toBe(true);
    fireEvent.click(screen.getByTestId('contact-sidebar-toggle'));
    expect(ways().hidden).toBe(false);
  });
});
