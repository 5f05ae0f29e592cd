import { type Incident, incidentKey, incidentsBetween, isSportId, type LiveStatus, type Scoreboard } from '@kupon/domain';
import type { MatchSummary } from '@/features/sports/types';

type Count = { readonly home: number; readonly away: number };

/** The live match as the page's cache holds it: the catalog's match with the socket's changes applied. */
export type TrackedMatch = Pick<MatchSummary, 'id' | 'sportId' | 'homeTeam' | 'awayTeam' | 'isLive' | 'matchStatus' | 'score' | 'minute' | 'cards' | 'corners'> & {
  readonly periods?: readonly Count[];
};

/** What the socket told about the scoreboard; the tracker reacts when it changes. */
export function liveSignature(match: TrackedMatch): string {
  return JSON.stringify([match.matchStatus, match.score, match.periods, match.minute, match.cards, match.corners]);
}

/** The tracker's scoreboard with the live fields of the match laid over it. */
export function withLiveFields(board: Scoreboard, match: TrackedMatch): Scoreboard {
  return {
    status: (match.matchStatus as LiveStatus | undefined) ?? board.status,
    score: match.score ?? board.score,
    periods: match.periods ?? board.periods,
    minute: match.minute ?? board.minute,
    cards: match.cards ? { yellow: { home: match.cards.homeYellow, away: match.cards.awayYellow }, red: { home: match.cards.homeRed, away: match.cards.awayRed } } : board.cards,
    corners: match.corners ?? board.corners,
  };
}

export interface TrackerState {
  readonly board: Scoreboard | null;
  readonly incidents: readonly Incident[];
}

/** Incidents not yet listed, in order: the same one seen from the route and the socket counts once. */
export function merged(listed: readonly Incident[], more: readonly Incident[]): readonly Incident[] {
  const seen = new Set(listed.map(incidentKey));
  const fresh = more.filter((x) => !seen.has(incidentKey(x)));
  return fresh.length === 0 ? listed : [...listed, ...fresh];
}

/** A live update: the incidents between the last scoreboard and the updated one, by the domain's rule. */
export function applyLive(state: TrackerState, sportId: number, match: TrackedMatch): TrackerState {
  if (state.board === null || !isSportId(sportId)) return state;
  const next = withLiveFields(state.board, match);
  return { board: next, incidents: merged(state.incidents, incidentsBetween(sportId, state.board, next)) };
}
