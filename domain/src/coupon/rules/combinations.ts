import { assertNever } from '../../shared/decider';
import type { CouponType, Leg, SlipType } from './types';

/**
 * Spec §4 "Coupon type from betslip: one selection single; repeated match id multiple; selected
 * system banks system; else combined." A slip is in system mode once sizes are chosen or a banker
 * is marked.
 */
export function couponTypeOf(legs: readonly Leg[], systemSizes: readonly number[]): SlipType {
  if (legs.length === 0) return 'NA';
  if (legs.length === 1) return 'TK';
  if (hasRepeatedMatch(legs)) return 'CK';
  if (systemSizes.length > 0 || legs.some((leg) => leg.banker)) return 'SK';
  return 'KK';
}

export function hasRepeatedMatch(legs: readonly Leg[]): boolean {
  return new Set(legs.map((leg) => leg.matchId)).size < legs.length;
}

/** The legs grouped by match, in the order each match first appears. */
export function legsByMatch<L extends Leg>(legs: readonly L[]): L[][] {
  const groups = new Map<string, L[]>();
  for (const leg of legs) {
    const group = groups.get(leg.matchId);
    if (group) group.push(leg);
    else groups.set(leg.matchId, [leg]);
  }
  return [...groups.values()];
}

export function bankerCount(legs: readonly Leg[]): number {
  return legs.filter((leg) => leg.banker).length;
}

/**
 * A system size k (legs per combination, bankers included) fits `selections` legs of which
 * `bankers` are bankers when bankers < k ≤ selections: every combination holds all bankers and at
 * least one free leg.
 */
export function sizeFits(size: number, selections: number, bankers: number): boolean {
  return Number.isInteger(size) && size > bankers && size <= selections;
}

export function systemSizesFit(sizes: readonly number[], selections: number, bankers: number): boolean {
  return sizes.length > 0 && new Set(sizes).size === sizes.length && sizes.every((k) => sizeFits(k, selections, bankers));
}

/** Every k-subset of `items`, in lexicographic order of positions. */
export function kSubsets<T>(items: readonly T[], k: number): T[][] {
  const result: T[][] = [];
  const pick: T[] = [];
  const walk = (start: number): void => {
    if (pick.length === k) {
      result.push([...pick]);
      return;
    }
    for (let i = start; i <= items.length - (k - pick.length); i++) {
      pick.push(items[i] as T);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return result;
}

export function binomial(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return Math.round(result);
}

/**
 * The tickets (combinations) a coupon is made of; each is a combined bet at the stake per
 * combination.
 * - TK: the one leg. KK: all legs together.
 * - CK: the cross product of the matches, one outcome per match (reading notes "Multiple").
 * - SK: for each size k, the bankers plus every (k − bankers)-subset of the free legs, sizes in
 *   ascending order (reading notes "System").
 */
export function combinationsOf<L extends Leg>(type: CouponType, legs: readonly L[], systemSizes: readonly number[]): L[][] {
  switch (type) {
    case 'TK':
    case 'KK':
      return legs.length > 0 ? [[...legs]] : [];
    case 'CK':
      return legsByMatch(legs).reduce<L[][]>(
        (tickets, outcomes) => tickets.flatMap((ticket) => outcomes.map((outcome) => [...ticket, outcome])),
        [[]],
      );
    case 'SK': {
      const bankers = legs.filter((leg) => leg.banker);
      const free = legs.filter((leg) => !leg.banker);
      return [...systemSizes]
        .sort((a, b) => a - b)
        .flatMap((k) => kSubsets(free, k - bankers.length).map((subset) => [...bankers, ...subset]));
    }
    default:
      return assertNever(type);
  }
}

/** How many tickets `combinationsOf` yields, without building them. */
export function combinationCount(type: CouponType, legs: readonly Leg[], systemSizes: readonly number[]): number {
  switch (type) {
    case 'TK':
    case 'KK':
      return legs.length > 0 ? 1 : 0;
    case 'CK':
      return legsByMatch(legs).reduce((count, outcomes) => count * outcomes.length, 1);
    case 'SK': {
      const bankers = bankerCount(legs);
      const free = legs.length - bankers;
      return systemSizes.reduce((count, k) => count + binomial(free, k - bankers), 0);
    }
    default:
      return assertNever(type);
  }
}
