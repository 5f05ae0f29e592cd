import { describe, expect, it } from 'vitest';
import { drawLotto, HORSES, horseOdds, LOTTO_BALLS, LOTTO_DRAWN, LOTTO_PAYS, runRace, validLottoPicks } from './demo-external';

/** A draw that answers `values` in turn (then 0), each below its bound. */
const sequence = (...values: number[]) => (n: number) => (values.shift() ?? 0) % n;

describe('demo horse race (/racing, /virtualSports)', () => {
  it('prices each horse from its chance with the 8 % margin: the favourite shortest, the outsider longest', () => {
    expect(HORSES.map((_, i) => horseOdds(i))).toEqual([3_060, 4_180, 5_750, 6_570, 9_200, 11_500]);
  });

  it('given the first roll lands on the favourite, the favourite wins and a bet on it pays stake × odds, rounded down', () => {
    const race = runRace(333, 0, 0, sequence(0));
    expect(race.order[0]).toBe(0);
    expect(race.win).toBe(Math.floor((333 * 3_060) / 1_000));
  });

  it('given a roll in the outsider’s share, the outsider wins; a bet on the favourite wins nothing; every horse finishes once', () => {
    const race = runRace(1_000, 0, 0, sequence(99));
    expect(race.order[0]).toBe(5);
    expect(race.win).toBe(0);
    expect([...race.order].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('caps a win at the game’s biggest payout', () => {
    expect(runRace(10_000, 5, 50_000, sequence(99)).win).toBe(50_000);
  });
});

describe('demo lotto draw (/lotto): pick 3 of 36, 6 balls', () => {
  it('accepts three different numbers of 1–36 only', () => {
    expect(validLottoPicks([1, 2, 36])).toBe(true);
    expect(validLottoPicks([1, 1, 2])).toBe(false);
    expect(validLottoPicks([0, 2, 3])).toBe(false);
    expect(validLottoPicks([1, 2])).toBe(false);
  });

  it('draws 6 different balls; two matched pay 8 × the stake, three 150 ×', () => {
    // The pool shrinks as balls leave it: drawing index 0 each time draws 1, 2, 3, 4, 5, 6.
    const three = drawLotto(200, [1, 2, 3], 0, sequence());
    expect(three.balls).toEqual([1, 2, 3, 4, 5, 6]);
    expect([three.matched, three.win]).toEqual([3, 200 * LOTTO_PAYS[3]!]);
    expect(drawLotto(200, [1, 2, 30], 0, sequence()).win).toBe(1_600);
    expect(drawLotto(200, [1, 20, 30], 0, sequence()).win).toBe(0);
    const any = drawLotto(100, [7, 8, 9], 0, sequence(35, 20, 3, 17, 0, 9));
    expect(new Set(any.balls).size).toBe(LOTTO_DRAWN);
    expect(any.balls.every((n) => n >= 1 && n <= LOTTO_BALLS)).toBe(true);
  });

  it('returns about 92 % to the player over every possible draw', () => {
    // Exactly: the chance of matching k of 3 with 6 of 36 drawn, times its pay.
    const choose = (n: number, k: number): number => (k === 0 ? 1 : (n * choose(n - 1, k - 1)) / k);
    const rtp = [2, 3].reduce((sum, k) => sum + ((choose(6, k) * choose(30, 3 - k)) / choose(36, 3)) * LOTTO_PAYS[k]!, 0);
    expect(rtp).toBeGreaterThan(0.9);
    expect(rtp).toBeLessThan(0.95);
  });
});
