import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../../catalog/match-result';
import { selectionOutcome, type Cancellation } from './settle';

const result: MatchResult = { sportId: 1, status: 'completed', periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] };
const home = { market: 'FT_1X2', special: '', outcome: '1', placedAt: '2026-11-22T18:10:00.000Z' };

describe('a selection on a match result', () => {
  it('settles by the catalog on the result in force, waits without one', () => {
    expect(selectionOutcome(home, result, [])).toBe('won');
    expect(selectionOutcome({ ...home, outcome: '2' }, result, [])).toBe('lost');
    expect(selectionOutcome({ ...home, market: 'FT_OU', special: '3.5', outcome: 'over' }, result, [])).toBe('lost');
    expect(selectionOutcome(home, null, [])).toBeNull();
  });

  it('a bet cancel voids what was placed in its window, on its markets only', () => {
    const window: Cancellation = { cancellationId: 'c', from: '2026-11-22T18:05:00.000Z', to: '2026-11-22T18:15:00.000Z', markets: null };
    expect(selectionOutcome(home, result, [window])).toBe('void');
    expect(selectionOutcome(home, null, [window])).toBe('void');
    expect(selectionOutcome({ ...home, placedAt: '2026-11-22T18:20:00.000Z' }, result, [window])).toBe('won');
    expect(selectionOutcome(home, result, [{ ...window, markets: ['FT_OU'] }])).toBe('won');
    expect(selectionOutcome({ ...home, placedAt: '2026-11-23T00:00:00.000Z' }, result, [{ ...window, to: null }])).toBe('void');
  });

  it('a selection the catalog does not know for the sport is void', () => {
    expect(selectionOutcome({ ...home, market: 'TN_MATCH' }, result, [])).toBe('void');
  });
});
