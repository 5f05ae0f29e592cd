import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import type { SiteInfo } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { useUiStore } from '@/stores/ui-store';
import { Header } from './header';
import { Popups } from './popups';

const NUMBER = '4123456789012345';
const PIN = '12345678';
const EXPIRED = '4999888877776666';

const site: SiteInfo = { siteId: 'kupon', name: 'Kupon', hosts: [], version: 1, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, defaultCurrency: 'TRY' } };
const player = { userId: 'p1', userName: 'ayse', firstName: '', lastName: '', currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

/** The api as the header and its deposit popup call it: a card of 50.00 loads once onto a 100.00 balance; a wrong PIN is the vague refusal. */
function serve() {
  let balance = 10_000;
  let used = false;
  const redeems: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const wallet = () => ({ accountId: 'p1', currency: 'TRY', balance, creditLimit: 0, held: 0, available: balance });
      if (url.pathname === '/api/v1/sites/current') return Response.json(site);
      if (url.pathname === '/api/v1/me') return Response.json(player);
      if (url.pathname === '/api/v1/wallet') return Response.json(wallet());
      if (url.pathname === '/api/v1/cards/redeem') {
        const body = JSON.parse(String(init?.body)) as { number: string; pin: string };
        redeems.push(body);
        if (body.number === EXPIRED) return Response.json({ error: 'cardExpired' }, { status: 409 });
        if (body.number !== NUMBER || body.pin !== PIN) return Response.json({ error: 'cardNotFound' }, { status: 404 });
        if (used) return Response.json({ error: 'cardAlreadyRedeemed' }, { status: 409 });
        used = true;
        balance += 5_000;
        return Response.json({ status: true, amount: 5_000, wallet: wallet() });
      }
      return Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
  return redeems;
}

/** The header with the player's balance in, and its deposit popup opened. */
async function openDepositPopup(language: 'tr' | 'en') {
  await renderPage(
    <>
      <Header />
      <Popups />
    </>,
    { language },
  );
  await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('100'));
  fireEvent.click(screen.getByTestId('header-deposit'));
  const popup = screen.getByTestId('money-popup');
  return within(popup).findByTestId('redeem-card');
}

const fill = (form: HTMLElement, labels: { number: string; pin: string; button: string }, number: string, pin: string) => {
  fireEvent.change(within(form).getByLabelText(labels.number), { target: { value: number } });
  fireEvent.change(within(form).getByLabelText(labels.pin), { target: { value: pin } });
  fireEvent.click(within(form).getByRole('button', { name: labels.button }));
};
const EN = { number: 'Card number', pin: 'PIN', button: 'Load card' };
const TR = { number: 'Kart numarası', pin: 'Şifre', button: 'Kartı yükle' };

afterEach(() => {
  useUiStore.getState().closePopup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('redeem a prepaid card from the header deposit popup', () => {
  it('loads the card from the popup and the header balance shows the new amount; the same card again is refused', async () => {
    const redeems = serve();
    const form = await openDepositPopup('en');
    fill(form, EN, '4123 4567 8901 2345', PIN);
    expect((await within(form).findByTestId('redeem-success')).textContent).toContain('50');
    expect(redeems).toEqual([{ number: NUMBER, pin: PIN }]);
    await waitFor(() => expect(screen.getByTestId('balance').textContent).toContain('150'));
    fill(form, EN, NUMBER, PIN);
    await waitFor(() => expect(within(form).getByTestId('redeem-error').textContent).toBe('This card has already been used.'));
    expect(screen.getByTestId('balance').textContent).toContain('150');
  });

  it('refuses in Turkish: nothing is asked without a PIN, a wrong PIN and an expired card get their messages, the balance stays', async () => {
    const redeems = serve();
    const form = await openDepositPopup('tr');
    fill(form, TR, NUMBER, '');
    expect(within(form).getByTestId('redeem-error').textContent).toBe('Bu alan zorunludur.');
    expect(redeems).toHaveLength(0);
    fill(form, TR, NUMBER, '00000000');
    await waitFor(() => expect(within(form).getByTestId('redeem-error').textContent).toBe('Kart numarası veya şifre hatalı.'));
    fill(form, TR, EXPIRED, PIN);
    await waitFor(() => expect(within(form).getByTestId('redeem-error').textContent).toBe('Bu kartın süresi dolmuş.'));
    expect(within(form).queryByTestId('redeem-success')).toBeNull();
    expect(screen.getByTestId('balance').textContent).toContain('100');
  });

  it('the withdraw popup has no card form', async () => {
    serve();
    await openDepositPopup('tr');
    useUiStore.getState().closePopup();
    await waitFor(() => expect(screen.queryByTestId('money-popup')).toBeNull());
    fireEvent.click(screen.getByTestId('header-withdraw'));
    expect(screen.getByTestId('money-popup').textContent).toContain('Para Çek');
    expect(within(screen.getByTestId('money-popup')).queryByTestId('redeem-card')).toBeNull();
  });
});
