import { type DomainError, domainError, isSportId, liveAcceptance, liveDelayMs, type LiveQuoteSnapshot, type OutcomeRef, type SportId } from '@kupon/domain';
import type { LiveOddsBook } from './odds-book';

export interface LiveSelection extends OutcomeRef {
  readonly id: string;
  readonly isLive: boolean;
}

/** A live coupon held for the acceptance delay: how long, and what the book said when it was held. */
export interface LiveHold {
  readonly delayMs: number;
  readonly snapshots: readonly LiveQuoteSnapshot[];
}

/**
 * Live acceptance delay, step 1 (at placement): the coupon's live selections as the book shows them
 * now, and how long to hold (the longest delay of their sports; the site's own per sport first).
 * `null` when the coupon has no live selection (nothing to hold).
 */
export function holdLiveSelections(book: LiveOddsBook, selections: readonly LiveSelection[], siteDelays: Readonly<Partial<Record<SportId, number>>> = {}): LiveHold | DomainError | null {
  const live = selections.filter((s) => s.isLive);
  if (live.length === 0) return null;
  const sports: SportId[] = [];
  const snapshots: LiveQuoteSnapshot[] = [];
  for (const selection of live) {
    const match = book.get(selection.matchId);
    const snapshot = book.liveSnapshot(selection.id, selection);
    if (!match || !snapshot) return domainError('matchCanceled');
    if (isSportId(match.fixture.sportId)) sports.push(match.fixture.sportId);
    snapshots.push(snapshot);
  }
  return { delayMs: liveDelayMs(sports, siteDelays), snapshots };
}

/**
 * Step 2 (after `delayMs`): accepted (null) only if no live selection's odds, market status or match
 * state changed meaningfully meanwhile; otherwise the §8 refusal (`rateChanged`, `thereAreLockedMatches`,
 * `typeClosedForMatch`).
 */
export function acceptHeldSelections(book: LiveOddsBook, hold: LiveHold, selections: readonly LiveSelection[]): DomainError | null {
  const now = selections
    .filter((s) => s.isLive)
    .flatMap((s) => {
      const snapshot = book.liveSnapshot(s.id, s);
      return snapshot ? [snapshot] : [];
    });
  return liveAcceptance(hold.snapshots, now);
}
