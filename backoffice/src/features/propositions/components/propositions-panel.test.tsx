import type { StaffProposition, StaffPropositions } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PropositionsPanel } from './propositions-panel';

const renderPanel = (editable: boolean, language: 'tr' | 'en' = 'en') => renderWithProviders(<PropositionsPanel editable={editable} />, { language, path: '/' });

const match = { id: 'm1', homeTeam: 'Galatasaray', awayTeam: 'Fenerbahçe', matchDate: '2026-11-25T18:00:00.000Z', tournamentName: 'Süper Lig' };
const markets = [
  { oddsid: 'FT_1X2|', typename: 'Match result', special: '', odds: [ { outcomeid: '1', outcome: 'Home', odd: 1850 }, { outcomeid: 'X', outcome: 'Draw', odd: 3400 }, { outcomeid: '2', outcome: 'Away', odd: 4100 } ] },
  { oddsid: 'FT_OU|2.5', typename: 'Over/Under', special: '2.5', odds: [ { outcomeid: 'O', outcome: 'Over', odd: 1900 }, { outcomeid: 'U', outcome: 'Under', odd: 1900 } ] },
];
const proposition = (id: string, outcomeId: string, shown = true): StaffProposition => ({
  id,
  matchId: 'm1',
  marketId: 'FT_1X2',
  special: '',
  outcomeId,
  notes: { en: `Note ${id}` },
  match: { homeTeam: 'Galatasaray', awayTeam: 'Fenerbahçe', matchDate: match.matchDate, sportName: 'Soccer', tournamentName: 'Süper Lig' },
  typeName: 'Match result',
  outcome: outcomeId === '1' ? 'Home' : 'Draw',
  odd: outcomeId === '1' ? 1850 : 3400,
  shown,
});

/** The api as the page calls it: the catalog lists and the propositions routes, over a list kept here. */
function serve(initial: StaffProposition[], refuse?: { status: number; error: string }) {
  let list = initial;
  const sent: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') sent.push({ method, path: url.pathname, body });
      const answer = (status: number, value: unknown) => new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });
      const whole = (): StaffPropositions => ({ propositions: list });
      if (url.pathname === '/api/v1/catalog/sports') return answer(200, [{ id: 1, title: 'Soccer', matchCount: 4, listOrder: 1, status: 1, children: [] }]);
      if (url.pathname === '/api/v1/catalog/matches') return answer(200, url.searchParams.get('sportId') === '1' ? [{ ...match, odds: [] }] : []);
      if (url.pathname === '/api/v1/catalog/matches/m1') return answer(200, { ...match, odds: markets });
      if (url.pathname === '/api/v1/content-settings/propositions' && method === 'GET') return answer(200, whole());
      if (refuse && method !== 'GET') return answer(refuse.status, { error: refuse.error });
      if (url.pathname === '/api/v1/content-settings/propositions' && method === 'POST') {
        list = [...list, { ...proposition(body.id, body.outcomeId), marketId: body.marketId, special: body.special, notes: body.notes }];
        return answer(200, whole());
      }
      if (url.pathname === '/api/v1/content-settings/propositions/order') {
        list = (body.ids as string[]).map((id) => list.find((p) => p.id === id)!);
        return answer(200, whole());
      }
      if (method === 'DELETE') {
        list = list.filter((p) => `/api/v1/content-settings/propositions/${p.id}` !== url.pathname);
        return answer(200, whole());
      }
      return answer(404, { error: 'notFound' });
    }),
  );
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

const rowTexts = () => screen.queryAllByTestId('proposition-row').map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent));

describe("today's picks in the back office", () => {
  it('picks sport, match, market and outcome from the catalog and adds the pick with its notes; it shows last in the list', async () => {
    const sent = serve([proposition('p1', 'X')]);
    await renderPanel(true);
    await waitFor(() => expect(screen.getAllByTestId('proposition-row')).toHaveLength(1));
    const add = screen.getByTestId('add-proposition') as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await waitFor(() => expect(screen.getByRole('option', { name: 'Soccer (4)' })).toBeTruthy());
    fireEvent.change(screen.getByTestId('pick-sport'), { target: { value: '1' } });
    await waitFor(() => expect(screen.getByRole('option', { name: /Galatasaray - Fenerbahçe/ })).toBeTruthy());
    fireEvent.change(screen.getByTestId('pick-match'), { target: { value: 'm1' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Over/Under (2.5)' })).toBeTruthy());
    fireEvent.change(screen.getByTestId('pick-market'), { target: { value: 'FT_OU|2.5' } });
    fireEvent.change(screen.getByTestId('pick-outcome'), { target: { value: 'O' } });
    fireEvent.change(screen.getByTestId('note-en'), { target: { value: 'Both attack' } });
    expect(add.disabled).toBe(false);
    fireEvent.click(add);
    await waitFor(() => expect(screen.getAllByTestId('proposition-row')).toHaveLength(2));
    expect(sent).toEqual([{ method: 'POST', path: '/api/v1/content-settings/propositions', body: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), matchId: 'm1', marketId: 'FT_OU', special: '2.5', outcomeId: 'O', notes: { tr: '', en: 'Both attack' } } }]);
  });

  it('moves a pick up and removes one; a pick players no longer see says so', async () => {
    const sent = serve([proposition('p1', '1'), proposition('p2', 'X', false)]);
    vi.stubGlobal('confirm', () => true);
    await renderPanel(true);
    await waitFor(() => expect(screen.getAllByTestId('proposition-row')).toHaveLength(2));
    expect(screen.getAllByTestId('proposition-status').map((cell) => cell.textContent)).toEqual(['Live on site', 'Hidden (match started or market closed)']);
    fireEvent.click(screen.getAllByTestId('move-up')[1]!);
    await waitFor(() => expect(rowTexts().map((cells) => cells[3])).toEqual(['Draw', 'Home']));
    expect(sent[0]).toEqual({ method: 'PUT', path: '/api/v1/content-settings/propositions/order', body: { ids: ['p2', 'p1'] } });
    fireEvent.click(screen.getAllByTestId('remove-proposition')[0]!);
    await waitFor(() => expect(rowTexts().map((cells) => cells[3])).toEqual(['Home']));
  });

  it('shows a refusal in the page language', async () => {
    serve([proposition('p1', '1')], { status: 422, error: 'matchNotUpcoming|m1' });
    vi.stubGlobal('confirm', () => true);
    await renderPanel(true, 'tr');
    await waitFor(() => expect(screen.getAllByTestId('proposition-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('remove-proposition'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Maç başladı ya da başlamak üzere; yalnızca yaklaşan maçlar önerilebilir.'));
  });

  it('the regulator reads the list without the picker or any button', async () => {
    serve([proposition('p1', '1')]);
    await renderPanel(false);
    await waitFor(() => expect(screen.getAllByTestId('proposition-row')).toHaveLength(1));
    expect(rowTexts()).toEqual([['1', expect.stringContaining('Galatasaray - Fenerbahçe · '), 'Match result', 'Home']]);
    expect(screen.queryByTestId('proposition-picker')).toBeNull();
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });
});
