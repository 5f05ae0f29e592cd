/**
 * Worked examples: stake, odds, results → return, each computed by hand in the comment, the way the
 * public full-cover bet calculators compute them (every bet of the cover is its own combined bet;
 * a void / non-runner leg counts at odds 1.00, a loser kills every bet it is in; no "one winner"
 * promotions). Sources:
 * - [MB]  Marathonbet help 9.13 "Yankee" — https://www.marathonbet.co.uk/en/help/bet_glossary/yankee/
 * - [SBC] sportsbettingcalculator.co.uk full-cover calculators (Trixie, Yankee, Lucky 15 …) —
 *         http://www.sportsbettingcalculator.co.uk/betcalculator/yankeecalculator.html
 * - [NR]  "Non runners in your Yankee bets": all bets still stand, the non-runner counts as evens
 *         stake-back (odds 1.0) — http://www.safebookmakerssites.com/ARTICLES2/yankeebetsnonrunners.htm
 * - [PIN] Pinnacle help, double (quarter) handicaps: the stake is split in two half bets —
 *         https://cs.help.pinnaclesports.com/en/support/solutions/articles/1000116864
 * - [FC]  Full-cover identity used to cross-check: Σ over all non-empty subsets of Π oᵢ = Π(1 + oᵢ) − 1
 *         (decimal odds; void legs oᵢ = 1, losers drop out), then subtract the sizes not covered.
 * Stakes are minor units (100 = £1.00 per bet); returns are minor units.
 */
import { describe, expect, it } from 'vitest';
import type { OutcomeResult } from '../../shared/results';
import { settleCoupon } from './settlement';
import type { CouponType, SettlingLeg } from './types';

type LegSpec = readonly [odds: number, result: OutcomeResult, banker?: 'banker'];

function legs(specs: readonly LegSpec[]): SettlingLeg[] {
  return specs.map(([odds, result, banker], i) => ({ id: `L${i}`, matchId: `m${i}`, odds, banker: banker === 'banker', result }));
}

function system(sizes: number[], stake: number, specs: readonly LegSpec[]): number {
  return settleCoupon({ type: 'SK', legs: legs(specs), systemSizes: sizes, stakePerCombination: stake, bonus: null, maxPay: 0 }).payout;
}

function single(type: CouponType, stake: number, specs: readonly LegSpec[]): number {
  return settleCoupon({ type, legs: legs(specs), systemSizes: [], stakePerCombination: stake, bonus: null, maxPay: 0 }).payout;
}

const TRIXIE = [2, 3];
const PATENT = [1, 2, 3];
const YANKEE = [2, 3, 4];
const LUCKY_15 = [1, 2, 3, 4];
const CANADIAN = [2, 3, 4, 5];
const HEINZ = [2, 3, 4, 5, 6];

describe('Trixie: 3 doubles + 1 treble of 3 selections (4 bets) [SBC]', () => {
  it('1. £1, 2.00 / 3.00 / 4.00 all win → £50.00', () => {
    // doubles 2×3 + 2×4 + 3×4 = 6 + 8 + 12 = 26; treble 2×3×4 = 24; 26 + 24 = 50
    expect(system(TRIXIE, 100, [[2000, 'won'], [3000, 'won'], [4000, 'won']])).toBe(5000);
  });
  it('2. £1, 2.00 / 3.00 / 4.00, the 4.00 loses → £6.00', () => {
    // only the double 2×3 = 6 stands
    expect(system(TRIXIE, 100, [[2000, 'won'], [3000, 'won'], [4000, 'lost']])).toBe(600);
  });
  it('3. £1, 2.00 / 3.00 / void → £17.00 [NR]', () => {
    // doubles 2×3 = 6, 2×1 = 2, 3×1 = 3; treble 2×3×1 = 6; 6 + 2 + 3 + 6 = 17
    expect(system(TRIXIE, 100, [[2000, 'won'], [3000, 'won'], [4000, 'void']])).toBe(1700);
  });
  it('4. £1, two losers → nothing', () => {
    // every double and the treble hold a loser
    expect(system(TRIXIE, 100, [[2000, 'won'], [3000, 'lost'], [4000, 'lost']])).toBe(0);
  });
  it('5. £1, 2.00 half won / 3.00 / 4.00 → £40.50 [PIN]', () => {
    // half won counts (2 + 1) / 2 = 1.5; doubles 1.5×3 = 4.5, 1.5×4 = 6, 3×4 = 12; treble 1.5×3×4 = 18
    // 4.5 + 6 + 12 + 18 = 40.5
    expect(system(TRIXIE, 100, [[2000, 'half_won'], [3000, 'won'], [4000, 'won']])).toBe(4050);
  });
});

