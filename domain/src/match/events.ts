import type { Localized, SportId } from '../catalog/sports';
import type { MatchResult, Score } from '../catalog/match-result';
import type { MarketCode } from '../catalog/markets';
import type { Odds } from '../shared/money';

/**
 * Where a match stands as the live pages show it (spec §4 match status): `1p`…`9p` a running
 * period (half, quarter, period, inning), `pause1`…`pause8` the break after it, `1set`…`5set` a
 * running set (or map), `ot` overtime, `penalties` a shoot-out, `after_ot` ended after overtime.
 */
export type LiveStatus =
  | 'not_started'
  | `${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9}p`
  | `pause${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}`
  | 'paused'
  | `${1 | 2 | 3 | 4 | 5}set`
  | 'ot'
  | 'penalties'
  | 'after_ot'
  | 'ended'
  | 'interrupted'
  | 'retired'
  | 'walkover'
  | 'postponed'
  | 'cancelled';

/** A match is over for the live pages: it leaves live lists and betslips (§4 "Ended removes"). */
export const FINISHED_STATUSES: readonly LiveStatus[] = ['ended', 'after_ot', 'retired', 'walkover', 'cancelled'];

export interface Named {
  readonly id: string;
  readonly name: Localized;
}

/** A fixture: the match as the catalog lists it before a ball is played. */
export interface Fixture {
  readonly matchId: string;
  readonly sportId: SportId;
  /** Country or category (§3 categoryId / categoryName). */
  readonly category: Named;
  /** League or tournament. */
  readonly tournament: Named;
  readonly home: Named;
  readonly away: Named;
  /** ISO 8601 UTC. */
  readonly startsAt: string;
  /** Whether the feed covers the match live (it then shows on the live pages too). */
  readonly liveCoverage: boolean;
}

/** §3 Odds group `active`: 1 active; `iss` suspended; `isv` 0 hidden. */
export type MarketStatus = 'active' | 'suspended' | 'hidden';

export interface OutcomeOffer {
  readonly outcome: string;
  readonly odds: Odds;
  readonly active: boolean;
}

/** One market (odds group) under one special, as the book offers it. */
export interface MarketOffer {
  readonly market: MarketCode;
  readonly special: string;
  readonly status: MarketStatus;
  readonly outcomes: readonly OutcomeOffer[];
}

export interface Cards {
  readonly yellow: Score;
  readonly red: Score;
}

/** The scoreboard of a live match (§3 Live match: score, cards, corners, time). */
export interface Scoreboard {
  readonly status: LiveStatus;
  readonly score: Score;
  /** Per regular period (or set), the running one included. */
  readonly periods: readonly Score[];
  /** Minute of play; null where the sport has no clock (tennis, volleyball). */
  readonly minute: number | null;
  readonly cards: Cards;
  readonly corners: Score;
}

export type FixtureCreated = { readonly type: 'FixtureCreated'; readonly data: Fixture };
export type FixtureChanged = { readonly type: 'FixtureChanged'; readonly data: Fixture };
/** Only the markets that changed: opened, re-priced, suspended or hidden. */
export type OddsChanged = { readonly type: 'OddsChanged'; readonly data: { readonly matchId: string; readonly markets: readonly MarketOffer[]; readonly at: string } };
export type MatchStateChanged = { readonly type: 'MatchStateChanged'; readonly data: { readonly matchId: string; readonly state: Scoreboard; readonly at: string } };
/** Every market suspended at once (a dangerous moment); the next OddsChanged reopens what it lists. */
export type BetStopped = { readonly type: 'BetStopped'; readonly data: { readonly matchId: string; readonly reason: string; readonly at: string } };
export type ResultRecorded = { readonly type: 'ResultRecorded'; readonly data: { readonly matchId: string; readonly result: MatchResult; readonly at: string } };
export type ResultCorrected = {
  readonly type: 'ResultCorrected';
  readonly data: { readonly matchId: string; readonly previous: MatchResult; readonly result: MatchResult; readonly at: string };
};
/**
 * Every selection on the match placed from `from` up to `to` (null: open-ended), on the listed
 * markets (null: all), is void, as a real feed's bet cancel says (odds offered in error, a goal
 * scored before the bet stop).
 */
export type BetsCancelled = {
  readonly type: 'BetsCancelled';
  readonly data: {
    readonly matchId: string;
    readonly cancellationId: string;
    readonly from: string;
    readonly to: string | null;
    readonly markets: readonly MarketCode[] | null;
    readonly reason: string;
    readonly at: string;
  };
};
/** The recorded result was wrong and is withdrawn; settlement waits for the next result. */
export type SettlementRolledBack = { readonly type: 'SettlementRolledBack'; readonly data: { readonly matchId: string; readonly previous: MatchResult; readonly at: string } };

export type MatchEvent =
  | FixtureCreated
  | FixtureChanged
  | OddsChanged
  | MatchStateChanged
  | BetStopped
  | ResultRecorded
  | ResultCorrected
  | BetsCancelled
  | SettlementRolledBack;

export type MatchEventType = MatchEvent['type'];

export const MATCH_EVENT_TYPES: readonly MatchEventType[] = [
  'FixtureCreated',
  'FixtureChanged',
  'OddsChanged',
  'MatchStateChanged',
  'BetStopped',
  'ResultRecorded',
  'ResultCorrected',
  'BetsCancelled',
  'SettlementRolledBack',
];

export function matchStream(matchId: string): string {
  return `match-${matchId}`;
}
