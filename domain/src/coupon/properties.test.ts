import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../shared/decider';
import { OUTCOME_RESULTS, type OutcomeResult } from '../shared/results';
import type { CouponPlaced, PlacedCoupon } from './events';
import { couponDecider, settlementOf } from './decider';
import { couponSummary, EMPTY_BETSLIP, setStake } from './rules/betslip';
import { combinationsOf, couponTypeOf } from './rules/combinations';
import { MONEY_CEILING } from './rules/constants';
import { settleCoupon, type SettlementInput } from './rules/settlement';
import type { Betslip, BonusRule, CouponType, LimitGroup, OutcomeLimits, SettlingLeg, SlipRules, StakeLimits } from './rules/types';
import { pick, placeCommand, testContext, TEST_RULES } from './testing/fixtures';

const odds = fc.integer({ min: 1001, max: 20_000 });
/** Now and then a long shot, so products leave the safe-integer range when no max pay applies. */
const anyOdds = fc.oneof({ arbitrary: odds, weight: 9 }, { arbitrary: fc.integer({ min: 20_000, max: 1_000_000 }), weight: 1 });
const result = fc.constantFrom<OutcomeResult>(...OUTCOME_RESULTS);
const bonusRule: fc.Arbitrary<BonusRule | null> = fc.option(
  fc.record({ bonusPercent: fc.integer({ min: 1, max: 10 }), bonusTipCount: fc.integer({ min: 0, max: 5 }), bonusOdds: fc.integer({ min: 1001, max: 2000 }) }),
);

/** A system coupon: n legs (one per match), some bankers, chosen sizes that fit. */
const systemCoupon = fc
  .record({
    legs: fc.array(fc.record({ odds, result, banker: fc.boolean() }), { minLength: 2, maxLength: 7 }),
    stake: fc.integer({ min: 1, max: 100_000 }),
    sizeSeed: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
  })
  .map(({ legs, stake, sizeSeed }) => {
    const settling: SettlingLeg[] = legs.map((l, i) => ({ id: `L${i}`, matchId: `m${i}`, odds: l.odds, banker: l.banker, result: l.result }));
    // keep at least one free leg
    if (settling.every((l) => l.banker)) settling[0] = { ...(settling[0] as SettlingLeg), banker: false };
    const bankers = settling.filter((l) => l.banker).length;
    const free = settling.length - bankers;
    const sizes = [...new Set(sizeSeed.map((s) => bankers + 1 + (s % free)))];
    return { legs: settling, stake, sizes };
  });

/**
 * Any coupon as it can be placed, of every type: legs on a few matches (a repeated match makes a
 * multiple), sizes and bankers on some (a system), any result on each leg, a bonus rule and a max
 * pay (0: none).
 */
const anyCoupon: fc.Arbitrary<SettlementInput> = fc
  .record({
    legs: fc.array(fc.record({ match: fc.integer({ min: 0, max: 5 }), odds: anyOdds, result, banker: fc.boolean() }), { minLength: 1, maxLength: 7 }),
    system: fc.boolean(),
    sizeSeed: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 4 }),
    stake: fc.integer({ min: 1, max: 100_000 }),
    bonus: bonusRule,
    maxPay: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000_000 })),
  })
  .map(({ legs, system, sizeSeed, stake, bonus, maxPay }) => {
    let settling: SettlingLeg[] = legs.map((l, i) => ({ id: `L${i}`, matchId: `m${l.match}`, odds: l.odds, banker: system && l.banker, result: l.result }));
    if (settling.length > 1 && settling.every((l) => l.banker)) settling = settling.map((l, i) => (i === 0 ? { ...l, banker: false } : l));
    const bankers = settling.filter((l) => l.banker).length;
    const free = settling.length - bankers;
    const sizes = system && settling.length > 1 ? [...new Set(sizeSeed.map((s) => bankers + 1 + (s % free)))] : [];
    const type = couponTypeOf(settling, sizes) as CouponType;
    return { type, legs: settling, systemSizes: type === 'SK' ? sizes : [], stakePerCombination: stake, bonus, maxPay };
  });

