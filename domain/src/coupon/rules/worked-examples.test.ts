/**
 * Worked examples: stake, odds, results → return, each computed by hand in the comment, the way the
 * public full-cover bet calculators compute them (every bet of the cover is its own combined bet;
 * a void / non-runner leg counts at odds 1.00, a loser kills every bet it is in; no "one winner"
 * promotions). Where a source prints the figure itself, the test name says "(source figure)".
 * Sources:
 * - [MB]   Marathonbet help 9.13 "Yankee" — https://www.marathonbet.co.uk/en/help/bet_glossary/yankee/
 * - [MBT]  Marathonbet help 9.4 "Trebles" — https://www.marathonbet.co.uk/en/help/bet_glossary/trebles/
 * - [SBC]  sportsbettingcalculator.co.uk full-cover calculators (Trixie, Yankee, Lucky 15 …) —
 *          http://www.sportsbettingcalculator.co.uk/betcalculator/yankeecalculator.html
 * - [BS]   betandskill "Lucky 15 explained" (A 2.00, B 3.50, C 4.00, D 1.50 table) —
 *          https://www.betandskill.com/lucky-15-explained-how-does-a-lucky-15-work/
 * - [XLS]  multiple-bet settling spreadsheet ("30p Yankee with 4 winners at 3/1. Return=£182.40";
 *          "30p Lucky 15 with 3 winners at 3/1 and a non-runner. Return=£74.70") —
 *          http://www.docstoc.com/docs/126500329/bet
 * - [AB]   The AnswerBank "lucky 15 Bet Formula" (£1 Lucky 15 at 3/1, 7/1, 5/2, evens = £606.50) —
 *          https://theanswerbank.co.uk/find/answer/8779941
 * - [WZ]   wettzentrale.net lexicon "Systemwette" (2 aus 3 at 3,10 / 3,20 / 3,35, 10 € a line) —
 *          https://www.wettzentrale.net/sportwetten-lexikon/systemwette/
 * - [SB24] sportsbet24 "Examples of system bets: 2 out of 3, 3 out of 5" —
 *          https://sportsbet24.online/page/43/examples-of-system-bets-in-a-bookmakers-office-sports-betting-system-2-out-of-3-3-out-of-5
 * - [SW]   123sportwetten "Die Systemwette" (2 aus 3 at 6,35 / 3,25 / 7,15) —
 *          https://123sportwetten.eu/der-kompromiss-die-systemwette-beim-sportwetten
 * - [SPB]  Sportingbet help "What is a banker?" ("a 2/3 system bet with a banker … you win only if
 *          two picks of your system bet and your banker are correct") —
 *          https://help.sportingbet.co.za/en/sports-help/sports-betting/bet-types/banker
 * - [ALB]  Albers Wettbörse "Systemwette mit Banken" ("3 aus 5" with one Bank becomes "1x Bank + 3
 *          aus 4": four lines, the Bank in each; line 4 at total odds 27,66 × 2 € = 55,32 €) —
 *          https://www.albers-wettboerse.de/das-sportwetten-abc/systemwette-mit-banken/
 * - [NR]   "Non runners in your Yankee bets": all bets still stand, the non-runner counts as evens
 *          stake-back (odds 1.0) — http://www.safebookmakerssites.com/ARTICLES2/yankeebetsnonrunners.htm
 * - [ACC]  nfl-stats betting guide "Accumulators" (a void selection drops a five-fold to a four-fold;
 *          $20 treble at 2.5 × 2.0 × 2.25 = $225) — https://nfl-stats.com/Betting-Guide/bg-accum.html
 * - [WIKI] Wikipedia "Bookmaking", settling: "Non-runners are treated as winners with … decimal odds
 *          of 1"; "Fractions of pence in total winnings are invariably rounded down" (read at
 *          https://tickerdossier.com/wiki/bookmaking, a copy of https://en.wikipedia.org/wiki/Bookmaking)
 * - [PIN]  Pinnacle help, double (quarter) handicaps: the stake is split in two half bets —
 *          https://cs.help.pinnaclesports.com/en/support/solutions/articles/1000116864 ; parlay with
 *          two "half push / half loss" legs (€100 at 2.060, 4.550, 2.100 ½lost, 1.826 ½lost) —
 *          https://pl.help.pinnaclesports.com/en/support/solutions/articles/1000220526
 * - [BOD]  Bodog help "Quarter Ball – Parlay Payout Examples" ($10 at 2.0, 2.2, 1.91, 2.5) —
 *          https://bodog.eu/help/common-faq/quarter-ball-parlay-payout-examples
 * - [FC]   Full-cover identity used to cross-check: Σ over all non-empty subsets of Π oᵢ = Π(1 + oᵢ) − 1
 *          (decimal odds; void legs oᵢ = 1, losers drop out), then subtract the sizes not covered.
 * Stakes are minor units (100 = £1.00 per bet); returns are minor units, each bet rounded down to
 * the minor unit once ([WIKI]); where a source rounds to the nearest cent instead, the test says so.
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

describe('Lucky 15: 4 singles + Yankee (15 bets) = sizes {1,2,3,4} of 4 [SBC] [BS]', () => {
  it('13. £1, 2.00 / 3.50 / 4.00 / 1.50 all win → £167.75 (source figures [BS]: singles 11, doubles 43.25, trebles 71.50, four-fold 42)', () => {
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

describe('Systems with bankers: every combination holds every banker (sizes count the bankers) [SPB] [ALB]', () => {
  // Sportingbet's "2/3 with a banker" and Albers' "1x Bank + 3 aus 4" count only the free legs;
  // here a size counts the bankers too, so they are sizes [3] and [4].
  it('29. banker A 2.00 + sizes {2,3} of 4 (B 3, C 4, D 5), all win → £118.00', () => {
    // A+B 6, A+C 8, A+D 10, A+B+C 24, A+B+D 30, A+C+D 40 → 6 + 8 + 10 + 24 + 30 + 40 = 118
    expect(system([2, 3], 100, [[2000, 'won', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(11800);
  });
  it('30. the same with the banker lost → nothing ("if the banker is incorrect … you lose the bet" [SPB])', () => {
    expect(system([2, 3], 100, [[2000, 'lost', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'won']])).toBe(0);
  });
  it('31. the same with the banker void → £59.00 (a void leg counts 1.00 [WIKI] [NR])', () => {
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

describe('Singles and accumulators with void and half results [PIN] [WIKI] [ACC]', () => {
  it('34. £10 single 1.90 half won → £14.50 [PIN]', () => {
    // £5 at 1.90 = 9.50 + £5 back = 14.50, i.e. 10 × (1.90 + 1) / 2
    expect(single('TK', 1000, [[1900, 'half_won']])).toBe(1450);
  });
  it('35. £10 single 1.90 half lost → £5.00 [PIN]', () => {
    // £5 lost, £5 back
    expect(single('TK', 1000, [[1900, 'half_lost']])).toBe(500);
  });
  it('36. £1 single 1.855 half won → £1.42 (rounded down once [WIKI])', () => {
    // 1 × (1.855 + 1) / 2 = 1.4275 → 142 minor units, the 0.75 of a penny is not paid
    expect(single('TK', 100, [[1855, 'half_won']])).toBe(142);
  });
  it('37. £10 treble 2.00 / void / 1.50 → £30.00 (stands as a double [ACC])', () => {
    // 10 × 2 × 1 × 1.5 = 30
    expect(single('KK', 1000, [[2000, 'won'], [3000, 'void'], [1500, 'won']])).toBe(3000);
  });
  it('38. £10 double 1.90 half lost + 2.00 won → £10.00 [PIN]', () => {
    // 10 × 0.5 × 2 = 10
    expect(single('KK', 1000, [[1900, 'half_lost'], [2000, 'won']])).toBe(1000);
  });
  it('39. all void accumulator → stake back (every leg at odds 1 [WIKI])', () => {
    expect(single('KK', 1000, [[1900, 'void'], [2000, 'void']])).toBe(1000);
  });
});

describe('More published examples, each checked against the figure its source prints', () => {
  it('40. Yankee 30p, four winners at 3/1 (4.00) → £182.40 (source figure [XLS])', () => {
    // 6 doubles × 16 = 96 → 28.80; 4 trebles × 64 = 256 → 76.80; four-fold 256 → 76.80; 182.40
    expect(system(YANKEE, 30, [[4000, 'won'], [4000, 'won'], [4000, 'won'], [4000, 'won']])).toBe(18_240);
  });
  it('41. Lucky 15 30p, three winners at 3/1 and a non-runner → £74.70 (source figure [XLS])', () => {
    // singles 4 + 4 + 4 + 1 = 13 → 3.90; doubles 3 × 16 + 3 × 4 = 60 → 18.00;
    // trebles 64 + 3 × 16 = 112 → 33.60; four-fold 64 → 19.20; 3.90 + 18 + 33.60 + 19.20 = 74.70
    // (the sheet's one-winner and four-winner bonuses do not apply to three winners)
    expect(system(LUCKY_15, 30, [[4000, 'won'], [4000, 'won'], [4000, 'won'], [4000, 'void']])).toBe(7470);
  });
  it('42. Lucky 15 £1, 3/1, 7/1, 5/2, evens (4.00, 8.00, 3.50, 2.00) all win → £606.50 (source figure [AB])', () => {
    // [FC] 5 × 9 × 4.5 × 3 − 1 = 606.50
    expect(system(LUCKY_15, 100, [[4000, 'won'], [8000, 'won'], [3500, 'won'], [2000, 'won']])).toBe(60_650);
  });
  it('43. the same Lucky 15 at 20p → £121.30 (source figure [AB])', () => {
    expect(system(LUCKY_15, 20, [[4000, 'won'], [8000, 'won'], [3500, 'won'], [2000, 'won']])).toBe(12_130);
  });
  it('44. 2/3 at 10 € a line, 3.10 / 3.20 / 3.35 all win → 310.25 € (source figure [WZ])', () => {
    // 10 × 3.1 × 3.2 = 99.20; 10 × 3.1 × 3.35 = 103.85; 10 × 3.2 × 3.35 = 107.20; 310.25
    expect(system([2], 1000, [[3100, 'won'], [3200, 'won'], [3350, 'won']])).toBe(31_025);
  });
  it('45. the same 2/3 with the 3.35 lost → 99.20 € (source figure [WZ])', () => {
    expect(system([2], 1000, [[3100, 'won'], [3200, 'won'], [3350, 'lost']])).toBe(9920);
  });
  it('46. 2/3 at $200 a line, 1.90 / 2.00 / 2.50 all win → $2,710 (source figure [SB24])', () => {
    // 200 × 3.80 = 760; 200 × 4.75 = 950; 200 × 5.00 = 1000; 2710
    expect(system([2], 20_000, [[1900, 'won'], [2000, 'won'], [2500, 'won']])).toBe(271_000);
  });
  it('47. the same 2/3 with the 2.50 lost → $760 (source figure [SB24])', () => {
    expect(system([2], 20_000, [[1900, 'won'], [2000, 'won'], [2500, 'lost']])).toBe(76_000);
  });
  it('48. 3/5 at $100 a line, 1.90 / 2.00 / 2.50 / 2.80 / 3.00 all win → $14,185 [SB24]', () => {
    // ten trebles: 950 + 1064 + 1140 + 1330 + 1425 + 1596 + 1400 + 1500 + 1680 + 2100 = 14 185
    expect(system([3], 10_000, [[1900, 'won'], [2000, 'won'], [2500, 'won'], [2800, 'won'], [3000, 'won']])).toBe(1_418_500);
  });
  it('49. 2/3 at €1 a line, 6.35 / 3.25 / 7.15 all win → €89.26, each line rounded down [SW] [WIKI]', () => {
    // 20.6375 → 20.63; 45.4025 → 45.40; 23.2375 → 23.23; 89.26 (the unrounded sum 89.2775 is not paid)
    expect(system([2], 100, [[6350, 'won'], [3250, 'won'], [7150, 'won']])).toBe(8926);
  });
  it('50. €10 treble 1.50 / 2.00 / 2.60 → €78.00 (source figure [MBT])', () => {
    expect(single('KK', 1000, [[1500, 'won'], [2000, 'won'], [2600, 'won']])).toBe(7800);
  });
  it('51. $20 treble 2.5 / 2.0 / 2.25 → $225 (source figure [ACC]); with the 2.25 void it is a double: $100', () => {
    expect(single('KK', 2000, [[2500, 'won'], [2000, 'won'], [2250, 'won']])).toBe(22_500);
    expect(single('KK', 2000, [[2500, 'won'], [2000, 'won'], [2250, 'void']])).toBe(10_000);
  });
  it('52. $10 four-fold 2.0 half won / 2.2 / 1.91 / 2.5 → $157.57 (source figure [BOD])', () => {
    // (5 × 2.0 + 5) = 15; 15 × 2.2 × 1.91 × 2.5 = 157.575 → 157.57
    expect(single('KK', 1000, [[2000, 'half_won'], [2200, 'won'], [1910, 'won'], [2500, 'won']])).toBe(15_757);
  });
  it('53. the same with 2.0 and 2.2 both half won → $114.60 (source figure [BOD])', () => {
    // 15 → (7.5 × 2.2 + 7.5) = 24; 24 × 1.91 × 2.5 = 114.60
    expect(single('KK', 1000, [[2000, 'half_won'], [2200, 'half_won'], [1910, 'won'], [2500, 'won']])).toBe(11_460);
  });
  it('54. the same with 2.0 and 2.2 both half lost → $11.93 ([BOD] prints $11.94, rounding to the nearest cent)', () => {
    // 10 / 2 / 2 = 2.50; 2.50 × 1.91 × 2.5 = 11.9375 → rounded down 11.93 [WIKI]
    expect(single('KK', 1000, [[2000, 'half_lost'], [2200, 'half_lost'], [1910, 'won'], [2500, 'won']])).toBe(1193);
  });
  it('55. €100 four-fold 2.060 / 4.550 / 2.100 half lost / 1.826 half lost → €234.32 ([PIN] prints €234.33, rounding to the nearest cent)', () => {
    // 100 × 2.06 × 4.55 = 937.30; ÷ 2 = 468.65; ÷ 2 = 234.325 → rounded down 234.32 [WIKI]
    expect(single('KK', 10_000, [[2060, 'won'], [4550, 'won'], [2100, 'half_lost'], [1826, 'half_lost']])).toBe(23_432);
  });
  it('56. "2/3 with a banker" [SPB] = sizes [3] of banker + 3: the banker and two free picks must win', () => {
    // banker A 1.50 won; B 2.00 lost, C 3.00, D 4.00 won: only A + C + D = 1.5 × 3 × 4 = 18.00
    expect(system([3], 100, [[1500, 'won', 'banker'], [2000, 'lost'], [3000, 'won'], [4000, 'won']])).toBe(1800);
    // one free pick right is not enough
    expect(system([3], 100, [[1500, 'won', 'banker'], [2000, 'lost'], [3000, 'lost'], [4000, 'won']])).toBe(0);
  });
  it('57. "1x Bank + 3 aus 4" [ALB] = sizes [4] of banker + 4: game 1 lost leaves line 4 at 27.66 × 2 € = 55.32 € (source figure)', () => {
    // the page gives the line's total odds 27,66, not the single odds; these four multiply to it:
    // 2.00 × 2.00 × 4.61 × bank 1.50 = 27.66
    expect(system([4], 200, [[1800, 'lost'], [2000, 'won'], [2000, 'won'], [4610, 'won'], [1500, 'won', 'banker']])).toBe(5532);
  });
  it('58. banker 2.00 + sizes [3] of B 3.00 / C 4.00 / D void → £38.00 [SPB] [WIKI]', () => {
    // A+B+C 24, A+B+D 2 × 3 × 1 = 6, A+C+D 2 × 4 × 1 = 8; 38
    expect(system([3], 100, [[2000, 'won', 'banker'], [3000, 'won'], [4000, 'won'], [5000, 'void']])).toBe(3800);
  });
  it('59. banker void and a free leg void, sizes [2, 3] of A banker / B 3.00 / C 2.00 / D void → £17.00 [SPB] [WIKI]', () => {
    // A and D count 1: size 2: AB 3, AC 2, AD 1; size 3: ABC 6, ABD 3, ACD 2; 3 + 2 + 1 + 6 + 3 + 2 = 17
    expect(system([2, 3], 100, [[2000, 'void', 'banker'], [3000, 'won'], [2000, 'won'], [5000, 'void']])).toBe(1700);
  });
});
