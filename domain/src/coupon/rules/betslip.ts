import type { Minor, Odds } from '../../shared/money';
import { domainError, type DomainError } from '../../shared/decider';
import { bankerCount, combinationCount, couponTypeOf, legsByMatch, sizeFits, systemSizesFit } from './combinations';
import { exceeds } from './constants';
import { multipleEnabled, oddsLimitProblem } from './limits';
import { evaluate, stakeRange } from './pricing';
import type { Betslip, BonusRule, SlipRules, SlipSelection, SlipType } from './types';

export const EMPTY_BETSLIP: Betslip = { selections: [], systemSizes: [], stake: 0, oddChangeOk: false };

/**
 * Adds a pick, or refuses it with the rule of spec §5 it breaks:
 * `selectionAlreadyAdded`, `maxOddsCoupon|20`, `minLimit|1.20` / `maxLimit|50.00`,
 * `multipleBetDisabled` (a second outcome of a match while multiple status is 0),
 * `maxMultiOdds|27` / `maxMultiCps|10` (multiple mode), `maxSystemCps|10` (system mode).
 */
export function addSelection(slip: Betslip, selection: SlipSelection, rules: SlipRules): Betslip | DomainError {
  const { selections } = slip;
  if (selections.some((s) => s.id === selection.id)) return domainError('selectionAlreadyAdded');
  if (exceeds(selections.length + 1, rules.caps.maxOddsCoupon)) return domainError('maxOddsCoupon', rules.caps.maxOddsCoupon);
  const oddsProblem = oddsLimitProblem(selection.odds, rules.limits);
  if (oddsProblem) return oddsProblem;
  const next = [...selections, { ...selection, banker: false }];
  const type = couponTypeOf(next, slip.systemSizes);
  if (type === 'CK') {
    if (!multipleEnabled(rules.limits)) return domainError('multipleBetDisabled');
    if (exceeds(combinationCount('CK', next, []), rules.caps.maxMultiOdds)) return domainError('maxMultiOdds', rules.caps.maxMultiOdds);
    if (exceeds(legsByMatch(next).length, rules.caps.maxMultiCps)) return domainError('maxMultiCps', rules.caps.maxMultiCps);
  }
  if (type === 'SK' && exceeds(next.length, rules.caps.maxSystemCps)) return domainError('maxSystemCps', rules.caps.maxSystemCps);
  return { ...slip, selections: next };
}

/** Removes a pick; system sizes that no longer fit are dropped (see `fitSystem`). */
export function removeSelection(slip: Betslip, selectionId: string): Betslip {
  const selections = slip.selections.filter((s) => s.id !== selectionId);
  return fitSystem({ ...slip, selections });
}

export function clearBetslip(slip: Betslip): Betslip {
  return { ...EMPTY_BETSLIP, stake: slip.stake, oddChangeOk: slip.oddChangeOk };
}

/**
 * Marks or unmarks a banker. A slip with a banker is a system slip; at least one free pick must
 * stay, otherwise `systemCountDivitedError`.
 */
export function toggleBanker(slip: Betslip, selectionId: string): Betslip | DomainError {
  if (!slip.selections.some((s) => s.id === selectionId)) return domainError('selectionNotFound');
  const selections = slip.selections.map((s) => (s.id === selectionId ? { ...s, banker: !s.banker } : s));
  if (bankerCount(selections) >= selections.length) return domainError('systemCountDivitedError');
  return fitSystem({ ...slip, selections });
}

/** Chooses the system sizes (legs per combination, bankers included); every one must fit. */
export function chooseSystemSizes(slip: Betslip, sizes: readonly number[]): Betslip | DomainError {
  const unique = [...new Set(sizes)].sort((a, b) => a - b);
  if (unique.length === 0) return fitSystem({ ...slip, systemSizes: [], selections: slip.selections.map((s) => ({ ...s, banker: false })) });
  if (!systemSizesFit(unique, slip.selections.length, bankerCount(slip.selections))) return domainError('systemCountDivitedError');
  return { ...slip, systemSizes: unique };
}

/**
 * Keeps a system slip consistent after picks or bankers change (spec §5 "systemCountDivitedError
 * (auto-selected)"): sizes that no longer fit are dropped; when none is left but bankers are marked,
 * the full size (all picks in one combination) is selected. With fewer than two picks the slip
 * leaves system mode.
 */
