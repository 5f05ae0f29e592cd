import type { Minor, Odds } from '../../shared/money';
import { ODDS_SCALE } from '../../shared/money';
import { assertNever, domainError, type DomainError } from '../../shared/decider';
import { bonusAmount, bonusPercentOf, capPayout } from './bonus';
import { bankerCount, combinationCount, combinationsOf, couponTypeOf, legsByMatch, sizeFits, systemSizesFit } from './combinations';
import { cappedNumber, exceeds, sumMinor } from './constants';
import { effectiveLimits, maxPayFor, multipleEnabled, oddsLimitProblem } from './limits';
import { settleCombination } from './settlement';
import type { CouponType, Leg, OutcomeLimits, SlipRules, SlipType, StakeLimits } from './types';

/** What `priceCoupon` needs: the picks (odds as they will be accepted), the chosen system sizes and the total stake. */
export interface PricingSlip {
  readonly selections: readonly (Leg & { readonly limits?: OutcomeLimits | null })[];
  readonly systemSizes: readonly number[];
  /** Total stake wanted on the coupon, minor units. */
  readonly stake: Minor;
}

export interface CouponPrice {
  readonly type: CouponType;
  /** Number of tickets (combinations): `cCount`, the coupon detail's `totalTickets`. */
  readonly combinations: number;
  /** `bAmount`. */
  readonly stakePerCombination: Minor;
  /** `tAmount` = stakePerCombination × combinations. */
  readonly totalStake: Minor;
  /** `oRate`, thousandths: the odds the best case pays before bonus (see RULES.md). */
  readonly odds: Odds;
  /** `tRate`, thousandths: `odds` with the bonus on the net part. */
  readonly totalOdds: Odds;
  /** Best-case return before bonus and cap. */
  readonly winnings: Minor;
  /** `bPercent`. */
  readonly bonusPercent: number;
  /** `bPrice`: the bonus in the best case, after the cap. */
  readonly bonus: Minor;
  /** `maxPay`: the best-case return, bonus included, capped. */
  readonly potentialPayout: Minor;
  /** `maxPayU`: the max pay cap the coupon is held to (0: none): its limits' and its stake's §9 payout tier's. */
  readonly maxPay: Minor;
  readonly limits: StakeLimits;
}

interface Pricing {
  readonly type: SlipType;
  readonly limits: StakeLimits;
  readonly price: CouponPrice | null;
  readonly problem: DomainError | null;
}

/**
 * Prices a slip the way the coupon will be placed, or says which rule of spec §5 it breaks — the
 * stake included: a total whose even split over the tickets falls outside the limits is refused
 * (`minStake|X` / `maxStake|X`, X the smallest / largest total that fits), never silently changed.
 * The betslip summary and the coupon decider both call this: they cannot disagree.
 */
export function priceCoupon(slip: PricingSlip, rules: SlipRules): CouponPrice | DomainError {
  const pricing = evaluate(slip, rules);
  if (pricing.problem) return pricing.problem;
  const price = pricing.price as CouponPrice;
  // The amount charged is the amount asked: a total that does not split evenly over the tickets is
  // refused with the largest total below it that does (the slip shows and sends that one).
  if (price.totalStake !== slip.stake) return domainError('stakeNotDivisible', price.totalStake);
  return price;
}

/**
 * Like `priceCoupon`, but keeps the figures of a slip that is not creatable yet (for the summary).
 * The figures are those of the stake clamped into the limits (what `setStake` would make of it).
 */
export function evaluate(slip: PricingSlip, rules: SlipRules): Pricing {
  const type = couponTypeOf(slip.selections, slip.systemSizes);
  if (type === 'NA') {
    const limits = rules.limits.combine;
    return { type, limits, price: null, problem: domainError('emptyCoupon') };
  }
  const limits = effectiveLimits(type, slip.selections, rules.limits);
  const structural = slipProblem(type, slip, rules, limits);
  const sizes = type === 'SK' ? fittingSizes(slip) : slip.systemSizes;
  const count = combinationCount(type, slip.selections, sizes);
  if (count === 0) return { type, limits, price: null, problem: structural ?? domainError('systemCountDivitedError') };
  const range = stakeRange(limits, count);
  const wanted = Math.floor(slip.stake / count);
  const price = priceOf(type, slip, sizes, count, clamp(wanted, range), limits, rules);
  return { type, limits, price, problem: structural ?? stakeProblem(wanted, range, count, limits) };
}

/** Why the stake wanted per ticket is refused: none fits, or it lies outside the range. */
function stakeProblem(wanted: number, range: { min: Minor; max: Minor }, count: number, limits: StakeLimits): DomainError | null {
  if (range.min > range.max) return domainError('maxStake', limits.maxStake);
  if (wanted < range.min) return domainError('minStake', range.min * count);
  if (wanted > range.max) return domainError('maxStake', range.max * count);
  return null;
}

