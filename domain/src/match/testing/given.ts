import { expect } from 'vitest';
import { errorKey, isDomainError } from '../../shared/decider';
import type { MatchCommand } from '../commands';
import { matchDecider, type MatchStreamState } from '../decider';
import type { Fixture, MarketOffer, MatchEvent } from '../events';

export const NOW = '2026-11-22T12:00:00.000Z';
export const KICKOFF = '2026-11-22T18:00:00.000Z';

export const FIXTURE: Fixture = {
  matchId: 'm1',
  sportId: 1,
  category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
  tournament: { id: 'super-lig', name: { tr: 'Süper Lig', en: 'Super League' } },
  home: { id: 'gs', name: { tr: 'Galatasaray', en: 'Galatasaray' } },
  away: { id: 'fb', name: { tr: 'Fenerbahçe', en: 'Fenerbahce' } },
  startsAt: KICKOFF,
  liveCoverage: true,
};

export function oneXTwo(home: number, draw: number, away: number, status: MarketOffer['status'] = 'active'): MarketOffer {
  return {
    market: 'FT_1X2',
    special: '',
    status,
    outcomes: [
      { outcome: '1', odds: home, active: true },
      { outcome: 'X', odds: draw, active: true },
      { outcome: '2', odds: away, active: true },
    ],
  };
}

/** `given([events]).when(command).then([events])` / `.thenFails('code')`. */
export function given(events: readonly MatchEvent[] = []) {
  const state = events.reduce<MatchStreamState>(matchDecider.evolve, matchDecider.initialState);
  return {
    state,
    when(command: MatchCommand) {
      const outcome = matchDecider.decide(command, state, undefined);
      return {
        then(expected: readonly MatchEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(code: string): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${code}, got ${JSON.stringify(outcome)}`);
          expect(outcome.code).toBe(code);
        },
      };
    },
  };
}