describe('Patent: 3 singles + 3 doubles + 1 treble (7 bets) = system sizes {1,2,3} of 3 [SBC]', () => {
  it('6. £1, 2.00 / 3.00 / 4.00 all win → £59.00', () => {
    // singles 2 + 3 + 4 = 9; Trixie part 50; 59. [FC] (3 × 4 × 5) − 1 = 59
    expect(system(PATENT, 100, [[2000, 'won'], [3000, 'won'], [4000, 'won']])).toBe(5900);
  });
  it('7. £1, only the 3.00 wins → £3.00 (no one-winner bonus)', () => {
    // single 3 × £1
    expect(system(PATENT, 100, [[2000, 'lost'], [3000, 'won'], [4000, 'lost']])).toBe(300);
  });
  it('8. £1, void / 3.00 / 4.00 → £39.00 [NR]', () => {
    // singles 1 + 3 + 4 = 8; doubles 3 + 4 + 12 = 19; treble 12; 39. [FC] (2 × 4 × 5) − 1 = 39
    expect(system(PATENT, 100, [[2000, 'void'], [3000, 'won'], [4000, 'won']])).toBe(3900);
  });
});

describe('Yankee: 6 doubles + 4 trebles + 1 four-fold (11 bets) [MB]', () => {
  const ODDS = [2000, 3500, 4000, 1500] as const;
  it('9. €1, 2.00 / 3.50 / 4.00 / 1.50 all win → €156.75 (Marathonbet example a)', () => {
    // doubles 7 + 8 + 3 + 14 + 5.25 + 6 = 43.25; trebles 28 + 10.5 + 12 + 21 = 71.5; four-fold 42
    // 43.25 + 71.5 + 42 = 156.75
    expect(system(YANKEE, 100, ODDS.map((o) => [o, 'won'] as const))).toBe(15675);
  });
  it('10. €1, same odds, D (1.50) loses → €57.00 (Marathonbet example b)', () => {
    // doubles AB 7, AC 8, BC 14; treble ABC 28; 7 + 8 + 14 + 28 = 57
    expect(system(YANKEE, 100, [[2000, 'won'], [3500, 'won'], [4000, 'won'], [1500, 'lost']])).toBe(5700);
  });
  it('11. €1, same odds, D void → €123.50 [NR]', () => {
    // doubles 7 + 8 + 2 + 14 + 3.5 + 4 = 38.5; trebles 28 + 7 + 8 + 14 = 57; four-fold 28; 123.5
    // [FC] 3 × 4.5 × 5 × 2 − 1 − (2 + 3.5 + 4 + 1) = 135 − 1 − 10.5 = 123.5
    expect(system(YANKEE, 100, [[2000, 'won'], [3500, 'won'], [4000, 'won'], [1500, 'void']])).toBe(12350);
  });
  it('12. 50p, four evens-doubled 2.00 all win → £36.00', () => {
    // 6 doubles × 4 = 24; 4 trebles × 8 = 32; four-fold 16; 72 × £0.50 = 36
    expect(system(YANKEE, 50, [[2000, 'won'], [2000, 'won'], [2000, 'won'], [2000, 'won']])).toBe(3600);
  });
});

