import { describe, expect, it } from 'vitest';
import {
  drawFixture,
  matchOdds,
  playTombala,
  playVirtualMatch,
  spinWheel,
  TOMBALA_DRAWN,
  tombalaCard,
  tombalaPrize,
  VIRTUAL_TEAMS,
  WHEEL_NUMBERS,
  WHEEL_SECTORS,
} from './demo-products';

/** A draw that answers `values` in turn (then 0), each below its bound. */
const sequence = (...values: number[]) => (n: number) => (values.shift() ?? 0) % n;
/** A small seeded generator (mulberry32), for properties over many rounds. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n) as number;
  };
}

describe('demo tombala (90-ball bingo, one player per round)', () => {
  it('given any draw, a card has 3 rows of 5 numbers, 15 different, each in its column’s tens and rising down the column', () => {
    const draw = seeded(7);
    for (let i = 0; i < 200; i++) {
      const card = tombalaCard(draw);
      expect(card.map((row) => row.filter((n) => n !== null).length)).toEqual([5, 5, 5]);
      const numbers = card.flat().filter((n): n is number => n !== null);
      expect(new Set(numbers).size).toBe(15);
      for (let column = 0; column < 9; column++) {
        const down = card.map((row) => row[column]).filter((n): n is number => n !== null);
        expect(down).toEqual([...down].sort((a, b) => a - b));
        for (const n of down) expect(column === 0 ? n >= 1 && n <= 9 : column === 8 ? n >= 80 && n <= 90 : Math.floor(n / 10) === column).toBe(true);
      }
    }
  });

  it('when balls are drawn, a card wins for its best result: one row, two rows or all of them', () => {
    const card = [
      [1, 10, 20, 30, 40, null, null, null, null],
      [2, 11, 21, 31, null, 50, null, null, null],
      [3, 12, 22, null, null, null, 60, 70, 80],
    ];
    expect(tombalaPrize(card, new Set([1, 10, 20, 30]))).toBe('none');
    expect(tombalaPrize(card, new Set([1, 10, 20, 30, 40, 2, 11]))).toBe('line');
    expect(tombalaPrize(card, new Set([1, 10, 20, 30, 40, 3, 12, 22, 60, 70, 80]))).toBe('twoLines');
    expect(tombalaPrize(card, new Set(card.flat().filter((n): n is number => n !== null)))).toBe('fullHouse');
  });

  it('given a round, the balls are 50 different numbers of 1–90 and the win is each card’s prize times its price, capped by the game’s maximum', () => {
    const round = playTombala(100, 3, 0, seeded(11));
    expect(round.balls).toHaveLength(TOMBALA_DRAWN);
    expect(new Set(round.balls).size).toBe(TOMBALA_DRAWN);
    expect(round.balls.every((b) => b >= 1 && b <= 90)).toBe(true);
    expect(round.win).toBe(round.cards.reduce((sum, c) => sum + c.win, 0));
    // Every draw 0: both cards hold 1–3, 10–12 … 40–42 and the balls are 1…50: two full houses at ×500, capped at 60 000.
    expect(playTombala(100, 2, 0, sequence()).win).toBe(100_000);
    expect(playTombala(100, 2, 60_000, sequence()).win).toBe(60_000);
  });
});

describe('demo virtual football', () => {
  it('prices the stronger side shorter, and the home side shorter than the same side away', () => {
    const strongest = 0;
    const weakest = VIRTUAL_TEAMS.length - 1;
    const favourite = matchOdds({ home: strongest, away: weakest });
    expect(favourite['1']).toBeLessThan(favourite['2']);
    expect(matchOdds({ home: weakest, away: strongest })['2']).toBeGreaterThan(favourite['1']);
    for (const odds of [favourite, matchOdds({ home: 3, away: 4 })]) {
      for (const price of Object.values(odds)) expect(price % 10).toBe(0);
      // A margin: the implied chances add up to more than 1 (in thousandths of thousandths).
      const implied = Object.values(odds).reduce((sum, price) => sum + 1_000_000 / price, 0);
      expect(implied).toBeGreaterThan(1_000);
    }
  });

  it('when the minutes are simulated, the score is the goals drawn and a right pick pays the stake times the odds, rounded down', () => {
    const fixture = drawFixture(sequence(2, 4));
    expect(fixture).toEqual({ home: 2, away: 5 });
    // Minute 1 a home goal (0 is under any home chance), then nothing.
    const match = playVirtualMatch(1_000, fixture, '1', 0, sequence(0, ...Array.from({ length: 89 }, () => 9_999)));
    expect([match.score, match.result, match.goals]).toEqual([[1, 0], '1', [{ minute: 1, side: 'home' }]]);
    expect(match.win).toBe(Math.floor((1_000 * matchOdds(fixture)['1']) / 1_000));
    expect(playVirtualMatch(1_000, fixture, '2', 0, sequence(0, ...Array.from({ length: 89 }, () => 9_999))).win).toBe(0);
  });

  it('over many simulated matches, the result shares are close to the chances the odds were priced from', () => {
    const fixture = { home: 0, away: 7 };
    const odds = matchOdds(fixture);
    const draw = seeded(3);
    const counts = { '1': 0, X: 0, '2': 0 };
    const rounds = 4_000;
    for (let i = 0; i < rounds; i++) counts[playVirtualMatch(100, fixture, '1', 0, draw).result] += 1;
    for (const pick of ['1', 'X', '2'] as const) {
      const priced = 920 / odds[pick];
      expect(Math.abs(counts[pick] / rounds - priced)).toBeLessThan(0.03);
    }
  });
});

describe('demo lucky wheel (TV game)', () => {
  it('has 51 sectors: 22 of 1, 14 of 2, 8 of 5, 4 of 10, 2 of 20, 1 of 40', () => {
    expect(WHEEL_SECTORS).toHaveLength(51);
    expect(WHEEL_NUMBERS.map((n) => WHEEL_SECTORS.filter((s) => s === n).length)).toEqual([22, 14, 8, 4, 2, 1]);
  });

  it('when it stops on the number picked it pays the stake times (number + 1), else nothing', () => {
    const at = (n: number) => WHEEL_SECTORS.indexOf(n as never);
    expect(spinWheel(100, 5, 0, sequence(at(5)))).toMatchObject({ landed: 5, win: 600 });
    expect(spinWheel(100, 40, 2_000, sequence(at(40)))).toMatchObject({ landed: 40, win: 2_000 });
    expect(spinWheel(100, 1, 0, sequence(at(2)))).toMatchObject({ landed: 2, win: 0 });
  });
});
