import { describe, expect, it } from 'vitest';
import { isDomainError, type DomainError } from '../../shared/decider';
import { pick, TEST_RULES } from '../testing/fixtures';
import {
  EMPTY_BETSLIP,
  addSelection,
  chooseSystemSizes,
  couponSummary,
  removeSelection,
  setStake,
  toggleBanker,
  updateSelectionOdds,
} from './betslip';
import { combinationCount, couponTypeOf } from './combinations';
import { COUPON_CAPS, DEFAULT_SLIP_RULES } from './constants';
import { formatOdds } from './odds-format';
import { bonusPercentOf } from './bonus';
import type { Betslip, SlipRules, SlipSelection } from './types';

function slipOf(selections: readonly SlipSelection[], extra: Partial<Betslip> = {}): Betslip {
  return { ...EMPTY_BETSLIP, selections, ...extra };
}

function ok<T>(value: T | DomainError): T {
  if (isDomainError(value)) throw new Error(`unexpected ${value.code}`);
  return value;
}

function refused(value: unknown): string {
  return isDomainError(value) ? [value.code, ...value.params].join('|') : 'accepted';
}

describe('coupon type from the slip (spec §4, reading notes)', () => {
  it('nothing → NA; one pick → TK; two matches → KK', () => {
    expect(couponTypeOf([], [])).toBe('NA');
    expect(couponTypeOf([pick('m1', 1500)], [])).toBe('TK');
    expect(couponTypeOf([pick('m1', 1500), pick('m2', 2000)], [])).toBe('KK');
  });
  it('a repeated match id → CK, before system', () => {
    expect(couponTypeOf([pick('m1', 1500), pick('m1', 3200, 'X')], [])).toBe('CK');
    expect(couponTypeOf([pick('m1', 1500), pick('m1', 3200, 'X'), pick('m2', 2000)], [2])).toBe('CK');
  });
  it('chosen sizes or a banker → SK', () => {
    expect(couponTypeOf([pick('m1', 1500), pick('m2', 2000), pick('m3', 2000)], [2])).toBe('SK');
    expect(couponTypeOf([pick('m1', 1500, '1', { banker: true }), pick('m2', 2000)], [])).toBe('SK');
  });
});

