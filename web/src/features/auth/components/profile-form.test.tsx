import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import UserInformationPage from '@/app/routes/user-information';

const PROFILE = {
  sex: 'f',
  address: 'Kordon 1',
  city: 'İzmir',
  countryId: 'TR',
  postCode: '35000',
  autoprint: null as boolean | null,
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  birthDate: '1990-02-01',
  email: 'ayse@example.com',
  mobile: '905551112233',
  currency: 'TRY',
};

/** The api: a logged-in user of `role`, its profile, the country list; PATCH answers `refusal` or keeps the change. */
function serve({ role = 'player', autoPrint = false, refusal }: { role?: string; autoPrint?: boolean; refusal?: string } = {}) {
  let profile = { ...PROFILE };
  const patches: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const user = { userId: 'u1', userName: 'ayse90', firstName: 'Ayşe', lastName: 'Yılmaz', role, currency: 'TRY', lang: 'en', status: 'active', products: {}, onlineUser: 1, limits: {}, autoprint: profile.autoprint };
      if (url.pathname === '/api/v1/sites/current') return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, autoPrint } });
      if (url.pathname === '/api/v1/me') return Response.json(user);
      if (url.pathname === '/api/v1/wallet') return Response.json({ available: 12_345, currency: 'TRY' });
      if (url.pathname === '/api/v1/countries') return Response.json({ defaultCountry: 'TR', countries: [{ code: 'DE', name: 'Germany' }, { code: 'TR', name: 'Türkiye' }] });
      if (url.pathname === '/api/v1/me/profile' && init?.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        patches.push(body);
        if (refusal) return Response.json({ error: refusal }, { status: 422 });
        profile = { ...profile, ...body };
        return Response.json({ ...user, autoprint: profile.autoprint });
      }
      if (url.pathname === '/api/v1/me/profile') return Response.json(profile);
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return patches;
}

const field = (name: string) => document.querySelector<HTMLInputElement & HTMLSelectElement>(`[data-testid="profile-form"] [name="${name}"]`)!;

async function openPage() {
  await renderPage(<UserInformationPage />, { language: 'en', path: '/en/userInformation' });
  await screen.findByTestId('profile-form');
  await vi.waitFor(() => expect([...field('countryId').options].map((o) => o.textContent)).toEqual(['Choose', 'Germany', 'Türkiye']));
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the profile form on /userInformation (§7 updateProfile, §5 rules)', () => {
  it('shows the saved details, sends only what changed and says it was saved', async () => {
    const patches = serve();
    await openPage();
    expect([field('sex').value, field('countryId').value, field('city').value, field('address').value, field('postCode').value]).toEqual(['f', 'TR', 'İzmir', 'Kordon 1', '35000']);
    fireEvent.change(field('city'), { target: { value: 'Ankara' } });
    fireEvent.change(field('countryId'), { target: { value: 'DE' } });
    fireEvent.submit(screen.getByTestId('profile-form'));
    expect((await screen.findByTestId('profile-saved')).textContent).toBe('Updated successfully.');
    expect(patches).toEqual([{ city: 'Ankara', countryId: 'DE' }]);
    // The form now shows what the server kept.
    await vi.waitFor(() => expect(field('city').value).toBe('Ankara'));
    expect(field('countryId').value).toBe('DE');
  });

  it('a mandatory field cannot be blanked: the same rule as the server, shown at the field, nothing sent', async () => {
    const patches = serve();
    await openPage();
    fireEvent.change(field('postCode'), { target: { value: '  ' } });
    fireEvent.submit(screen.getByTestId('profile-form'));
    const label = field('postCode').closest('label')!;
    await vi.waitFor(() => expect(within(label).getByText('This field is required.')).toBeTruthy());
    expect(patches).toEqual([]);
    expect(screen.queryByTestId('profile-saved')).toBeNull();
  });

  it('a refusal from the server is shown translated', async () => {
    serve({ refusal: 'invalidField|countryId' });
    await openPage();
    fireEvent.change(field('city'), { target: { value: 'Bursa' } });
    fireEvent.submit(screen.getByTestId('profile-form'));
    expect((await screen.findByTestId('profile-error')).textContent).toBe('Invalid value.');
  });

  it('autoprint: unchosen it shows what the site does (a terminal on an auto-print site prints), and the player’s tick is sent as its choice', async () => {
    const patches = serve({ role: 'terminal', autoPrint: true });
    await openPage();
    expect(field('autoprint').checked).toBe(true);
    expect(screen.getByTestId('profile-form').textContent).toContain("the site's setting applies");
    fireEvent.click(field('autoprint'));
    fireEvent.submit(screen.getByTestId('profile-form'));
    await screen.findByTestId('profile-saved');
    expect(patches).toEqual([{ autoprint: false }]);
    await vi.waitFor(() => expect(screen.getByTestId('profile-form').textContent).toContain('Your own choice applies.'));
    expect(field('autoprint').checked).toBe(false);
  });

  it('a player on the same site is unticked until it chooses; ticking sends true', async () => {
    const patches = serve({ role: 'player', autoPrint: true });
    await openPage();
    expect(field('autoprint').checked).toBe(false);
    fireEvent.click(field('autoprint'));
    fireEvent.submit(screen.getByTestId('profile-form'));
    await screen.findByTestId('profile-saved');
    expect(patches).toEqual([{ autoprint: true }]);
  });
});