describe('Lucky 15: 4 singles + Yankee (15 bets) = sizes {1,2,3,4} of 4 [SBC]', () => {
  it('13. £1, 2.00 / 3.50 / 4.00 / 1.50 all win → £167.75', () => {
    // singles 2 + 3.5 + 4 + 1.5 = 11; Yankee 156.75; 167.75. [FC] 3 × 4.5 × 5 × 2.5 − 1 = 167.75
    expect(system(LUCKY_15, 100, [[2000, 'won'], [3500, 'won'], [4000, 'won'], [1500, 'won']])).toBe(16775);
  });
  it('14. £1, only C (4.00) wins → £4.00 (single only; no double-odds promotion)', () => {
    expect(system(LUCKY_15, 100, [[2000, 'lost'], [3500, 'lost'], [4000, 'won'], [1500, 'lost']])).toBe(400);
  });
  it('15. 10p, 2.00 ×4, A and B win → £0.80', () => {
    // singles 2 + 2 = 4; double AB 4; 8 × £0.10 = 0.80
    expect(system(LUCKY_15, 10, [[2000, 'won'], [2000, 'won'], [2000, 'lost'], [2000, 'lost']])).toBe(80);
  });
  it('16. £1, A 2.00 won, B void, C lost, D 1.50 won → £14.00 [NR]', () => {
    // singles 2 + 1 + 1.5 = 4.5; doubles AB 2, AD 3, BD 1.5 = 6.5; treble ABD 3; 14
    // [FC] over the non-losers: 3 × 2 × 2.5 − 1 = 14
    expect(system(LUCKY_15, 100, [[2000, 'won'], [3500, 'void'], [4000, 'lost'], [1500, 'won']])).toBe(1400);
  });
});

describe('Canadian / Super Yankee: 10 doubles, 10 trebles, 5 four-folds, 1 five-fold (26 bets) [SBC]', () => {
  it('17. £1, five at 2.00 all win → £232.00', () => {
    // [FC] Σ_{k≥2} C(5,k)·2^k = 3^5 − 1 − 5×2 = 243 − 11 = 232
    // (10×4 + 10×8 + 5×16 + 32 = 40 + 80 + 80 + 32 = 232)
    expect(system(CANADIAN, 100, Array.from({ length: 5 }, () => [2000, 'won'] as const))).toBe(23200);
  });
  it('18. £1, five at 2.00, one loses → £72.00', () => {
    // four winners: 6 doubles × 4 + 4 trebles × 8 + 1 four-fold × 16 = 24 + 32 + 16 = 72
    expect(system(CANADIAN, 100, [[2000, 'won'], [2000, 'won'], [2000, 'won'], [2000, 'won'], [2000, 'lost']])).toBe(7200);
  });
  it('19. £1, 1.50 / 2.00 / 2.50 / 3.00 / 4.00 all win → £511.00', () => {
    // [FC] Π(1 + o) = 2.5 × 3 × 3.5 × 4 × 5 = 525; minus 1 and the singles 1.5 + 2 + 2.5 + 3 + 4 = 13 → 511
    expect(system(CANADIAN, 100, [[1500, 'won'], [2000, 'won'], [2500, 'won'], [3000, 'won'], [4000, 'won']])).toBe(51100);
  });
  it('20. £1, 2.00 ×5 with A half lost → £112.00 [PIN]', () => {
    // half lost counts 0.5: [FC] 1.5 × 3^4 − 1 − (0.5 + 4×2) = 121.5 − 9.5 = 112
    expect(system(CANADIAN, 100, [[2000, 'half_lost'], [2000, 'won'], [2000, 'won'], [2000, 'won'], [2000, 'won']])).toBe(11200);
  });
});

describe('Heinz: 15 doubles, 20 trebles, 15 four-folds, 6 five-folds, 1 six-fold (57 bets) [SBC]', () => {
  it('21. £1, six at 2.00 all win → £716.00', () => {
    // [FC] 3^6 − 1 − 6×2 = 729 − 13 = 716
    expect(system(HEINZ, 100, Array.from({ length: 6 }, () => [2000, 'won'] as const))).toBe(71600);
  });
  it('22. 10p, six at 3.00, three win → £5.40', () => {
    // three winners: 3 doubles × 9 + 1 treble × 27 = 54; × £0.10 = 5.40
    expect(system(HEINZ, 10, [[3000, 'won'], [3000, 'won'], [3000, 'won'], [3000, 'lost'], [3000, 'lost'], [3000, 'lost']])).toBe(540);
  });
});

