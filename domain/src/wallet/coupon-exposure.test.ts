import { describe, expect, it } from 'vitest';
import { pick, placed } from '../coupon/testing/fixtures';
import type { PlacedCoupon, PlacedSelection } from '../coupon/events';
import type { SlipSelection } from '../coupon/rules/types';
import type { SiteStakeLimits } from './coupon-exposure';
import { EXPOSURE_HORIZON_MS } from './coupon-exposure';
import type { WalletEvent } from './stream';
import { AT, deposited, given, opened } from './testing/given';

/** A coupon of account p1 with these picks and total stake. */
function coupon(couponId: string, picks: readonly SlipSelection[], stake: number, extra: Parameters<typeof placed>[2] = {}): PlacedCoupon {
  return { ...placed(picks, stake, { couponId, ...extra }).data, userId: 'p1' };
}

function staked(c: PlacedCoupon, balance: number, at = AT): WalletEvent {
  return { type: 'CouponStaked', data: { reference: `req-${c.couponId}`, amount: c.totalStake, balance, at, coupon: c } };
}

const stake = (c: PlacedCoupon, limits: SiteStakeLimits, now = AT) => ({ type: 'StakeCoupon' as const, reference: `req-${c.couponId}`, now, coupon: c, limits });

const funded = [opened(), deposited(100_000, 100_000)];
const matchLimit = (matchStakeLimit: number): SiteStakeLimits => ({ matchStakeLimit, sameCouponLimit: 0 });
const sameLimit = (sameCouponLimit: number): SiteStakeLimits => ({ matchStakeLimit: 0, sameCouponLimit });
const later = (ms: number) => new Date(Date.parse(AT) + ms).toISOString();

describe('per-match stake limit (spec §8 "bet limit for matches has expired")', () => {
  const first = coupon('c1', [pick('m1', 1850)], 6_000);

  it('lets the total staked on a match reach the limit exactly', () => {
    const second = coupon('c2', [pick('m1', 3400, 'X')], 4_000);
    given([...funded, staked(first, 94_000)])
      .when(stake(second, matchLimit(10_000)))
      .then([staked(second, 90_000)]);
  });

  it('refuses one minor unit over, naming what may still be staked on the match', () => {
    given([...funded, staked(first, 94_000)])
      .when(stake(coupon('c2', [pick('m1', 3400, 'X')], 4_001), matchLimit(10_000)))
      .thenFails('betLimitForMatches');
    const outcome = given([...funded, staked(first, 94_000)]).when(stake(coupon('c2', [pick('m1', 3400, 'X')], 4_001), matchLimit(10_000))).outcome;
    expect(outcome).toMatchObject({ code: 'betLimitForMatches', params: ['4000'] });
  });

  it('leaves other matches untouched', () => {
    const other = coupon('c2', [pick('m2', 1850)], 10_000);
    given([...funded, staked(first, 94_000)])
      .when(stake(other, matchLimit(10_000)))
      .then([staked(other, 84_000)]);
  });

  it("counts a multi-match coupon's whole total stake toward every match it holds", () => {
    const double = coupon('c2', [pick('m1', 1850), pick('m2', 1850)], 3_000);
    const onM2 = coupon('c3', [pick('m2', 3400, 'X')], 7_001);
    given([...funded, staked(double, 97_000)])
      .when(stake(onM2, matchLimit(10_000)))
      .thenFails('betLimitForMatches');
    given([...funded, staked(double, 97_000)])
      .when(stake(coupon('c3', [pick('m2', 3400, 'X')], 7_000), matchLimit(10_000)))
      .then([staked(coupon('c3', [pick('m2', 3400, 'X')], 7_000), 90_000)]);
    // The tightest match decides: m1 holds 6 000 + 3 000.
    const outcome = given([...funded, staked(first, 94_000), staked(double, 91_000)]).when(stake(coupon('c4', [pick('m1', 4100, '2'), pick('m3', 1850)], 2_000), matchLimit(10_000))).outcome;
    expect(outcome).toMatchObject({ code: 'betLimitForMatches', params: ['1000'] });
  });

  it('gives the room back when a cancelled coupon is refunded', () => {
    const refunded: WalletEvent = { type: 'StakeRefunded', data: { reference: 'cancelled-c1', amount: 6_000, balance: 100_000, at: AT, couponId: 'c1' } };
    const full = coupon('c2', [pick('m1', 3400, 'X')], 10_000);
    given([...funded, staked(first, 94_000), refunded])
      .when(stake(full, matchLimit(10_000)))
      .then([staked(full, 90_000)]);
  });

  it('stops counting a stake once the horizon has passed since it was staked', () => {
    const full = coupon('c2', [pick('m1', 3400, 'X')], 10_000);
    given([...funded, staked(first, 94_000)]).when(stake(full, matchLimit(10_000), later(EXPOSURE_HORIZON_MS - 1))).thenFails('betLimitForMatches');
    given([...funded, staked(first, 94_000)])
      .when(stake(full, matchLimit(10_000), later(EXPOSURE_HORIZON_MS)))
      .then([staked(full, 84_000, later(EXPOSURE_HORIZON_MS))]);
  });

  it('means no limit at 0, and answers a repeated request as before whatever the limit', () => {
    const big = coupon('c2', [pick('m1', 3400, 'X')], 10_000);
    given([...funded, staked(first, 94_000)])
      .when(stake(big, matchLimit(0)))
      .then([staked(big, 84_000)]);
    given([...funded, staked(first, 94_000)])
      .when({ ...stake(first, matchLimit(1)) })
      .then([]);
  });
});

