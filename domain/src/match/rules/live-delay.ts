import type { SportId } from '../../catalog/sports';
import type { Score } from '../../catalog/match-result';
import type { DomainError } from '../../shared/decider';
import { domainError } from '../../shared/decider';
import type { Odds } from '../../shared/money';
import type { LiveStatus } from '../events';

/**
 * Live acceptance delay: a live coupon is held this long before it is accepted, so a player who saw
 * a goal before the feed did cannot bet on the stale price. Defaults like the big exchanges.
 */
export const DEFAULT_LIVE_DELAY_MS: Readonly<Partial<Record<SportId, number>>> = { 1: 5000, 2: 5000, 5: 8000 };
export const FALLBACK_LIVE_DELAY_MS = 5000;

/** How long a coupon with live selections on these sports waits: the longest of their delays. */
export function liveDelayMs(sportIds: readonly SportId[], siteDelays: Readonly<Partial<Record<SportId, number>>> = {}): number {
  return sportIds.reduce((longest, sportId) => Math.max(longest, siteDelays[sportId] ?? DEFAULT_LIVE_DELAY_MS[sportId] ?? FALLBACK_LIVE_DELAY_MS), 0);
}

/** What a live selection looked like, taken from the odds book when the coupon is held and again after the delay. */
export interface LiveQuoteSnapshot {
  readonly selectionId: string;
  /** Undefined when the book no longer offers the outcome. */
  readonly odds: Odds | undefined;
  readonly suspended: boolean;
  readonly hidden: boolean;
  readonly matchStatus: LiveStatus;
  readonly score: Score;
  readonly redCards: Score;
}

/** Per-selection outcome of the wait, for the §2 coupon-creation alert. */
export type LiveSelectionVerdict = 'accepted' | 'odds_changed' | 'suspended' | 'match_changed' | 'closed';

export function liveSelectionVerdict(held: LiveQuoteSnapshot, now: LiveQuoteSnapshot | undefined): LiveSelectionVerdict {
  if (now === undefined || now.odds === undefined || now.hidden) return 'closed';
  if (now.suspended) return 'suspended';
  if (now.matchStatus !== held.matchStatus || !sameScore(now.score, held.score) || !sameScore(now.redCards, held.redCards)) return 'match_changed';
  if (now.odds !== held.odds) return 'odds_changed';
  return 'accepted';
}

/**
 * Accept the held coupon only if nothing changed meaningfully during the wait: the same odds, still
 * open, and the same match status, score and red cards. Otherwise the §8 refusal.
 */
export function liveAcceptance(held: readonly LiveQuoteSnapshot[], now: readonly LiveQuoteSnapshot[]): DomainError | null {
  const current = new Map(now.map((s) => [s.selectionId, s]));
  const verdicts = held.map((s) => liveSelectionVerdict(s, current.get(s.selectionId)));
  if (verdicts.includes('closed')) return domainError('typeClosedForMatch');
  if (verdicts.includes('suspended')) return domainError('thereAreLockedMatches');
  if (verdicts.some((v) => v !== 'accepted')) return domainError('rateChanged');
  return null;
}

function sameScore(a: Score, b: Score): boolean {
  return a.home === b.home && a.away === b.away;
}
