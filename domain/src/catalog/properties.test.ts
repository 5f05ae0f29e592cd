import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { assertNever } from '../shared/decider';
import type { OutcomeResult } from '../shared/results';
import type { MatchResult, Score } from './match-result';
import { formatLine } from './lines';
import { resolveMarket, resolveOutcome } from './settlement';
import type { MarketCode } from './markets';
import { MARKETS } from './markets';

const goals = fc.integer({ min: 0, max: 6 });
const score = fc.record({ home: goals, away: goals });
const totalLine = fc.integer({ min: 0, max: 40 }).map(formatLine);
const handicapLine = fc.integer({ min: -20, max: 20 }).map(formatLine);
const quarterTotalLine = fc.integer({ min: 0, max: 20 }).map((n) => formatLine(2 * n + 1));

function add(a: Score, b: Score): Score {
  return { home: a.home + b.home, away: a.away + b.away };
}

function completed(firstHalf: Score, secondHalf: Score): MatchResult {
  return { sportId: 1, status: 'completed', periods: [firstHalf, secondHalf] };
}

/** What a result pays back per unit staked at odds `o`, as the pair (a, b) of a·o + b. */
function payback(result: OutcomeResult | null): readonly [number, number] {
  switch (result) {
    case 'won':
      return [1, 0];
    case 'half_won':
      return [0.5, 0.5];
    case 'void':
      return [0, 1];
    case 'half_lost':
      return [0, 0.5];
    case 'lost':
      return [0, 0];
    case null:
      throw new Error('unsettled');
    default:
      return assertNever(result);
  }
}

const MIRROR: Record<OutcomeResult, OutcomeResult> = {
  won: 'lost',
  lost: 'won',
  void: 'void',
  half_won: 'half_lost',
  half_lost: 'half_won',
};

describe('properties of football settlement', () => {
  it('exactly one 1X2 outcome wins, and exactly one correct score', () => {
    fc.assert(
      fc.property(score, score, (h1, h2) => {
        const result = completed(h1, h2);
        for (const code of ['FT_1X2', 'CS', 'HTFT', 'HT_1X2'] as const) {
          const outcomes = resolveMarket(code, '', result);
          expect(outcomes.filter((o) => o.result === 'won')).toHaveLength(1);
          expect(outcomes.filter((o) => o.result !== 'won').every((o) => o.result === 'lost')).toBe(true);
        }
      }),
    );
  });

  it('over and under of any line mirror each other, and on a half line neither is void', () => {
    fc.assert(
      fc.property(score, score, totalLine, (h1, h2, line) => {
        const result = completed(h1, h2);
        const over = resolveOutcome('FT_OU', line, 'over', result);
        const under = resolveOutcome('FT_OU', line, 'under', result);
        expect(over).not.toBeNull();
        expect(under).toBe(MIRROR[over ?? 'void']);
        if (line.endsWith('.5')) expect([over, under].sort()).toEqual(['lost', 'won']);
      }),
    );
  });

  it('home and away of any Asian handicap mirror each other', () => {
    fc.assert(
      fc.property(score, score, handicapLine, (h1, h2, line) => {
        const result = completed(h1, h2);
        const home = resolveOutcome('AH', line, '1', result);
        expect(resolveOutcome('AH', line, '2', result)).toBe(MIRROR[home ?? 'void']);
      }),
    );
  });

  it('a quarter line pays the average of its two neighbouring lines', () => {
    fc.assert(
      fc.property(score, score, quarterTotalLine, fc.constantFrom('over', 'under'), (h1, h2, line, pick) => {
        const result = completed(h1, h2);
        const quarters = Math.round(Number(line) * 4);
        const [a, b] = payback(resolveOutcome('FT_OU', line, pick, result));
        const [a1, b1] = payback(resolveOutcome('FT_OU', formatLine(quarters - 1), pick, result));
        const [a2, b2] = payback(resolveOutcome('FT_OU', formatLine(quarters + 1), pick, result));
        expect([a, b]).toEqual([(a1 + a2) / 2, (b1 + b2) / 2]);
      }),
    );
  });

  it('a European handicap of 0:0 is the plain 1X2; double chance wins when either of its results wins', () => {
    fc.assert(
      fc.property(score, score, fc.constantFrom('1', 'X', '2'), (h1, h2, pick) => {
        const result = completed(h1, h2);
        expect(resolveOutcome('EH', '0:0', pick, result)).toBe(resolveOutcome('FT_1X2', '', pick, result));
        for (const chance of ['1X', '12', 'X2']) {
          const wins = [...chance].some((part) => resolveOutcome('FT_1X2', '', part, result) === 'won');
          expect(resolveOutcome('DC', '', chance, result)).toBe(wins ? 'won' : 'lost');
        }
      }),
    );
  });
});

describe('what is decided in play never changes', () => {
  const soccerMarkets: readonly (readonly [MarketCode, string])[] = [
    ['FT_1X2', ''],
    ['FT_OU', '2.5'],
    ['FT_OU', '2.25'],
    ['FT_OU', '3'],
    ['AH', '-0.75'],
    ['BTTS', ''],
    ['CS', ''],
    ['HTFT', ''],
    ['HT_1X2', ''],
    ['1H_OU', '1.5'],
    ['ODD_EVEN', ''],
  ];

  it('a verdict given at any moment is the verdict of every way the match can end', () => {
    fc.assert(
      fc.property(score, fc.boolean(), score, score, (firstHalfSoFar, halfOver, moreFirstHalf, secondHalf) => {
        const firstHalf = halfOver ? firstHalfSoFar : add(firstHalfSoFar, moreFirstHalf);
        const live: MatchResult = halfOver
          ? { sportId: 1, status: 'in_play', periods: [firstHalf], completedPeriods: 1 }
          : { sportId: 1, status: 'in_play', periods: [firstHalfSoFar], completedPeriods: 0 };
        const final = completed(firstHalf, secondHalf);
        for (const [code, special] of soccerMarkets) {
          const now = resolveMarket(code, special, live);
          const end = resolveMarket(code, special, final);
          now.forEach((outcome, i) => {
            if (outcome.result !== null) expect(outcome.result).toBe(end[i]?.result);
          });
        }
      }),
    );
  });

  it('an abandoned or cancelled match leaves nothing undecided', () => {
    fc.assert(
      fc.property(score, fc.integer({ min: 0, max: 1 }), fc.constantFrom('abandoned', 'cancelled'), (sofar, over, status) => {
        const result: MatchResult = { sportId: 1, status, periods: [sofar], completedPeriods: over };
        for (const market of MARKETS.filter((m) => m.sports.includes(1) && m.special === 'none')) {
          for (const outcome of resolveMarket(market.code, '', result)) expect(outcome.result).not.toBeNull();
        }
      }),
    );
  });
});