describe('adding and removing picks (spec §5)', () => {
  it('the same outcome twice is refused', () => {
    const slip = ok(addSelection(EMPTY_BETSLIP, pick('m1', 1500), TEST_RULES));
    expect(refused(addSelection(slip, pick('m1', 1500), TEST_RULES))).toBe('selectionAlreadyAdded');
  });

  it('at maxOddsCoupon (20) picks the 21st is refused', () => {
    let slip = EMPTY_BETSLIP;
    for (let i = 1; i <= 20; i++) slip = ok(addSelection(slip, pick(`m${i}`, 1200), TEST_RULES));
    expect(refused(addSelection(slip, pick('m21', 1200), TEST_RULES))).toBe('maxOddsCoupon|20');
  });

  it('odds outside the user limits: min limit: X / max limit: X', () => {
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, minOdds: 1200, maxOdds: 50_000 } };
    expect(refused(addSelection(EMPTY_BETSLIP, pick('m1', 1150), rules))).toBe('minLimit|1.20');
    expect(refused(addSelection(EMPTY_BETSLIP, pick('m1', 51_000), rules))).toBe('maxLimit|50.00');
    expect(refused(addSelection(EMPTY_BETSLIP, pick('m1', 1200), rules))).toBe('accepted');
  });

  it('odds that move outside the limits remove the pick', () => {
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, minOdds: 1200 } };
    const slip = slipOf([pick('m1', 1300), pick('m2', 1500)]);
    const { slip: after, removed } = updateSelectionOdds(slip, 'm1:1', 1100, rules);
    expect(removed?.code).toBe('minLimit');
    expect(after.selections.map((s) => s.id)).toEqual(['m2:1']);
    expect(updateSelectionOdds(slip, 'm1:1', 1250, rules).slip.selections[0]?.odds).toBe(1250);
  });

  it('a second outcome of a match needs multiple betting (status 1)', () => {
    const slip = slipOf([pick('m1', 1500)]);
    expect(refused(addSelection(slip, pick('m1', 3200, 'X'), DEFAULT_SLIP_RULES))).toBe('multipleBetDisabled');
    expect(refused(addSelection(slip, pick('m1', 3200, 'X'), TEST_RULES))).toBe('accepted');
  });

  it('multiple mode: more than 27 tickets is refused', () => {
    // 3 × 3 × 3 = 27 is the most; a fourth outcome on one match makes 36
    let slip = EMPTY_BETSLIP;
    for (const m of ['m1', 'm2', 'm3']) for (const o of ['1', 'X', '2']) slip = ok(addSelection(slip, pick(m, 2000, o), TEST_RULES));
    expect(combinationCount('CK', slip.selections, [])).toBe(27);
    expect(refused(addSelection(slip, pick('m1', 2000, 'U'), TEST_RULES))).toBe('maxMultiOdds|27');
  });

  it('multiple mode: more than 10 matches is refused', () => {
    let slip = slipOf([pick('m1', 1500), pick('m1', 3000, 'X')]);
    for (let i = 2; i <= 10; i++) slip = ok(addSelection(slip, pick(`m${i}`, 1200), TEST_RULES));
    expect(refused(addSelection(slip, pick('m11', 1200), TEST_RULES))).toBe('maxMultiCps|10');
  });

  it('system mode: more than 10 picks is refused', () => {
    let slip = slipOf([pick('m1', 1500), pick('m2', 1500)], { systemSizes: [2] });
    for (let i = 3; i <= 10; i++) slip = ok(addSelection(slip, pick(`m${i}`, 1200), TEST_RULES));
    expect(refused(addSelection(slip, pick('m11', 1200), TEST_RULES))).toBe('maxSystemCps|10');
  });

  it('removing a pick drops system sizes that no longer fit', () => {
    const slip = slipOf([pick('m1', 1500), pick('m2', 1500), pick('m3', 1500), pick('m4', 1500)], { systemSizes: [2, 4] });
    expect(removeSelection(slip, 'm4:1').systemSizes).toEqual([2]);
    expect(removeSelection(removeSelection(removeSelection(slip, 'm4:1'), 'm3:1'), 'm2:1').systemSizes).toEqual([]);
  });
});

describe('system sizes and bankers', () => {
  const four = slipOf([pick('m1', 2000), pick('m2', 3000), pick('m3', 4000), pick('m4', 5000)]);

  it('sizes must lie between bankers + 1 and the picks: systemCountDivitedError', () => {
    expect(refused(chooseSystemSizes(four, [5]))).toBe('systemCountDivitedError');
    const banked = ok(toggleBanker(four, 'm1:1'));
    expect(refused(chooseSystemSizes(banked, [1]))).toBe('systemCountDivitedError');
    expect(ok(chooseSystemSizes(banked, [3, 2])).systemSizes).toEqual([2, 3]);
  });

  it('marking a banker auto-selects the full size; a size that stops fitting is dropped', () => {
    const banked = ok(toggleBanker(four, 'm1:1'));
    expect(banked.systemSizes).toEqual([4]);
    const sized = ok(chooseSystemSizes(banked, [2, 3]));
    const twoBankers = ok(toggleBanker(sized, 'm2:1'));
    expect(twoBankers.systemSizes).toEqual([3]);
  });

  it('at least one pick must stay free', () => {
    const two = slipOf([pick('m1', 2000, '1', { banker: true }), pick('m2', 3000)], { systemSizes: [2] });
    expect(refused(toggleBanker(two, 'm2:1'))).toBe('systemCountDivitedError');
  });

  it('a system slip with no fitting size is not creatable', () => {
    const summary = couponSummary(slipOf(four.selections, { systemSizes: [6], stake: 1000 }), TEST_RULES);
    expect(summary.cType).toBe('SK');
    expect(summary.creatable).toBe(false);
    expect(summary.problem?.code).toBe('systemCountDivitedError');
  });
});

