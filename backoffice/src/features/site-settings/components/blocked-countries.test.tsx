import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@contract/identity';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SiteSettingsForm } from './settings-form';

const site: SiteInfo = { siteId: 'kupon', name: 'Kupon', hosts: ['kupon.example'], version: 4, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, blockedCountries: ['NL'] } };

function serve() {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}')) as Partial<SiteInfo['settings']>;
      sent.push(body);
      return new Response(JSON.stringify({ ...site, version: 5, settings: { ...site.settings, ...body } }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('site settings form: blocked countries (countryNotAllowed)', () => {
  it('shows the blocked countries and sends the codes typed, upper-cased, as a list', async () => {
    const sent = serve();
    await renderWithProviders(<SiteSettingsForm site={site} editable />, { language: 'en' });
    const input = screen.getByTestId('field-blockedCountries') as HTMLInputElement;
    expect(input.value).toBe('NL');
    fireEvent.change(input, { target: { value: 'nl, de  FR' } });
    fireEvent.submit(screen.getByTestId('site-settings-form'));
    await waitFor(() => expect(sent).toEqual([{ blockedCountries: ['NL', 'DE', 'FR'] }]));
  });

  it('refuses a code that is not two letters under the field, sending nothing', async () => {
    const sent = serve();
    await renderWithProviders(<SiteSettingsForm site={site} editable />, { language: 'en' });
    fireEvent.change(screen.getByTestId('field-blockedCountries'), { target: { value: 'DEU' } });
    fireEvent.submit(screen.getByTestId('site-settings-form'));
    const label = screen.getByTestId('field-blockedCountries').closest('label')!;
    await waitFor(() => expect(within(label).getByRole('alert')).toBeTruthy());
    expect(sent).toEqual([]);
  });
});
