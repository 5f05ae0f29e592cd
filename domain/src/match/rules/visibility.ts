import type { Fixture, LiveStatus, MarketOffer } from '../events';
import { FINISHED_STATUSES } from '../events';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Spec §4 and §9 list rules, in one place so every list and the live hub agree. */
export const VISIBILITY = {
  /** §4: a live match that has not started more than 5 minutes after its start is dropped. */
  liveNotStartedGraceMs: 5 * MINUTE,
  /** §4: a pre-match more than 30 minutes past its start and suspended is hidden. */
  prematchSuspendedGraceMs: 30 * MINUTE,
  /** §9: six upcoming days. */
  upcomingDays: 6,
  /** A live-covered match shows on the live pages from this long before its start. */
  liveLeadMs: 60 * MINUTE,
} as const;

/** §9 list sizes. */
export const LIST_LIMITS = {
  matches: 75,
  results: 50,
  live: 400,
  /** `first_bulletin`: at most 200, default 100. */
  firstBulletinMax: 200,
  firstBulletinDefault: 100,
  /** `matches_day` default. */
  matchesDayDefault: 30,
  searchMinChars: 3,
} as const;

export interface ListedMatch {
  readonly fixture: Fixture;
  readonly status: LiveStatus;
  readonly markets: readonly MarketOffer[];
}

export function isFinished(status: LiveStatus): boolean {
  return FINISHED_STATUSES.includes(status);
}

export function isInPlay(status: LiveStatus): boolean {
  return status !== 'not_started' && status !== 'postponed' && !isFinished(status);
}

/** Every market suspended or hidden (or none offered): bet status stopped. */
export function isSuspended(markets: readonly MarketOffer[]): boolean {
  return !markets.some((m) => m.status === 'active');
}

/** The pre-match lists (sports tree, categories, matches): not started, within six days, §4's 30-minute rule. */
export function isPrematchVisible(match: ListedMatch, now: string): boolean {
  if (match.status !== 'not_started') return false;
  const start = Date.parse(match.fixture.startsAt);
  const at = Date.parse(now);
  if (start > at + VISIBILITY.upcomingDays * DAY) return false;
  return !(at - start > VISIBILITY.prematchSuspendedGraceMs && isSuspended(match.markets));
}

/** The live lists: in play, or live-covered and about to start (dropped 5 minutes past start); never ended. */
export function isLiveVisible(match: ListedMatch, now: string): boolean {
  if (isInPlay(match.status)) return true;
  if (match.status !== 'not_started' || !match.fixture.liveCoverage) return false;
  const start = Date.parse(match.fixture.startsAt);
  const at = Date.parse(now);
  return start - at <= VISIBILITY.liveLeadMs && at - start <= VISIBILITY.liveNotStartedGraceMs;
}

/**
 * §4 "every minute remaining minutes decrease; at 0 removed": the whole minutes before a live-covered
 * match that has not started leaves the live lists (5 minutes past its start, as isLiveVisible drops
 * it), so a list fetched once can count down and let it go without asking again. Null for anything
 * else: a match in play leaves the lists when the feed ends it, never by the clock.
 */
export function liveMinutesLeft(status: LiveStatus, fixture: Pick<Fixture, 'startsAt' | 'liveCoverage'>, now: string): number | null {
  if (status !== 'not_started' || !fixture.liveCoverage) return null;
  const left = Date.parse(fixture.startsAt) + VISIBILITY.liveNotStartedGraceMs - Date.parse(now);
  return Math.max(0, Math.ceil(left / MINUTE));
}

/** `first_bulletin` as the site sets it, within §5's cap of 200. */
export function firstBulletinSize(setting: number | null | undefined): number {
  if (setting == null || !Number.isInteger(setting) || setting <= 0) return LIST_LIMITS.firstBulletinDefault;
  return Math.min(setting, LIST_LIMITS.firstBulletinMax);
}

/** §5: a match search starts when the keyword is longer than 2 characters. */
export function isSearchable(keyword: string): boolean {
  return keyword.trim().length >= LIST_LIMITS.searchMinChars;
}