describe('the coupon summary (spec §3)', () => {
  it('a combined coupon: one ticket, product odds, payout', () => {
    const summary = couponSummary(slipOf([pick('m1', 1850), pick('m2', 2100)], { stake: 1000 }), TEST_RULES);
    expect(summary).toMatchObject({
      cType: 'KK',
      cCount: 1,
      bAmount: 1000,
      tAmount: 1000,
      oRate: 3885, // 1.85 × 2.10 = 3.885
      tRate: 3885,
      maxPay: 3885, // 10.00 × 3.885 = 38.85
      minStake: 100,
      maxStake: 10_000,
      minTip: 1,
      maxPayU: 100_000,
      cSystem: { b: 0, c: [], s: 2 },
      bPrice: 0,
      bPercent: 0,
      creatable: true,
    });
  });

  it('a system 2/3: three tickets, the total stake split, all tickets can win', () => {
    const slip = slipOf([pick('m1', 2000), pick('m2', 3000), pick('m3', 4000)], { systemSizes: [2], stake: 1000 });
    const summary = couponSummary(slip, TEST_RULES);
    // 10.00 / 3 → 3.33 a ticket, 9.99 staked; best case 3.33 × (6 + 8 + 12) = 86.58
    expect(summary).toMatchObject({ cType: 'SK', cCount: 3, bAmount: 333, tAmount: 999, oRate: 26_000, maxPay: 8658, creatable: true });
  });

  it('a multiple: tickets = cross product; the best ticket is the potential', () => {
    const slip = slipOf([pick('m1', 2000), pick('m1', 3200, 'X'), pick('m2', 1500)], { stake: 1000 });
    const summary = couponSummary(slip, TEST_RULES);
    // 2 tickets at 5.00: 5 × 2 × 1.5 = 15, 5 × 3.2 × 1.5 = 24 → 24.00
    expect(summary).toMatchObject({ cType: 'CK', cCount: 2, bAmount: 500, tAmount: 1000, oRate: 4800, maxPay: 2400, creatable: true });
  });

  it('stake is kept as typed, never clamped into the limits; a system total is split over its tickets', () => {
    const slip = slipOf([pick('m1', 1500), pick('m2', 1500)]);
    expect(setStake(slip, 50, TEST_RULES).stake).toBe(50);
    expect(setStake(slip, 0, TEST_RULES).stake).toBe(0);
    expect(setStake(slip, -500, TEST_RULES).stake).toBe(0);
    expect(setStake(slip, 50_000, TEST_RULES).stake).toBe(50_000);
    expect(setStake(slip, 2_500, TEST_RULES).stake).toBe(2_500);
    // a system 2/3 at 10.00: 3 × 3.33 = 9.99, the total shown and sent
    const system = slipOf([pick('m1', 1500), pick('m2', 1500), pick('m3', 1500)], { systemSizes: [2] });
    expect(setStake(system, 1000, TEST_RULES).stake).toBe(999);
  });

  it('a stake outside the limits is refused on the slip with the rule, whatever set it', () => {
    const slip = slipOf([pick('m1', 1500), pick('m2', 1500)], { stake: 50 });
    expect(couponSummary(slip, TEST_RULES)).toMatchObject({ creatable: false, problem: { code: 'minStake', params: ['100'] } });
    expect(couponSummary(slipOf(slip.selections, { stake: 20_000 }), TEST_RULES).problem).toMatchObject({ code: 'maxStake', params: ['10000'] });
    for (const typed of [50, 0, -500, 20_000]) {
      expect(couponSummary(setStake(slip, typed, TEST_RULES), TEST_RULES).creatable).toBe(false);
    }
    expect(couponSummary(setStake(slip, 100, TEST_RULES), TEST_RULES)).toMatchObject({ tAmount: 100, creatable: true, problem: null });
  });

  it('max pay is capped by the user limit (1000.00 by default)', () => {
    const slip = slipOf([pick('m1', 10_000), pick('m2', 10_000), pick('m3', 10_000)], { stake: 5000 });
    const summary = couponSummary(slip, TEST_RULES);
    expect(summary.maxPay).toBe(100_000);
    expect(summary.maxPayU).toBe(100_000);
  });

  it('a limit of 0 means none', () => {
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, combine: { minTip: 0, minStake: 0, maxStake: 0, maxPay: 0, status: 0 } } };
    const summary = couponSummary(slipOf([pick('m1', 10_000), pick('m2', 10_000)], { stake: 1_000_000 }), rules);
    expect(summary).toMatchObject({ tAmount: 1_000_000, maxPay: 100_000_000, creatable: true });
  });

  it('minimum selections (minTip) per coupon, raised by an odd’s own limits', () => {
    const rules: SlipRules = { ...TEST_RULES, limits: { ...TEST_RULES.limits, combine: { ...TEST_RULES.limits.combine, minTip: 3 } } };
    expect(couponSummary(slipOf([pick('m1', 1500), pick('m2', 1500)], { stake: 500 }), rules).problem?.params).toEqual(['3']);
    const own = { single: { minTip: 1, minStake: 0, maxStake: 0, maxPay: 0 }, combination: { minTip: 4, minStake: 200, maxStake: 5000, maxPay: 0 } };
    const summary = couponSummary(slipOf([pick('m1', 1500, '1', { limits: own }), pick('m2', 1500)], { stake: 500 }), TEST_RULES);
    expect(summary).toMatchObject({ minTip: 4, minStake: 200, maxStake: 5000, creatable: false });
  });

  it('multiple betting disabled when multiple status is 0', () => {
    const summary = couponSummary(slipOf([pick('m1', 1500), pick('m1', 3000, 'X')], { stake: 500 }), DEFAULT_SLIP_RULES);
    expect(summary.problem?.code).toBe('multipleBetDisabled');
  });

  it('an empty slip is NA and not creatable', () => {
    expect(couponSummary(EMPTY_BETSLIP, TEST_RULES)).toMatchObject({ cType: 'NA', cCount: 0, creatable: false });
  });
});

