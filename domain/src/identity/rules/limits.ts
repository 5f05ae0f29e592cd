import { domainError, type DomainError } from '../../shared/decider';

/** §3 limits object of one coupon kind. Amounts in minor units; 0 means none (§5). */
export interface KindLimit {
  /** Fewest selections on a coupon of this kind. */
  readonly minTip: number;
  readonly minStake: number;
  readonly maxStake: number;
  readonly maxPay: number;
  /** 1: this kind may be played; 0: disabled (§5 "multiple betting disabled when status is 0"). */
  readonly status: 0 | 1;
}

/** §3 user limits: per kind, plus the coupon's total odds bounds in thousandths (0 = none). */
export interface BettingLimits {
  readonly multiple: KindLimit;
  readonly combine: KindLimit;
  readonly system: KindLimit;
  readonly minOddsCoupon: number;
  readonly maxOddsCoupon: number;
}

/** §9 default user limit: minTip 1, minStake 1, maxStake 100, maxPay 1000 (currency units), status 0. */
const DEFAULT_KIND: KindLimit = { minTip: 1, minStake: 100, maxStake: 10_000, maxPay: 100_000, status: 0 };

export const DEFAULT_BETTING_LIMITS: BettingLimits = {
  multiple: DEFAULT_KIND,
  combine: { ...DEFAULT_KIND, status: 1 },
  system: { ...DEFAULT_KIND, status: 1 },
  minOddsCoupon: 0,
  maxOddsCoupon: 0,
};

export interface ProductFlags {
  readonly sportUser: 0 | 1;
  readonly liveUser: 0 | 1;
  readonly casinoUser: 0 | 1;
  readonly slotUser: 0 | 1;
  readonly virtualUser: 0 | 1;
  readonly bingoUser: 0 | 1;
  readonly tvgamesUser: 0 | 1;
}

export const DEFAULT_PRODUCT_FLAGS: ProductFlags = { sportUser: 1, liveUser: 1, casinoUser: 1, slotUser: 1, virtualUser: 1, bingoUser: 1, tvgamesUser: 1 };

const KINDS = ['multiple', 'combine', 'system'] as const;

/**
 * §5 "A limit of 0 means none; limit can only be raised". A lower bound (minTip, minStake, minOdds)
 * may only grow; an upper bound (maxStake, maxPay, maxOdds) may only grow too, where 0 (none) is the
 * highest of all: once unlimited it stays so. Status flags switch freely. Admins are not bound by it.
 */
export function checkLimitsRaise(current: BettingLimits, next: BettingLimits): DomainError | null {
  const lower = (field: string, from: number, to: number) => (to < from ? domainError('limitCanOnlyBeRaised', field, from) : null);
  const upper = (field: string, from: number, to: number) => (from === 0 && to !== 0) || (to !== 0 && to < from) ? domainError('limitCanOnlyBeRaised', field, from) : null;
  for (const kind of KINDS) {
    const a = current[kind];
    const b = next[kind];
    const refused =
      lower(`${kind}.minTip`, a.minTip, b.minTip) ??
      lower(`${kind}.minStake`, a.minStake, b.minStake) ??
      upper(`${kind}.maxStake`, a.maxStake, b.maxStake) ??
      upper(`${kind}.maxPay`, a.maxPay, b.maxPay);
    if (refused) return refused;
  }
  return lower('minOddsCoupon', current.minOddsCoupon, next.minOddsCoupon) ?? upper('maxOddsCoupon', current.maxOddsCoupon, next.maxOddsCoupon);
}

/** Shape checks every limits object passes, whoever sets it. */
export function checkLimitsShape(limits: BettingLimits): DomainError | null {
  for (const kind of KINDS) {
    const k = limits[kind];
    for (const [field, value] of Object.entries({ minTip: k.minTip, minStake: k.minStake, maxStake: k.maxStake, maxPay: k.maxPay })) {
      if (!Number.isSafeInteger(value) || value < 0) return domainError('invalidField', `${kind}.${field}`);
    }
    if (k.maxStake !== 0 && k.minStake > k.maxStake) return domainError('invalidField', `${kind}.minStake`);
  }
  for (const [field, value] of Object.entries({ minOddsCoupon: limits.minOddsCoupon, maxOddsCoupon: limits.maxOddsCoupon })) {
    if (!Number.isSafeInteger(value) || value < 0) return domainError('invalidField', field);
  }
  if (limits.maxOddsCoupon !== 0 && limits.minOddsCoupon > limits.maxOddsCoupon) return domainError('invalidField', 'minOddsCoupon');
  return null;
}
