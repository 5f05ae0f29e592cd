import { DEFAULT_SITE_SETTINGS } from '@kupon/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyToMatch } from '@/features/live/frames';
import { renderPage } from '@/testing/render';
import type { MatchSummary } from '../types';
import { MatchRow } from './match-row';

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: DEFAULT_SITE_SETTINGS })),
  );
}

const live = (id: string, sportId: number, matchStatus: string, minute?: number): MatchSummary => ({
  id,
  sportId,
  homeTeam: 'Ev',
  awayTeam: 'Dep',
  matchDate: '2026-11-28T18:00:00Z',
  oddsGroups: [],
  isLive: true,
  matchStatus,
  score: { home: 1, away: 0 },
  ...(minute === undefined ? {} : { minute }),
});

function clockOf(id: string) {
  const row = screen.getAllByTestId('match-row').find((r) => r.dataset.matchId === id)!;
  const time = within(row).getByTestId('match-time');
  return { text: time.textContent, bar: time.querySelector('progress') };
}

afterEach(() => vi.unstubAllGlobals());

describe('live match clock in the match lists (spec §9 football pause time)', () => {
  it('football shows the minute with a bar of its 90, half time at 45.5, stoppage as 90+', async () => {
    serve();
    // The socket's frame moves the first match into the break, as the live pages apply it.
    const halfTime = applyToMatch(live('ht', 1, '1p', 45), { type: 'match', matchId: 'ht', matchStatus: 'pause1' })!;
    const matches = [live('run', 1, '1p', 23), halfTime, live('late', 1, '2p', 93), live('basket', 2, '3p', 31)];
    await renderPage(
      <>
        {matches.map((m) => (
          <MatchRow key={m.id} match={m} />
        ))}
      </>,
      { language: 'en' },
    );
    expect(clockOf('run')).toMatchObject({ text: "23'", bar: expect.objectContaining({ value: 23, max: 90 }) });
    expect(clockOf('ht')).toMatchObject({ text: 'HT', bar: expect.objectContaining({ value: 45.5 }) });
    expect(clockOf('late')).toMatchObject({ text: "90+'", bar: expect.objectContaining({ value: 90 }) });
    expect(clockOf('basket')).toEqual({ text: "31'", bar: null });
  });

  it('in Turkish half time reads İY and another sport’s break Ara', async () => {
    serve();
    await renderPage(
      <>
        <MatchRow match={live('ht', 1, 'pause1', 45)} />
        <MatchRow match={live('ice', 4, 'pause2', 40)} />
      </>,
    );
    expect(clockOf('ht').text).toBe('İY');
    expect(clockOf('ice')).toEqual({ text: 'Ara', bar: null });
  });
});