/** The per-combination stakes that keep the total within [minStake, maxStake] (spec §5 clamp). */
export function stakeRange(limits: StakeLimits, combinations: number): { min: Minor; max: Minor } {
  return {
    min: Math.max(1, Math.ceil(limits.minStake / combinations)),
    max: limits.maxStake > 0 ? Math.floor(limits.maxStake / combinations) : Number.MAX_SAFE_INTEGER,
  };
}

function clamp(value: number, range: { min: number; max: number }): number {
  return Math.min(Math.max(value, range.min), Math.max(range.min, range.max));
}

function fittingSizes(slip: PricingSlip): number[] {
  const bankers = bankerCount(slip.selections);
  return slip.systemSizes.filter((k) => sizeFits(k, slip.selections.length, bankers));
}

function slipProblem(type: CouponType, slip: PricingSlip, rules: SlipRules, limits: StakeLimits): DomainError | null {
  const { selections } = slip;
  if (new Set(selections.map((s) => s.id)).size < selections.length) return domainError('selectionAlreadyAdded');
  if (exceeds(selections.length, rules.caps.maxOddsCoupon)) return domainError('maxOddsCoupon', rules.caps.maxOddsCoupon);
  for (const selection of selections) {
    const problem = oddsLimitProblem(selection.odds, rules.limits);
    if (problem) return problem;
  }
  const matches = legsByMatch(selections).length;
  switch (type) {
    case 'TK':
    case 'KK':
      break;
    case 'CK':
      if (!multipleEnabled(rules.limits)) return domainError('multipleBetDisabled');
      if (exceeds(combinationCount('CK', selections, []), rules.caps.maxMultiOdds)) return domainError('maxMultiOdds', rules.caps.maxMultiOdds);
      if (exceeds(matches, rules.caps.maxMultiCps)) return domainError('maxMultiCps', rules.caps.maxMultiCps);
      break;
    case 'SK':
      if (exceeds(selections.length, rules.caps.maxSystemCps)) return domainError('maxSystemCps', rules.caps.maxSystemCps);
      if (!systemSizesFit(slip.systemSizes, selections.length, bankerCount(selections))) return domainError('systemCountDivitedError');
      break;
    default:
      return assertNever(type);
  }
  if (matches < limits.minTip) return domainError('minTip', limits.minTip);
  return null;
}

function priceOf(
  type: CouponType,
  slip: PricingSlip,
  sizes: readonly number[],
  combinations: number,
  stakePerCombination: Minor,
  limits: StakeLimits,
  rules: SlipRules,
): CouponPrice {
  const tickets = combinationsOf(type, slip.selections, sizes);
  const ticketOdds = tickets.map((ticket) => productOdds(ticket.map((leg) => leg.odds)));
  // The best case is settled by the settlement code itself: the potential payout is exactly what
  // the coupon pays when its picks win.
  const returns = tickets.map((ticket) => settleCombination(stakePerCombination, ticket.map((leg) => ({ ...leg, result: 'won' as const }))).payout);
  // A multiple's outcomes of one match exclude each other, so at best one ticket wins; a system's
  // tickets can all win at once.
  const best = type === 'CK' ? maxIndex(returns) : -1;
  const winnings = best >= 0 ? (returns[best] ?? 0) : sumMinor(returns);
  const odds = best >= 0 ? (ticketOdds[best] ?? 0n) : ticketOdds.reduce((a, b) => a + b, 0n);
  const bonusPercent = bonusPercentOf(type, slip.selections, rules.bonus);
  const totalStake = stakePerCombination * combinations;
  const maxPay = maxPayFor(totalStake, limits, rules.payoutTiers);
  const capped = capPayout(winnings, bonusAmount(winnings, stakePerCombination, bonusPercent), maxPay);
  const totalOdds = odds + ((odds > ODDS_SCALE ? odds - ODDS_SCALE : 0n) * BigInt(bonusPercent)) / 100n;
  return {
    type,
    combinations,
    stakePerCombination,
    totalStake,
    odds: cappedNumber(odds),
    totalOdds: cappedNumber(totalOdds),
    winnings,
    bonusPercent,
    bonus: capped.bonus,
    potentialPayout: capped.payout,
    maxPay,
    limits,
  };
}

/** Π odds in thousandths, rounded down (display only; money is settled by `settleCombination`). */
export function productOdds(odds: readonly Odds[]): bigint {
  let numerator = 1n;
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(o);
    denominator *= ODDS_SCALE;
  }
  return (numerator * ODDS_SCALE) / denominator;
}

function maxIndex(values: readonly number[]): number {
  let best = 0;
  values.forEach((value, i) => {
    if (value > (values[best] ?? 0)) best = i;
  });
  return best;
}