describe('the coupon bonus (spec §3 bonusCoupon, §5, §9)', () => {
  const rule = { bonusPercent: 5, bonusTipCount: 3, bonusOdds: 1300 };
  const legs = (n: number, odds = 1500) => Array.from({ length: n }, () => ({ odds }));

  it('grows by bonusPercent for each pick above bonusTipCount, capped at 25', () => {
    expect([3, 4, 5, 7, 8, 12].map((n) => bonusPercentOf('KK', legs(n), rule))).toEqual([0, 5, 10, 20, 25, 25]);
  });
  it('needs every pick at bonusOdds or more; only one-ticket coupons earn it', () => {
    expect(bonusPercentOf('KK', [...legs(5), { odds: 1290 }], rule)).toBe(0);
    expect(bonusPercentOf('SK', legs(6), rule)).toBe(0);
  });
  it('the summary shows bPercent, bPrice (on the net winnings) and tRate', () => {
    const rules: SlipRules = { ...TEST_RULES, bonus: rule };
    const slip = slipOf(['m1', 'm2', 'm3', 'm4', 'm5'].map((m) => pick(m, 2000)), { stake: 1000 });
    // 10 × 2^5 = 320; net 310; 10 % → 31; 351.00. tRate 32 + 31 × 10 % = 35.1
    expect(couponSummary(slip, rules)).toMatchObject({ oRate: 32_000, tRate: 35_100, bPercent: 10, bPrice: 3100, maxPay: 35_100, bonusCoupon: rule });
  });
});

describe('constants (spec §9)', () => {
  it('coupon caps and default limits', () => {
    expect(COUPON_CAPS).toEqual({ maxOddsCoupon: 20, maxMultiOdds: 27, maxMultiCps: 10, maxSystemCps: 10 });
    expect(DEFAULT_SLIP_RULES.limits.combine).toEqual({ minTip: 1, minStake: 100, maxStake: 10_000, maxPay: 100_000, status: 0 });
  });
  it('odds format: two decimals, three when the thousandth is not 0', () => {
    expect([1200, 1005, 50_000, 1855, 12_340].map(formatOdds)).toEqual(['1.20', '1.005', '50.00', '1.855', '12.34']);
  });
});
