import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { usePrintStore } from '@/stores/print-store';
import { TerminalBingoRounds } from './terminal-bingo-rounds';

const ROUNDS = [
  { roundId: 'round-won', serviceId: 90101, title: 'Kupon Tombala', stake: 400, win: 200_000, refund: 0, result: 'won', playedAt: '2026-11-25T10:00:00.000Z', cards: [] },
  { roundId: 'round-lost', serviceId: 90101, title: 'Kupon Tombala', stake: 300, win: 0, refund: 0, result: 'noWin', playedAt: '2026-11-25T09:00:00.000Z' },
];

/** The api as the list and the print area call it: the terminal's rounds, and each slip asked for. */
function serve() {
  const printed: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      if (url.pathname === '/api/v1/terminal/bingo') return new Response(JSON.stringify({ rounds: ROUNDS }), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url.pathname.startsWith('/api/v1/prints/')) {
        printed.push(`${url.pathname.slice('/api/v1/prints/'.length)} ${url.searchParams.get('ref')} ${url.searchParams.get('lang')}`);
        const slip = { kind: 'bingo', title: 'Bingo ticket', siteName: 'Kupon', reference: url.searchParams.get('ref'), checkCode: null, duplicate: false, lang: 'en', timeZone: 'UTC', printedAt: '', lines: [], selections: [], footer: [] };
        return new Response(JSON.stringify({ slip }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return new Response(JSON.stringify({ error: 'notFound' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return printed;
}

/** The api of a terminal paying its won round out: the mark answers `mark` (200 with the paid round, or a refusal). */
function serveWithPayout(mark: { status: number; body: object }) {
  const calls: string[] = [];
  let rounds: unknown[] = [{ ...ROUNDS[0], paid: null }, ROUNDS[1]];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const json = (body: object, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/terminal/bingo') return json({ rounds });
      if (url.pathname === '/api/v1/terminal/bingo/round-won/paid' && init?.method === 'POST') {
        calls.push('paid round-won');
        if (mark.status !== 200) rounds = [{ ...ROUNDS[0], paid: { at: '2026-11-25T11:00:00.000Z', by: 'kterminal1' } }, ROUNDS[1]];
        return json(mark.body, mark.status);
      }
      if (url.pathname.startsWith('/api/v1/prints/')) {
        calls.push(`print ${url.pathname.slice('/api/v1/prints/'.length)} ${url.searchParams.get('ref')}`);
        const slip = { kind: 'win-bingo', title: 'Bingo win slip', siteName: 'Kupon', reference: url.searchParams.get('ref'), checkCode: null, duplicate: false, lang: 'en', timeZone: 'UTC', printedAt: '', lines: [], selections: [], footer: [] };
        return json({ slip });
      }
      return json({ error: 'notFound' }, 404);
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  usePrintStore.setState({ slip: null });
});

describe('a terminal’s tombala rounds on the bingo page', () => {
  it('lists the rounds it sold and prints a round’s slip, and the win slip of a won one, through the print area', async () => {
    const printed = serve();
    await renderPage(<TerminalBingoRounds />, { language: 'en', path: '/en/bingo' });
    await waitFor(() => expect(screen.getAllByTestId('terminal-bingo-round')).toHaveLength(2));
    const [won, lost] = screen.getAllByTestId('terminal-bingo-round');
    expect(won!.textContent).toContain('Won');
    expect(lost!.textContent).toContain('No win');
    // Only the won round offers its win slip.
    expect(lost!.querySelectorAll('button')).toHaveLength(1);

    fireEvent.click(screen.getAllByRole('button', { name: 'Print slip' })[0]!);
    await waitFor(() => expect(printed).toEqual(['bingo round-won en']));
    await waitFor(() => expect(usePrintStore.getState().slip).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Print win slip' }));
    await waitFor(() => expect(printed).toEqual(['bingo round-won en', 'win-bingo round-won en']));
  });
});

describe('paying a won tombala round out at the counter', () => {
  it('marks the won round paid, then prints its win slip, and shows it Paid', async () => {
    const paidRound = { ...ROUNDS[0], paid: { at: '2026-11-25T11:00:00.000Z', by: 'kterminal1' } };
    const calls = serveWithPayout({ status: 200, body: { status: true, round: paidRound } });
    await renderPage(<TerminalBingoRounds />, { language: 'en', path: '/en/bingo' });
    await waitFor(() => expect(screen.getAllByTestId('terminal-bingo-round')).toHaveLength(2));
    const [, lost] = screen.getAllByTestId('terminal-bingo-round');
    // Only the won round can be paid out.
    expect(lost!.textContent).not.toContain('Pay out');

    fireEvent.click(screen.getByRole('button', { name: 'Pay out' }));
    await waitFor(() => expect(calls).toEqual(['paid round-won', 'print win-bingo round-won']));
    await waitFor(() => expect(screen.getByTestId('terminal-bingo-paid').textContent).toBe('Paid'));
    expect(screen.queryByRole('button', { name: 'Pay out' })).toBeNull();
  });

  it('says so in the page language when the round was paid already, and then shows it Paid without printing', async () => {
    const calls = serveWithPayout({ status: 409, body: { error: 'bingoAlreadyPaid' } });
    await renderPage(<TerminalBingoRounds />, { language: 'tr', path: '/tr/bingo' });
    await waitFor(() => expect(screen.getAllByTestId('terminal-bingo-round')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Öde' }));
    await waitFor(() => expect(screen.getByTestId('terminal-bingo-pay-error').textContent).toBe('Bu tombala turu zaten ödendi.'));
    await waitFor(() => expect(screen.getByTestId('terminal-bingo-paid').textContent).toBe('Ödendi'));
    expect(calls).toEqual(['paid round-won']);
  });
});