describe('same coupon limit (spec §8 sameCouponError)', () => {
  const twin = (couponId: string, stakeAmount = 1_000) => coupon(couponId, [pick('m1', 1850), pick('m2', 3400, 'X')], stakeAmount);
  const three = [...funded, staked(twin('c1'), 99_000), staked(twin('c2', 2_000), 97_000), staked(twin('c3'), 96_000)];

  it('accepts the Nth identical coupon and refuses the next with N', () => {
    given(three.slice(0, -1))
      .when(stake(twin('c3'), sameLimit(3)))
      .then([staked(twin('c3'), 96_000)]);
    const outcome = given(three).when(stake(twin('c4', 5_000), sameLimit(3))).outcome;
    expect(outcome).toMatchObject({ code: 'sameCouponError', params: ['3'] });
  });

  it('counts the same picks in another order as the same coupon', () => {
    const reordered = coupon('c4', [pick('m2', 3400, 'X'), pick('m1', 1850)], 1_000);
    given(three).when(stake(reordered, sameLimit(3))).thenFails('sameCouponError');
  });

  it('does not count a coupon with a different outcome, or one pick more, as the same', () => {
    const otherOutcome = coupon('c4', [pick('m1', 1850), pick('m2', 4100, '2')], 1_000);
    given(three)
      .when(stake(otherOutcome, sameLimit(3)))
      .then([staked(otherOutcome, 95_000)]);
    const onePickMore = coupon('c4', [pick('m1', 1850), pick('m2', 3400, 'X'), pick('m3', 1850)], 1_000);
    given(three)
      .when(stake(onePickMore, sameLimit(3)))
      .then([staked(onePickMore, 95_000)]);
  });

  it('tells system coupons apart by their sizes and bankers', () => {
    const picks = [pick('m1', 1850), pick('m2', 1850), pick('m3', 1850)];
    const twoOfThree = (couponId: string, extra: Parameters<typeof placed>[2] = {}) => coupon(couponId, picks, 3_000, { systemSizes: [2], ...extra });
    const held = [...funded, staked(twoOfThree('s1'), 97_000)];
    given(held).when(stake(twoOfThree('s2'), sameLimit(1))).thenFails('sameCouponError');
    const allSizes = twoOfThree('s2', { systemSizes: [2, 3] });
    given(held)
      .when(stake(allSizes, sameLimit(1)))
      .then([staked(allSizes, 97_000 - allSizes.totalStake)]);
    const withBanker = coupon('s2', [{ ...pick('m1', 1850), banker: true }, pick('m2', 1850), pick('m3', 1850)], 3_000, { systemSizes: [2] });
    expect(withBanker.selections.some((s: PlacedSelection) => s.banker)).toBe(true);
    given(held)
      .when(stake(withBanker, sameLimit(1)))
      .then([staked(withBanker, 97_000 - withBanker.totalStake)]);
  });

  it('frees a place when one of the identical coupons is cancelled', () => {
    const refunded: WalletEvent = { type: 'StakeRefunded', data: { reference: 'cancelled-c2', amount: 2_000, balance: 98_000, at: AT, couponId: 'c2' } };
    given([...three, refunded])
      .when(stake(twin('c4'), sameLimit(3)))
      .then([staked(twin('c4'), 97_000)]);
  });
});

describe('the state the limits are checked on stays bounded', () => {
  it('keeps only the coupons of the horizon, however many were staked before', () => {
    const events: WalletEvent[] = [opened(), deposited(10_000_000, 10_000_000)];
    const day = 24 * 60 * 60 * 1000;
    let balance = 10_000_000;
    // One coupon a day for a year, each on a new match.
    for (let d = 0; d < 365; d++) {
      balance -= 100;
      events.push(staked(coupon(`c${d}`, [pick(`m${d}`, 1850)], 100), balance, later(d * day)));
    }
    const { state } = given(events);
    if (state.status !== 'open') throw new Error('wallet not open');
    const horizonDays = EXPOSURE_HORIZON_MS / day;
    expect(state.coupons.coupons.size).toBe(horizonDays);
    expect(state.coupons.staked.size).toBe(horizonDays);
    expect(state.coupons.byAge.size).toBe(horizonDays);
    expect(state.coupons.staked.has('m0')).toBe(false);
    expect(state.coupons.staked.get('m364')).toBe(100);
  });
});
