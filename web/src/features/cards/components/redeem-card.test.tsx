import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { RedeemCard } from './redeem-card';

const NUMBER = '4123456789012345';
const PIN = '12345678';

/** The redeem route as the api answers it: once per card, a wrong number or PIN is one vague refusal. */
function serveRedeem() {
  let used = false;
  const asked: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname !== '/api/v1/cards/redeem') return json({ error: 'loginRequired' }, 401);
      const body = JSON.parse(String(init?.body)) as { number: string; pin: string };
      asked.push(body);
      if (body.number !== NUMBER || body.pin !== PIN) return json({ error: 'cardNotFound' }, 404);
      if (used) return json({ error: 'cardAlreadyRedeemed' }, 409);
      used = true;
      return json({ status: true, amount: 5_000, wallet: { accountId: 'p1', currency: 'TRY', balance: 15_000, creditLimit: 0, held: 0, available: 15_000 } });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const fill = (number: string, pin: string) => {
  const form = screen.getByTestId('redeem-card');
  fireEvent.change(within(form).getByLabelText('Card number'), { target: { value: number } });
  fireEvent.change(within(form).getByLabelText('PIN'), { target: { value: pin } });
  fireEvent.click(within(form).getByRole('button', { name: 'Load card' }));
};

describe('redeem a prepaid card (player site)', () => {
  it('loads the card once, the number typed in groups; a second try says it is used', async () => {
    const asked = serveRedeem();
    await renderPage(<RedeemCard />, { language: 'en' });
    fill('4123 4567 8901 2345', PIN);
    expect((await screen.findByTestId('redeem-success')).textContent).toContain('50');
    expect(asked).toEqual([{ number: NUMBER, pin: PIN }]);
    fill(NUMBER, PIN);
    expect((await screen.findByTestId('redeem-error')).textContent).toBe('This card has already been used.');
  });

  it('answers a wrong PIN with the vague message, in Turkish, and asks nothing without a PIN', async () => {
    const asked = serveRedeem();
    await renderPage(<RedeemCard />, { language: 'tr' });
    const form = screen.getByTestId('redeem-card');
    fireEvent.change(within(form).getByLabelText('Kart numarası'), { target: { value: NUMBER } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kartı yükle' }));
    expect(await screen.findByTestId('redeem-error')).toBeTruthy();
    expect(asked).toHaveLength(0);
    fireEvent.change(within(form).getByLabelText('Şifre'), { target: { value: '00000000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kartı yükle' }));
    await screen.findByText('Kart numarası veya şifre hatalı.');
    expect(screen.queryByTestId('redeem-success')).toBeNull();
  });
});
