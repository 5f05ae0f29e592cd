import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isDomainError } from '../shared/decider';
import { OUTCOME_RESULTS, type OutcomeResult } from '../shared/results';
import type { CouponPlaced } from './events';
import { couponDecider, settlementOf } from './decider';
import { couponSummary, EMPTY_BETSLIP } from './rules/betslip';
import { combinationsOf } from './rules/combinations';
import { settleCoupon } from './rules/settlement';
import type { BonusRule, CouponType, SettlingLeg, SlipRules } from './rules/types';
import { pick, placeCommand, testContext, TEST_RULES } from './testing/fixtures';

const odds = fc.integer({ min: 1001, max: 20_000 });
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

const anyCoupon = fc.record({
  type: fc.constantFrom<CouponType>('TK', 'KK', 'SK'),
  coupon: systemCoupon,
  bonus: bonusRule,
  maxPay: fc.integer({ min: 1, max: 10_000_000 }),
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

  it('voiding a leg never pays less than keeping the leg as a winner at odds 1.000', () => {
    fc.assert(
      fc.property(anyCoupon, fc.nat(), ({ type, coupon, bonus, maxPay }, which) => {
        const legs = type === 'TK' ? coupon.legs.slice(0, 1) : coupon.legs;
        const i = which % legs.length;
        const withLeg = (leg: Partial<SettlingLeg>) => legs.map((l, j) => (j === i ? { ...l, ...leg } : l));
        const input = { type, systemSizes: type === 'SK' ? coupon.sizes : [], stakePerCombination: coupon.stake, bonus, maxPay };
        const voided = settleCoupon({ ...input, legs: withLeg({ result: 'void' }) });
        const atEvens = settleCoupon({ ...input, legs: withLeg({ result: 'won', odds: 1000 }) });
        expect(voided.payout).toBeGreaterThanOrEqual(atEvens.payout);
      }),
    );
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

  it('no settlement pays above the max pay', () => {
    fc.assert(
      fc.property(anyCoupon, ({ type, coupon, bonus, maxPay }) => {
        const legs = type === 'TK' ? coupon.legs.slice(0, 1) : coupon.legs;
        const settlement = settleCoupon({ type, legs, systemSizes: type === 'SK' ? coupon.sizes : [], stakePerCombination: coupon.stake, bonus, maxPay });
        expect(settlement.payout).toBeLessThanOrEqual(maxPay);
        expect(settlement.bonus).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('the betslip and the decider agree', () => {
  const slipPick = fc.record({
    match: fc.integer({ min: 1, max: 9 }),
    outcome: fc.constantFrom('1', 'X', '2'),
    odds: fc.integer({ min: 1010, max: 15_000 }),
    banker: fc.boolean(),
  });
  const randomSlip = fc.record({
    picks: fc.uniqueArray(slipPick, { minLength: 1, maxLength: 8, selector: (p) => `${p.match}:${p.outcome}` }),
    mode: fc.constantFrom('none', 'fitting', 'any'),
    sizeSeed: fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 4 }),
    stake: fc.integer({ min: 0, max: 20_000 }),
    bonus: bonusRule,
    maxPay: fc.integer({ min: 0, max: 200_000 }),
  });

  it('on every random slip: same type, tickets, stakes, payout and bonus — or the same refusal', () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(randomSlip, ({ picks, mode, sizeSeed, stake, bonus, maxPay }) => {
        const rules: SlipRules = { ...TEST_RULES, bonus, limits: { ...TEST_RULES.limits, system: { ...TEST_RULES.limits.system, maxPay } } };
        const selections = picks.map((p) => pick(`m${p.match}`, p.odds, p.outcome, { banker: mode !== 'none' && p.banker }));
        const bankers = selections.filter((s) => s.banker).length;
        const free = Math.max(1, selections.length - bankers);
        // 'fitting' sizes lie in (bankers, selections]; 'any' may not fit (systemCountDivitedError)
        const sizes = mode === 'none' ? [] : [...new Set(sizeSeed.map((k) => (mode === 'fitting' ? bankers + 1 + (k % free) : k)))];
        const slip = { ...EMPTY_BETSLIP, selections, systemSizes: sizes, stake };
        const summary = couponSummary(slip, rules);
        const label = summary.creatable ? summary.cType : 'refused';
        seen.set(label, (seen.get(label) ?? 0) + 1);
        const command = placeCommand(selections, summary.creatable ? summary.tAmount : stake, { systemSizes: sizes });
        const outcome = couponDecider.decide(command, couponDecider.initialState, testContext({ quotes: selections, rules }));
        if (!summary.creatable) {
          expect(isDomainError(outcome) && outcome.code).toBe(summary.problem?.code);
          return;
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
        // and the best case settles to exactly the potential payout shown
        if (placed.couponType !== 'CK') {
          const allWon = Object.fromEntries(placed.selections.map((s) => [s.id, 'won' as const]));
          expect(settlementOf(placed, allWon).payout).toBe(summary.maxPay);
        }
      }),
      { numRuns: 500 },
    );
    // the property is not vacuous: every coupon type is placed, and refusals are compared too
    for (const label of ['TK', 'KK', 'CK', 'SK', 'refused']) expect(seen.get(label) ?? 0).toBeGreaterThan(10);
  });
});
