import { describe, expect, it } from 'vitest';
import { FIXTURE, oneXTwo } from '../testing/given';
import { liveAcceptance, liveDelayMs, liveSelectionVerdict, type LiveQuoteSnapshot } from './live-delay';
import { marginOf, oddsWithMargin, onLadder, poisson } from './pricing';
import { firstBulletinSize, isLiveVisible, isPrematchVisible, isSearchable, liveMinutesLeft } from './visibility';

const KICKOFF = Date.parse(FIXTURE.startsAt);
const at = (minutesFromKickoff: number) => new Date(KICKOFF + minutesFromKickoff * 60_000).toISOString();

describe('§4 visibility', () => {
  const open = { fixture: FIXTURE, status: 'not_started' as const, markets: [oneXTwo(2000, 3000, 4000)] };
  const suspended = { ...open, markets: [oneXTwo(2000, 3000, 4000, 'suspended')] };

  it('a pre-match stays listed past its start unless it is suspended for more than 30 minutes', () => {
    expect(isPrematchVisible(open, at(-60))).toBe(true);
    expect(isPrematchVisible(open, at(45))).toBe(true);
    expect(isPrematchVisible(suspended, at(29))).toBe(true);
    expect(isPrematchVisible(suspended, at(31))).toBe(false);
  });

  it('lists six upcoming days, no further', () => {
    expect(isPrematchVisible(open, at(-6 * 24 * 60 + 1))).toBe(true);
    expect(isPrematchVisible(open, at(-6 * 24 * 60 - 1))).toBe(false);
  });

  it('a live match not started 5 minutes past its start leaves the live list; an ended one too', () => {
    expect(isLiveVisible(open, at(-10))).toBe(true);
    expect(isLiveVisible(open, at(4))).toBe(true);
    expect(isLiveVisible(open, at(6))).toBe(false);
    expect(isLiveVisible({ ...open, status: '2p' }, at(80))).toBe(true);
    expect(isLiveVisible({ ...open, status: 'ended' }, at(100))).toBe(false);
    expect(isLiveVisible({ ...open, fixture: { ...FIXTURE, liveCoverage: false } }, at(-1))).toBe(false);
  });

  it('a live list counts down the minutes until a match not started leaves it; a match in play has no countdown', () => {
    expect(liveMinutesLeft('not_started', FIXTURE, at(-10))).toBe(15);
    expect(liveMinutesLeft('not_started', FIXTURE, at(4.5))).toBe(1);
    expect(isLiveVisible(open, at(4.5))).toBe(true);
    expect(liveMinutesLeft('not_started', FIXTURE, at(6))).toBe(0);
    expect(liveMinutesLeft('1p', FIXTURE, at(30))).toBeNull();
    expect(liveMinutesLeft('not_started', { ...FIXTURE, liveCoverage: false }, at(-10))).toBeNull();
  });

  it('first bulletin defaults to 100 and is capped at 200; search needs 3 characters', () => {
    expect(firstBulletinSize(undefined)).toBe(100);
    expect(firstBulletinSize(500)).toBe(200);
    expect(firstBulletinSize(50)).toBe(50);
    expect(isSearchable('ga')).toBe(false);
    expect(isSearchable('gal')).toBe(true);
  });
});

describe('live acceptance delay', () => {
  const held: LiveQuoteSnapshot = {
    selectionId: 's1',
    odds: 2100,
    suspended: false,
    hidden: false,
    matchStatus: '1p',
    score: { home: 0, away: 0 },
    redCards: { home: 0, away: 0 },
  };

  it('holds football and basketball 5 s, tennis 8 s, the longest on a mixed coupon, site settings first', () => {
    expect(liveDelayMs([1])).toBe(5000);
    expect(liveDelayMs([2])).toBe(5000);
    expect(liveDelayMs([1, 5])).toBe(8000);
    expect(liveDelayMs([1], { 1: 7000 })).toBe(7000);
  });

  it('accepts when nothing changed', () => {
    expect(liveAcceptance([held], [held])).toBeNull();
  });

  it('refuses when the odds, the score, a red card or the market status moved during the wait', () => {
    expect(liveAcceptance([held], [{ ...held, odds: 2050 }])?.code).toBe('rateChanged');
    expect(liveAcceptance([held], [{ ...held, score: { home: 1, away: 0 } }])?.code).toBe('rateChanged');
    expect(liveSelectionVerdict(held, { ...held, redCards: { home: 0, away: 1 } })).toBe('match_changed');
    expect(liveAcceptance([held], [{ ...held, suspended: true }])?.code).toBe('thereAreLockedMatches');
    expect(liveAcceptance([held], [])?.code).toBe('typeClosedForMatch');
  });
});

describe('pricing with a margin', () => {
  it('prices fair probabilities with the asked overround, never below it, rounded down to the ladder', () => {
    // 1.886, 3.144 and 4.716 before the ladder.
    const odds = oddsWithMargin([0.5, 0.3, 0.2], 600);
    expect(odds).toEqual([1880, 3140, 4710]);
    expect(marginOf(odds)).toBeGreaterThanOrEqual(600);
    expect(marginOf(odds)).toBeLessThan(650);
  });

  it('quotes thousandths below 1.01, hundredths to 10, tenths to 100, whole numbers above', () => {
    expect(oddsWithMargin([0.995, 0.005], 0)).toEqual([1005, 200_000]);
    expect(oddsWithMargin([0.01866, 0.98134], 0)).toEqual([53_500, 1010]);
    expect([1009, 1010, 9999, 10_000, 53_634, 99_999, 100_000, 259_590, 500_000].map(onLadder)).toEqual([1009, 1010, 9990, 10_000, 53_600, 99_900, 100_000, 259_000, 500_000]);
  });

  it('a Poisson distribution sums to one', () => {
    expect(poisson(1.4, 30).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
  });
});
