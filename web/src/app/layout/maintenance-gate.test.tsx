import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '@/lib/api-client';
import { testI18n } from '@/testing/render';
import { AppProvider, createQueryClient } from '../provider';
import { MaintenanceGate } from './maintenance-gate';

/** The api: the site's settings with its maintenance switch, and a wallet refused while it is on. */
function serve(site: { maintenance: boolean }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: site.maintenance ? 8 : 7, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, maintenance: site.maintenance } });
      if (url.pathname === '/api/v1/wallet') return site.maintenance ? Response.json({ error: 'maintenance' }, { status: 503 }) : Response.json({ balance: 1_000 });
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

function Wallet() {
  const wallet = useQuery({ queryKey: ['wallet-probe'], queryFn: () => apiRequest<{ balance: number }>('/api/v1/wallet'), refetchInterval: 50 });
  return <p data-testid="site-content">{wallet.data ? `balance ${wallet.data.balance}` : 'loading'}</p>;
}

async function renderApp(language: 'tr' | 'en') {
  return render(
    <AppProvider queryClient={createQueryClient()} i18n={await testI18n(language)}>
      <MemoryRouter>
        <MaintenanceGate>
          <Wallet />
        </MaintenanceGate>
      </MemoryRouter>
    </AppProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the maintenance page (§2)', () => {
  it('a site in maintenance shows the page instead of the site, in Turkish', async () => {
    serve({ maintenance: true });
    await renderApp('tr');
    expect((await screen.findByTestId('maintenance-page')).textContent).toContain('Bakım çalışması');
    expect(screen.queryByTestId('site-content')).toBeNull();
  });

  it('when the operator closes the site while the page is open, the first call refused with maintenance brings the page up', async () => {
    const site = { maintenance: false };
    serve(site);
    await renderApp('en');
    expect((await screen.findByText('balance 1000')).textContent).toBe('balance 1000');
    site.maintenance = true;
    expect((await screen.findByTestId('maintenance-page', {}, { timeout: 5_000 })).textContent).toContain('We are under maintenance');
  });
});