describe('Permutation systems k/n [SBC]', () => {
  it('23. 2/3 £1, 2.00 / 3.00 / 4.00 all win → £26.00', () => {
    // doubles 6 + 8 + 12 = 26
    expect(system([2], 100, [[2000, 'won'], [3000, 'won'], [4000, 'won']])).toBe(2600);
  });
  it('24. 2/3 £1, the 4.00 loses → £6.00', () => {
    expect(system([2], 100, [[2000, 'won'], [3000, 'won'], [4000, 'lost']])).toBe(600);
  });
  it('25. 3/4 £1, 2 / 3 / 4 / 5 all win → £154.00', () => {
    // trebles 24 + 30 + 40 + 60 = 154
    expect(system([3], 100, [[2000, 'won'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(15400);
  });
  it('26. 3/4 £1, the 5.00 loses → £24.00', () => {
    // only ABC 2×3×4 = 24
    expect(system([3], 100, [[2000, 'won'], [3000, 'won'], [4000, 'won'], [5000, 'lost']])).toBe(2400);
  });
  it('27. 2/4 £1, 2 / 3 / 4 / 5 all win → £71.00', () => {
    // doubles 6 + 8 + 10 + 12 + 15 + 20 = 71
    expect(system([2], 100, [[2000, 'won'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(7100);
  });
  it('28. 2/4 £1, the 5.00 void → £35.00 [NR]', () => {
    // doubles 6 + 8 + 2×1 + 12 + 3×1 + 4×1 = 6 + 8 + 2 + 12 + 3 + 4 = 35
    expect(system([2], 100, [[2000, 'won'], [3000, 'won'], [4000, 'won'], [5000, 'void']])).toBe(3500);
  });
});

describe('Systems with bankers: every combination holds every banker (sizes count the bankers)', () => {
  // Tipico-style "banker + system": sizes here = free legs + bankers.
  it('29. banker A 2.00 + sizes {2,3} of 4 (B 3, C 4, D 5), all win → £118.00', () => {
    // A+B 6, A+C 8, A+D 10, A+B+C 24, A+B+D 30, A+C+D 40 → 6 + 8 + 10 + 24 + 30 + 40 = 118
    expect(system([2, 3], 100, [[2000, 'won', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(11800);
  });
  it('30. the same with the banker lost → nothing', () => {
    expect(system([2, 3], 100, [[2000, 'lost', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(0);
  });
  it('31. the same with the banker void → £59.00', () => {
    // banker counts 1: B 3 + C 4 + D 5 + BC 12 + BD 15 + CD 20 = 59
    expect(system([2, 3], 100, [[2000, 'void', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(5900);
  });
  it('32. bankers A 1.50, B 2.00 + 2 of C 3 / D 4 / E 5 (size 4), all win → £141.00', () => {
    // AB = 3; 3 × (CD 12 + CE 15 + DE 20) = 3 × 47 = 141
    expect(system([4], 100, [[1500, 'won', 'banker'], [2000, 'won', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(14100);
  });
  it('33. the same with C lost → £60.00', () => {
    // only A B D E: 3 × 20 = 60
    expect(system([4], 100, [[1500, 'won', 'banker'], [2000, 'won', 'banker'], [3000, 'lost'], [4000, 'won'], [5000, 'won']])).toBe(6000);
  });
});

describe('Singles and accumulators with void and half results', () => {
  it('34. £10 single 1.90 half won → £14.50 [PIN]', () => {
    // £5 at 1.90 = 9.50 + £5 back = 14.50, i.e. 10 × (1.90 + 1) / 2
    expect(single('TK', 1000, [[1900, 'half_won']])).toBe(1450);
  });
  it('35. £10 single 1.90 half lost → £5.00 [PIN]', () => {
    // £5 lost, £5 back
    expect(single('TK', 1000, [[1900, 'half_lost']])).toBe(500);
  });
  it('36. £1 single 1.855 half won → £1.42 (rounded down once)', () => {
    // 1 × (1.855 + 1) / 2 = 1.4275 → 142 minor units, the 0.75 of a penny is not paid
    expect(single('TK', 100, [[1855, 'half_won']])).toBe(142);
  });
  it('37. £10 treble 2.00 / void / 1.50 → £30.00 (stands as a double)', () => {
    // 10 × 2 × 1 × 1.5 = 30
    expect(single('KK', 1000, [[2000, 'won'], [3000, 'void'], [1500, 'won']])).toBe(3000);
  });
  it('38. £10 double 1.90 half lost + 2.00 won → £10.00', () => {
    // 10 × 0.5 × 2 = 10
    expect(single('KK', 1000, [[1900, 'half_lost'], [2000, 'won']])).toBe(1000);
  });
  it('39. all void accumulator → stake back', () => {
    expect(single('KK', 1000, [[1900, 'void'], [2000, 'void']])).toBe(1000);
  });
});
