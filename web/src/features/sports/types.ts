import type { OutcomeLimits } from '@kupon/domain';

/** Spec §3 sport tree item (sport → category → tournament). */
export interface SportTreeItem {
  readonly id: string;
  readonly title: string;
  readonly matchCount: number;
  readonly listOrder?: number;
  readonly countryFlag?: string;
  readonly children?: readonly SportTreeItem[];
}

/** Spec §3 odd. Odds are integer thousandths. */
export interface Odd {
  readonly outcomeId: string;
  readonly outcome: string;
  readonly odd: number;
  readonly active: boolean;
  readonly limits?: OutcomeLimits | null;
}

/** Spec §3 odds group (a market). `iss` suspended, `isv` visible. */
export interface OddsGroup {
  /** The market code (what a coupon names as `marketId`, e.g. `1x2`). */
  readonly oddsId: string;
  /** The feed's odds type id (what live frames name). */
  readonly oddsTypeId?: number;
  readonly typeName: string;
  readonly special: string;
  readonly active: boolean;
  readonly iss?: boolean;
  readonly isv?: boolean;
  readonly odds: readonly Odd[];
}

/** Spec §3 pre-match match (and the live match fields §3 lists, when live). */
export interface MatchSummary {
  readonly id: string;
  readonly sportId: number;
  readonly sportName?: string;
  readonly categoryName?: string;
  readonly tournamentId?: string;
  readonly tournamentName?: string;
  readonly homeTeam: string;
  readonly awayTeam: string;
  /** ISO time, UTC. */
  readonly matchDate: string;
  readonly oddsGroups: readonly OddsGroup[];
  /** Markets the match offers, where a list carries only the main one in `oddsGroups`. */
  readonly marketCount?: number;
  /** In play (a live-covered match past kick-off): its picks are live selections. */
  readonly isLive?: boolean;
  readonly matchStatus?: string;
  readonly betStatus?: string;
  readonly score?: { readonly home: number; readonly away: number } | null;
  /** The feed's match minute (spec §7 `time`); shown through the domain's `matchClock`. */
  readonly minute?: number;
  readonly cards?: { readonly homeRed: number; readonly awayRed: number; readonly homeYellow: number; readonly awayYellow: number } | null;
  readonly corners?: { readonly home: number; readonly away: number } | null;
  readonly remainingMinutes?: number | null;
}

/** Whether an outcome can be picked now (§4: market suspended or inactive, bet status stopped, outcome inactive). */
export function outcomeLocked(match: Pick<MatchSummary, 'betStatus'>, group: OddsGroup, odd: Odd): boolean {
  return match.betStatus === 'stopped' || group.iss === true || !group.active || !odd.active;
}

/** Only visible markets are listed (§4 `isv`). */
export function visibleGroups(match: MatchSummary): OddsGroup[] {
  return match.oddsGroups.filter((g) => g.isv !== false);
}

/** Spec §4 match status before kick-off. */
export const NOT_STARTED = 'not_started';

/**
 * Whether a match is in play: the catalog's `live` says the feed covers it live, which a match
 * has before it starts too; only past kick-off are its selections live ones.
 */
export function inPlay(liveCoverage: boolean, matchStatus: string | undefined): boolean {
  return liveCoverage && matchStatus !== undefined && matchStatus !== NOT_STARTED;
}
