import type { CardList, CardView, IssueCardsResponse } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import CardsPage from './cards-page';

const renderPage = (language: 'tr' | 'en' = 'en') => renderWithProviders(<CardsPage />, { language, path: '/cards' });

const card = (n: number, overrides: Partial<CardView> = {}): CardView => ({
  cardId: `00000000-0000-4000-8000-00000000000${n}`,
  number: `400000000000000${n}`,
  amount: 5_000,
  currency: 'TRY',
  batch: 'team A',
  dealerId: 'd1',
  dealerName: 'kdealer1',
  state: 'issued',
  issuedAt: '2026-11-22T12:00:00.000Z',
  expiresAt: null,
  redeemedBy: null,
  redeemedByName: null,
  closedAt: null,
  ...overrides,
});

/** The cards routes as the api answers them, for a signed-in `role` with `available` credit. */
function serveCards(role: string, initial: CardView[], available: number) {
  const cards = [...initial];
  const asked: { method: string; path: string; body: unknown }[] = [];
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      asked.push({ method, path: url.pathname, body });
      if (url.pathname === '/api/v1/me') return json({ userId: 'd1', userName: 'kdealer1', role, permissions: ['creditSend'] });
      if (url.pathname === '/api/v1/cards' && method === 'GET') return json({ total: cards.length, cards } satisfies CardList);
      if (url.pathname === '/api/v1/cards' && method === 'POST') {
        const { count, amount, batch } = body as { count: number; amount: number; batch?: string };
        if (count * amount > available) return json({ error: 'cardLimitInsufficient' }, 422);
        available -= count * amount;
        const issued = Array.from({ length: count }, (_, i) => ({ cardId: `new-${i}`, number: `512345678901234${i}`, pin: `1234567${i}`, amount, currency: 'TRY', batch: batch ?? null, issuedAt: '2026-11-22T12:00:00.000Z', expiresAt: null }));
        for (const c of issued) cards.unshift(card(0, { ...c, state: 'issued' }));
        return json({ cards: issued, wallet: { accountId: 'd1', currency: 'TRY', balance: available, creditLimit: 0, held: 0, available } } satisfies IssueCardsResponse, 201);
      }
      const cancel = /^\/api\/v1\/cards\/([^/]+)\/cancel$/.exec(url.pathname);
      if (cancel) {
        const target = cards.find((c) => c.cardId === cancel[1]);
        if (!target || target.state !== 'issued') return json({ error: 'cardAlreadyRedeemed' }, 409);
        cards.splice(cards.indexOf(target), 1, { ...target, state: 'cancelled' });
        return json({ card: { cardId: target.cardId, number: target.number, amount: target.amount, state: 'cancelled' }, wallet: { accountId: 'd1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 } });
      }
      return json({ error: 'notFound' }, 404);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const rows = () => screen.queryAllByTestId('card-row');

describe('prepaid cards in the back office', () => {
  it('a dealer issues a batch and sees its numbers and PINs once, to print', async () => {
    const asked = serveCards('dealer', [card(1)], 100_000);
    await renderPage('en');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const form = screen.getByTestId('issue-cards');
    fireEvent.change(within(form).getByLabelText('Number of cards'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Amount'), { target: { value: '25,00' } });
    fireEvent.change(within(form).getByLabelText('Team (batch)'), { target: { value: 'shop 7' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Issue cards' }));
    const printable = await screen.findByTestId('issued-cards');
    expect(within(printable).getAllByTestId('issued-pin').map((pin) => pin.textContent)).toEqual(['12345670', '12345671']);
    expect(within(printable).getByRole('button', { name: 'Print' })).toBeTruthy();
    const issue = asked.find((a) => a.method === 'POST' && a.path === '/api/v1/cards')!;
    expect(issue.body).toMatchObject({ count: 2, amount: 2_500, batch: 'shop 7', requestId: expect.any(String) });
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('names the §8 refusal when the dealer credit does not cover the batch, in Turkish', async () => {
    serveCards('dealer', [], 1_000);
    await renderPage('tr');
    const form = await screen.findByTestId('issue-cards');
    fireEvent.change(within(form).getByLabelText('Kart adedi'), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText('Tutar'), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Kart oluştur' }));
    expect((await screen.findByTestId('issue-error')).textContent).toBe('Kart oluşturmak için kullanıcı limiti yetersiz.');
    expect(screen.queryByTestId('issued-cards')).toBeNull();
  });

  it('cancels an unused card after a confirmation; a used card offers no cancel', async () => {
    const asked = serveCards('dealer', [card(1), card(2, { state: 'redeemed', redeemedByName: 'kplayer1' })], 0);
    await renderPage('en');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[1]!).queryByTestId('card-cancel')).toBeNull();
    expect(within(rows()[1]!).getByText('kplayer1')).toBeTruthy();
    fireEvent.click(within(rows()[0]!).getByTestId('card-cancel'));
    fireEvent.click(await screen.findByTestId('cancel-yes'));
    await waitFor(() => expect(within(rows()[0]!).getByText('Cancelled')).toBeTruthy());
    expect(asked.some((a) => a.method === 'POST' && a.path === `/api/v1/cards/${card(1).cardId}/cancel`)).toBe(true);
  });

  it('site staff list and cancel but do not issue (their wallet pays for no card)', async () => {
    serveCards('operator', [card(1)], 0);
    await renderPage('en');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByTestId('issue-cards')).toBeNull();
  });
});