describe('settlement properties', () => {
  it('a system coupon pays the sum of its combinations, each settled as a combined coupon', () => {
    fc.assert(
      fc.property(systemCoupon, ({ legs, stake, sizes }) => {
        const system = settleCoupon({ type: 'SK', legs, systemSizes: sizes, stakePerCombination: stake, bonus: null, maxPay: 0 });
        const separately = combinationsOf('SK', legs, sizes).map(
          (combination) => settleCoupon({ type: 'KK', legs: combination, systemSizes: [], stakePerCombination: stake, bonus: null, maxPay: 0 }).payout,
        );
        expect(system.payout).toBe(separately.reduce((a, b) => a + b, 0));
      }),
    );
  });

  it('so does a multiple: the sum of its tickets, one outcome per match', () => {
    fc.assert(
      fc.property(anyCoupon, (coupon) => {
        fc.pre(coupon.type === 'CK');
        const multiple = settleCoupon({ ...coupon, bonus: null, maxPay: 0 });
        const separately = combinationsOf('CK', coupon.legs, []).map(
          (ticket) => settleCoupon({ ...coupon, type: ticket.length === 1 ? 'TK' : 'KK', legs: ticket, bonus: null, maxPay: 0 }).payout,
        );
        expect(multiple.payout).toBe(Math.min(separately.reduce((a, b) => a + b, 0), MONEY_CEILING));
      }),
    );
  });

  it('voiding a leg never pays less than keeping the leg as a winner at odds 1.000 (every coupon type)', () => {
    const seen = new Set<CouponType>();
    fc.assert(
      fc.property(anyCoupon, fc.nat(), (coupon, which) => {
        seen.add(coupon.type);
        const i = which % coupon.legs.length;
        const withLeg = (leg: Partial<SettlingLeg>) => coupon.legs.map((l, j) => (j === i ? { ...l, ...leg } : l));
        const voided = settleCoupon({ ...coupon, legs: withLeg({ result: 'void' }) });
        const atEvens = settleCoupon({ ...coupon, legs: withLeg({ result: 'won', odds: 1000 }) });
        expect(voided.payout).toBeGreaterThanOrEqual(atEvens.payout);
      }),
      { numRuns: 300 },
    );
    expect([...seen].sort()).toEqual(['CK', 'KK', 'SK', 'TK']);
  });

  it('in an accumulator without bonus a void leg is exactly the accumulator without it', () => {
    fc.assert(
      fc.property(systemCoupon, fc.nat(), ({ legs, stake }, which) => {
        const i = which % legs.length;
        const voided = settleCoupon({ type: 'KK', legs: legs.map((l, j) => (j === i ? { ...l, result: 'void' as const } : l)), systemSizes: [], stakePerCombination: stake, bonus: null, maxPay: 0 });
        const without = legs.filter((_, j) => j !== i);
        const shorter = settleCoupon({ type: without.length === 1 ? 'TK' : 'KK', legs: without, systemSizes: [], stakePerCombination: stake, bonus: null, maxPay: 0 });
        expect(voided.payout).toBe(shorter.payout);
      }),
    );
  });

  it('no settlement pays above the max pay, and every amount is a whole number of minor units', () => {
    fc.assert(
      fc.property(anyCoupon, (coupon) => {
        const settlement = settleCoupon(coupon);
        if (coupon.maxPay > 0) expect(settlement.payout).toBeLessThanOrEqual(coupon.maxPay);
        for (const amount of [settlement.payout, settlement.winnings, settlement.bonus, ...settlement.combinations.map((c) => c.payout)]) {
          expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true);
        }
        expect(settlement.payout).toBeLessThanOrEqual(settlement.winnings + settlement.bonus);
      }),
      { numRuns: 300 },
    );
  });
});