export function fitSystem(slip: Betslip): Betslip {
  const { selections } = slip;
  if (selections.length < 2) return { ...slip, systemSizes: [], selections: selections.map((s) => (s.banker ? { ...s, banker: false } : s)) };
  const bankers = bankerCount(selections);
  const fitting = slip.systemSizes.filter((k) => sizeFits(k, selections.length, bankers));
  const systemSizes = fitting.length === 0 && bankers > 0 ? [selections.length] : fitting;
  return { ...slip, systemSizes };
}

/**
 * The total the player typed, split evenly over the tickets (10.00 on a 2/3 system is 3 × 3.33 =
 * 9.99, shown before placing). Never clamped into the limits: a total below the minimum or above the
 * maximum stays as typed and the summary refuses it with the rule's message (`minStake|X`,
 * `maxStake|X`), so the amount placed is always the amount shown.
 */
export function setStake(slip: Betslip, stake: Minor, rules: SlipRules): Betslip {
  const typed = Math.max(0, Math.trunc(stake));
  const tickets = evaluate({ ...slip, stake: typed }, rules).price?.combinations ?? 1;
  return { ...slip, stake: typed - (typed % tickets) };
}

export function setOddChangeOk(slip: Betslip, oddChangeOk: boolean): Betslip {
  return { ...slip, oddChangeOk };
}

/**
 * New odds for a pick already on the slip. Spec §5: an odd outside the user's min/max "shows
 * 'min limit: X' or 'max limit: X' and removes the selection".
 */
export function updateSelectionOdds(slip: Betslip, selectionId: string, odds: Odds, rules: SlipRules): { slip: Betslip; removed: DomainError | null } {
  const problem = oddsLimitProblem(odds, rules.limits);
  if (problem) return { slip: removeSelection(slip, selectionId), removed: problem };
  return { slip: { ...slip, selections: slip.selections.map((s) => (s.id === selectionId ? { ...s, odds } : s)) }, removed: null };
}

/** Spec §3 coupon summary. Amounts are minor units, odds thousandths. */
export interface CouponSummary {
  readonly cType: SlipType;
  /** Number of tickets (combinations). */
  readonly cCount: number;
  /** Stake per combination. */
  readonly bAmount: Minor;
  /** Total stake. */
  readonly tAmount: Minor;
  /** Total odds with the bonus. */
  readonly tRate: Odds;
  /** Total odds before the bonus. */
  readonly oRate: Odds;
  /** Best-case return, bonus included, capped by `maxPayU`. */
  readonly maxPay: Minor;
  readonly minStake: Minor;
  readonly maxStake: Minor;
  readonly minTip: number;
  /** The max pay limit applied (0: none). */
  readonly maxPayU: Minor;
  /** b banker count, c chosen sizes, s selections. */
  readonly cSystem: { readonly b: number; readonly c: readonly number[]; readonly s: number };
  readonly bonusCoupon: BonusRule | null;
  /** Bonus amount in the best case. */
  readonly bPrice: Minor;
  readonly bPercent: number;
  readonly creatable: boolean;
  /** Why it is not creatable (null when it is). */
  readonly problem: DomainError | null;
}

export function couponSummary(slip: Betslip, rules: SlipRules): CouponSummary {
  const pricing = evaluate(slip, rules);
  const { price, limits } = pricing;
  return {
    cType: pricing.type,
    cCount: price?.combinations ?? 0,
    bAmount: price?.stakePerCombination ?? 0,
    tAmount: price?.totalStake ?? 0,
    tRate: price?.totalOdds ?? 0,
    oRate: price?.odds ?? 0,
    maxPay: price?.potentialPayout ?? 0,
    minStake: limits.minStake,
    maxStake: limits.maxStake,
    minTip: limits.minTip,
    maxPayU: price?.maxPay ?? limits.maxPay,
    cSystem: { b: bankerCount(slip.selections), c: slip.systemSizes, s: slip.selections.length },
    bonusCoupon: rules.bonus,
    bPrice: price?.bonus ?? 0,
    bPercent: price?.bonusPercent ?? 0,
    creatable: pricing.problem === null,
    problem: pricing.problem,
  };
}

/** The total stakes a slip accepts (for a stake picker); `max` 0 means no maximum. */
export function stakeBounds(slip: Betslip, rules: SlipRules): { min: Minor; max: Minor } | DomainError {
  const pricing = evaluate(slip, rules);
  if (!pricing.price) return pricing.problem ?? domainError('emptyCoupon');
  const count = pricing.price.combinations;
  const range = stakeRange(pricing.limits, count);
  return { min: range.min * count, max: pricing.limits.maxStake > 0 ? range.max * count : 0 };
}
