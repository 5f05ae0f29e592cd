import { List, Map as ImmutableMap } from 'immutable';
import type { PlacedCoupon } from '../coupon/events';
import { type DomainError, domainError } from '../shared/decider';
import type { Minor } from '../shared/money';

/**
 * The site's stake limits a `StakeCoupon` is decided under (spec §8 "bet limit for matches has
 * expired", `sameCouponError`). 0 means none, like every limit of the product.
 */
export interface SiteStakeLimits {
  /** The most one account may have staked on one match, over all its coupons holding it (minor units). */
  readonly matchStakeLimit: Minor;
  /** The most identical coupons one account may hold. */
  readonly sameCouponLimit: number;
}

export const NO_SITE_STAKE_LIMITS: SiteStakeLimits = { matchStakeLimit: 0, sameCouponLimit: 0 };

/**
 * How long a staked coupon counts toward its matches' totals and its same-coupon count: 30 days after
 * the wallet accepted it. A placed coupon carries no kickoff times, so the staking time is the clock;
 * pre-match betting on a match opens days, not months, before it, so 30 days on the match is over and
 * nothing more can be staked on it. **Product choice**; it keeps a busy wallet's state bounded.
 */
export const EXPOSURE_HORIZON_MS = 30 * 24 * 60 * 60 * 1000;

interface StakedCouponEntry {
  readonly matchIds: readonly string[];
  readonly sameCouponKey: string;
  readonly stake: Minor;
  readonly stakedAt: number;
}

/**
 * The wallet's part of the stake limits, folded by the wallet's own `evolve` so the check runs on the
 * same state, at the same expected revision, as the debit: two concurrent stakes can never both pass.
 * Every map is persistent (structural sharing), so an event costs O(log n), never a copy.
 */
export interface CouponExposure {
  /** matchId → minor units staked on it by coupons still counted (each coupon's whole total stake). */
  readonly staked: ImmutableMap<string, Minor>;
  /** same-coupon key → how many such coupons are held. */
  readonly sameCoupons: ImmutableMap<string, number>;
  /** couponId → what it added, so a refund (which names only the coupon) can take it back. */
  readonly coupons: ImmutableMap<string, StakedCouponEntry>;
  /** couponIds in staking order: ageing pops from the front and never scans the rest. */
  readonly byAge: List<string>;
}

export const EMPTY_COUPON_EXPOSURE: CouponExposure = { staked: ImmutableMap(), sameCoupons: ImmutableMap(), coupons: ImmutableMap(), byAge: List() };

/**
 * What makes two coupons "the same coupon": the same set of picks (match, market, special, outcome)
 * and, on a system coupon, the same sizes and bankers (bankers and sizes mean nothing on other types,
 * `RULES.md` Coupon type). Stake and odds do not matter. Hashed to 53 bits so a long slip costs a
 * short key; the chance of a collision among 100 000 coupons of one account is below one in a million.
 */
export function sameCouponKeyOf(coupon: PlacedCoupon): string {
  const system = coupon.couponType === 'SK';
  const picks = coupon.selections.map((s) => [s.matchId, s.marketId, s.special, s.outcomeId, system && s.banker ? 'banker' : ''].join('\u001f')).sort();
  const sizes = system ? [...coupon.systemSizes].sort((a, b) => a - b).join(',') : '';
  return hash53(`${picks.join('\u001e')}\u001d${sizes}`);
}

/** The first limit the coupon would break, or null. Entries older than the horizon at `now` no longer count. */
export function exposureRefusal(exposure: CouponExposure, coupon: PlacedCoupon, limits: SiteStakeLimits, now: string): DomainError | null {
  const current = aged(exposure, Date.parse(now));
  if (limits.sameCouponLimit > 0 && (current.sameCoupons.get(sameCouponKeyOf(coupon)) ?? 0) >= limits.sameCouponLimit) {
    return domainError('sameCouponError', limits.sameCouponLimit);
  }
  if (limits.matchStakeLimit > 0) {
    const remaining = Math.min(...matchIdsOf(coupon).map((matchId) => Math.max(0, limits.matchStakeLimit - (current.staked.get(matchId) ?? 0))));
    // The param is what the account may still stake on the tightest match of the coupon.
    if (coupon.totalStake > remaining) return domainError('betLimitForMatches', remaining);
  }
  return null;
}

/** A staked coupon counts; coupons past the horizon at the time of this stake stop counting. */
export function exposureStaked(exposure: CouponExposure, coupon: PlacedCoupon, at: string): CouponExposure {
  const stakedAt = Date.parse(at);
  const current = aged(exposure, stakedAt);
  if (current.coupons.has(coupon.couponId)) return current;
  const entry: StakedCouponEntry = { matchIds: matchIdsOf(coupon), sameCouponKey: sameCouponKeyOf(coupon), stake: coupon.totalStake, stakedAt };
  return {
    staked: current.staked.withMutations((staked) => {
      for (const matchId of entry.matchIds) staked.set(matchId, (staked.get(matchId) ?? 0) + entry.stake);
    }),
    sameCoupons: current.sameCoupons.update(entry.sameCouponKey, 0, (count) => count + 1),
    coupons: current.coupons.set(coupon.couponId, entry),
    byAge: current.byAge.push(coupon.couponId),
  };
}

/**
 * A cancelled coupon's stake came back: it no longer counts toward its matches or its same-coupon
 * count. A refund of a coupon already aged out (or never seen) changes nothing. Its id stays in
 * `byAge` until it ages out; popping an id no longer in `coupons` is a no-op.
 */
export function exposureRefunded(exposure: CouponExposure, couponId: string): CouponExposure {
  const entry = exposure.coupons.get(couponId);
  return entry ? { ...withdrawn(exposure, entry), coupons: exposure.coupons.delete(couponId) } : exposure;
}

function aged(exposure: CouponExposure, now: number): CouponExposure {
  if (Number.isNaN(now)) return exposure;
  const cutoff = now - EXPOSURE_HORIZON_MS;
  let current = exposure;
  for (let oldest = current.byAge.first(); oldest !== undefined; oldest = current.byAge.first()) {
    const entry = current.coupons.get(oldest);
    if (entry && entry.stakedAt > cutoff) break;
    current = entry ? { ...withdrawn(current, entry), coupons: current.coupons.delete(oldest), byAge: current.byAge.shift() } : { ...current, byAge: current.byAge.shift() };
  }
  return current;
}

function withdrawn(exposure: CouponExposure, entry: StakedCouponEntry): CouponExposure {
  const staked = exposure.staked.withMutations((map) => {
    for (const matchId of entry.matchIds) {
      const left = (map.get(matchId) ?? 0) - entry.stake;
      if (left > 0) map.set(matchId, left);
      else map.delete(matchId);
    }
  });
  const count = (exposure.sameCoupons.get(entry.sameCouponKey) ?? 0) - 1;
  const sameCoupons = count > 0 ? exposure.sameCoupons.set(entry.sameCouponKey, count) : exposure.sameCoupons.delete(entry.sameCouponKey);
  return { ...exposure, staked, sameCoupons };
}

/** Each match once: a multiple's outcomes of one match stake on it once. */
function matchIdsOf(coupon: PlacedCoupon): readonly string[] {
  return [...new Set(coupon.selections.map((s) => s.matchId))];
}

/** cyrb53 (public domain): a fast 53-bit string hash, as base-36 text. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