describe('the betslip and the decider agree', () => {
  const stakeLimits: fc.Arbitrary<StakeLimits> = fc.record({
    minTip: fc.integer({ min: 0, max: 2 }),
    minStake: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 500 })),
    maxStake: fc.oneof(fc.constant(0), fc.integer({ min: 100, max: 50_000 })),
    maxPay: fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 500_000 })),
  });
  const limitGroup: fc.Arbitrary<LimitGroup> = fc.tuple(stakeLimits, fc.constantFrom(0, 1)).map(([limits, status]) => ({ ...limits, status }));
  /** §9 max payout tiers: none, or a cap (or none) for each stake band. */
  const payoutTiers = fc.oneof(fc.constant([]), fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 1_000, max: 500_000 })), { minLength: 6, maxLength: 6 }));
  /** The player's limits (the spec's defaults half of the time) and the site's payout tiers. */
  const slipRules: fc.Arbitrary<SlipRules> = fc.record({
    custom: fc.boolean(),
    combine: limitGroup,
    multiple: limitGroup,
    system: limitGroup,
    minOdds: fc.oneof(fc.constant(0), fc.integer({ min: 1000, max: 1300 })),
    maxOdds: fc.oneof(fc.constant(0), fc.integer({ min: 8000, max: 20_000 })),
    bonus: bonusRule,
    payoutTiers,
  }).map(({ custom, bonus, payoutTiers, ...limits }) => (custom ? { ...TEST_RULES, bonus, payoutTiers, limits } : { ...TEST_RULES, bonus, payoutTiers }));
  /** The odd's own limits, as the feed attaches them to some outcomes. */
  const oddLimits: fc.Arbitrary<OutcomeLimits | null> = fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    { arbitrary: fc.record({ single: stakeLimits, combination: stakeLimits }), weight: 1 },
  );
  const slipPick = fc.record({
    match: fc.integer({ min: 1, max: 9 }),
    outcome: fc.constantFrom('1', 'X', '2'),
    odds: fc.integer({ min: 1010, max: 15_000 }),
    banker: fc.boolean(),
    limits: oddLimits,
  });
  const randomSlip = fc.record({
    picks: fc.uniqueArray(slipPick, { minLength: 1, maxLength: 8, selector: (p) => `${p.match}:${p.outcome}` }),
    mode: fc.constantFrom('none', 'fitting', 'any'),
    sizeSeed: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 4 }),
    stake: fc.integer({ min: 0, max: 60_000 }),
    rules: slipRules,
  });

  /** The coupon the decider places from this slip, or its refusal. */
  function place(slip: Betslip, rules: SlipRules) {
    const command = placeCommand(slip.selections, slip.stake, { systemSizes: slip.systemSizes });
    return couponDecider.decide(command, couponDecider.initialState, testContext({ quotes: slip.selections, rules }));
  }

  /** Every figure the summary shows must be the placed coupon's; a refusal must be the same refusal. */
  function expectAgreement(slip: Betslip, rules: SlipRules): string {
    const summary = couponSummary(slip, rules);
    let outcome = place(slip, rules);
    if (summary.creatable && summary.tAmount !== slip.stake) {
      // A total that does not split over the tickets is refused, naming the total the slip shows and sends.
      if (!isDomainError(outcome)) throw new Error(`decider charged ${slip.stake} split unevenly over ${summary.cCount} tickets`);
      expect([outcome.code, ...outcome.params]).toEqual(['stakeNotDivisible', String(summary.tAmount)]);
      outcome = place({ ...slip, stake: summary.tAmount }, rules);
    }
    if (!summary.creatable) {
      if (!isDomainError(outcome)) throw new Error(`decider placed what the betslip refuses (${summary.problem?.code})`);
      expect([outcome.code, ...outcome.params]).toEqual([summary.problem?.code, ...(summary.problem?.params ?? [])]);
      return 'refused';
    }
    if (isDomainError(outcome)) throw new Error(`decider refused ${outcome.code} what the betslip accepts`);
    const placed = (outcome[0] as CouponPlaced).data;
    expect({
      cType: placed.couponType,
      cCount: placed.combinations,
      bAmount: placed.stakePerCombination,
      tAmount: placed.totalStake,
      maxPay: placed.potentialPayout,
      maxPayU: placed.maxPay,
      bPercent: placed.bonusPercent,
    }).toEqual({
      cType: summary.cType,
      cCount: summary.cCount,
      bAmount: summary.bAmount,
      tAmount: summary.tAmount,
      maxPay: summary.maxPay,
      maxPayU: summary.maxPayU,
      bPercent: summary.bPercent,
    });
    expect(placed.totalStake).toBe(slip.stake - (slip.stake % placed.combinations));
    expect(bestCase(placed)).toBe(summary.maxPay);
    return placed.couponType;
  }

  /**
   * What the coupon pays in its best case, by the settlement code: every pick won, or for a multiple
   * the best of its tickets won (the other outcomes of its matches lost).
   */
  function bestCase(placed: PlacedCoupon): number {
    if (placed.couponType !== 'CK') return settlementOf(placed, Object.fromEntries(placed.selections.map((s) => [s.id, 'won' as const]))).payout;
    const tickets = combinationsOf('CK', placed.selections, []);
    return Math.max(
      ...tickets.map((ticket) => {
        const winners = new Set(ticket.map((s) => s.id));
        return settlementOf(placed, Object.fromEntries(placed.selections.map((s) => [s.id, winners.has(s.id) ? ('won' as const) : ('lost' as const)]))).payout;
      }),
    );
  }

  it('on every random slip and limits: same type, tickets, stakes, payout and bonus — or the same refusal', () => {
    const seen = new Map<string, number>();
    const count = (label: string) => seen.set(label, (seen.get(label) ?? 0) + 1);
    fc.assert(
      fc.property(randomSlip, ({ picks, mode, sizeSeed, stake, rules }) => {
        const selections = picks.map((p) => pick(`m${p.match}`, p.odds, p.outcome, { banker: mode !== 'none' && p.banker, limits: p.limits }));
        const bankers = selections.filter((s) => s.banker).length;
        const free = Math.max(1, selections.length - bankers);
        // 'fitting' sizes lie in (bankers, selections]; 'any' may not fit (systemCountDivitedError)
        const sizes = mode === 'none' ? [] : [...new Set(sizeSeed.map((k) => (mode === 'fitting' ? bankers + 1 + (k % free) : k)))];
        const slip: Betslip = { ...EMPTY_BETSLIP, selections, systemSizes: sizes, stake };
        // the stake as typed (maybe outside the limits) and as the betslip keeps it (split over the tickets)
        count(`typed ${expectAgreement(slip, rules)}`);
        count(`clamped ${expectAgreement(setStake(slip, stake, rules), rules)}`);
      }),
      { numRuns: 600 },
    );
    // the property is not vacuous: every coupon type is placed, and refusals are compared too
    for (const label of ['TK', 'KK', 'CK', 'SK', 'refused']) {
      expect(seen.get(`clamped ${label}`) ?? 0).toBeGreaterThan(10);
      expect(seen.get(`typed ${label}`) ?? 0).toBeGreaterThan(5);
    }
  });
});
