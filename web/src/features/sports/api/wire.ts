import { marketByOddsTypeId } from '@kupon/domain';
import { inPlay, type MatchSummary, type OddsGroup, type SportTreeItem } from '../types';

/**
 * The catalog routes' wire shapes (api/src/routes/catalog.ts `MatchSchema`, `TreeNode`; spec §3
 * field names) and their translation into the app's model. Kept here because the api does not
 * export them as contract types yet.
 */
export interface WireOdd {
  readonly outcomeid: string;
  readonly outcome: string;
  readonly odd: number;
  readonly active: 0 | 1;
}

export interface WireOddsGroup {
  /** `${market code}|${special}` */
  readonly oddsid: string;
  readonly oddstype: number;
  readonly typename: string;
  readonly special: string;
  readonly active: 0 | 1;
  readonly iss: 0 | 1;
  readonly isv: 0 | 1;
  readonly odds: readonly WireOdd[];
}

export interface WireMatch {
  readonly id: string;
  readonly sportId: number;
  readonly sportName: string;
  readonly categoryId: string;
  readonly categoryName: string;
  readonly tournamentId: string;
  readonly tournamentName: string;
  readonly homeTeam: string;
  readonly awayTeam: string;
  readonly matchDate: string;
  readonly matchstatus: string;
  readonly betstatus: 'open' | 'stopped';
  readonly live: boolean;
  readonly scoreboard: unknown;
  readonly odds: readonly WireOddsGroup[];
  /** Markets the match offers (a list sends the main one only); absent from an older api. */
  readonly marketCount?: number;
  /** The live list only: minutes before a match not yet started leaves it (§4); null once in play. */
  readonly remainingMinutes?: number | null;
}

export interface WireTreeNode {
  readonly id: number | string;
  readonly title: string;
  readonly listOrder?: number;
  readonly matchCount: number;
  readonly children?: readonly WireTreeNode[];
}

export interface WireResult {
  readonly id: string;
  readonly sportId: number;
  readonly tournamentName: string;
  readonly homeTeam: string;
  readonly awayTeam: string;
  readonly matchDate: string;
  readonly result: unknown;
  readonly resultAt: string;
}

/** The market code of an odds group: what a coupon names (`marketId`) and the odds book prices. */
export function marketCodeOf(group: Pick<WireOddsGroup, 'oddsid' | 'oddstype'>): string {
  return group.oddsid.split('|')[0] || marketByOddsTypeId(group.oddstype)?.code || String(group.oddstype);
}

function pair(value: unknown): { home: number; away: number } | null {
  if (value && typeof value === 'object' && 'home' in value && 'away' in value) {
    const { home, away } = value as { home: unknown; away: unknown };
    if (typeof home === 'number' && typeof away === 'number') return { home, away };
  }
  if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') return { home: value[0], away: value[1] };
  return null;
}

/** The live scoreboard (domain `Scoreboard`) when the match runs; nothing before it. */
function scoreFields(scoreboard: unknown): Pick<MatchSummary, 'score' | 'minute' | 'cards' | 'corners'> {
  if (!scoreboard || typeof scoreboard !== 'object') return {};
  const board = scoreboard as { score?: unknown; minute?: unknown; cards?: { yellow?: unknown; red?: unknown }; corners?: unknown };
  const yellow = pair(board.cards?.yellow);
  const red = pair(board.cards?.red);
  return {
    score: pair(board.score),
    ...(typeof board.minute === 'number' ? { minute: board.minute } : {}),
    cards: yellow && red ? { homeYellow: yellow.home, awayYellow: yellow.away, homeRed: red.home, awayRed: red.away } : null,
    corners: pair(board.corners),
  };
}

export function fromWireGroup(group: WireOddsGroup): OddsGroup {
  return {
    oddsId: marketCodeOf(group),
    oddsTypeId: group.oddstype,
    typeName: group.typename,
    special: group.special,
    active: group.active === 1,
    iss: group.iss === 1,
    isv: group.isv === 1,
    odds: group.odds.map((o) => ({ outcomeId: o.outcomeid, outcome: o.outcome, odd: o.odd, active: o.active === 1 })),
  };
}

export function fromWireMatch(match: WireMatch): MatchSummary {
  return {
    id: match.id,
    sportId: match.sportId,
    sportName: match.sportName,
    categoryName: match.categoryName,
    tournamentId: match.tournamentId,
    tournamentName: match.tournamentName,
    homeTeam: match.homeTeam,
    awayTeam: match.awayTeam,
    matchDate: match.matchDate,
    isLive: inPlay(match.live, match.matchstatus),
    matchStatus: match.matchstatus,
    betStatus: match.betstatus,
    ...scoreFields(match.scoreboard),
    oddsGroups: match.odds.map(fromWireGroup),
    ...(match.marketCount !== undefined ? { marketCount: match.marketCount } : {}),
    ...(match.remainingMinutes !== undefined ? { remainingMinutes: match.remainingMinutes } : {}),
  };
}

export function fromWireTree(node: WireTreeNode): SportTreeItem {
  return {
    id: String(node.id),
    title: node.title,
    matchCount: node.matchCount,
    ...(node.listOrder !== undefined ? { listOrder: node.listOrder } : {}),
    children: (node.children ?? []).map(fromWireTree),
  };
}

/** Sports scored in sets (tennis, volleyball): the result counts sets won. */
const SET_SPORTS = new Set([5, 23]);

/** A recorded result as text: the final score, then the periods, e.g. `2:1 (1:0, 1:1)`. */
export function resultText(sportId: number, result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  const { periods, overtime, penalties } = result as { periods?: unknown[]; overtime?: unknown; penalties?: unknown };
  const scores = (periods ?? []).map(pair).filter((p): p is { home: number; away: number } => p !== null);
  let home = 0;
  let away = 0;
  for (const p of scores) {
    if (SET_SPORTS.has(sportId)) {
      if (p.home > p.away) home += 1;
      else if (p.away > p.home) away += 1;
    } else {
      home += p.home;
      away += p.away;
    }
  }
  const extra = pair(overtime);
  if (extra && !SET_SPORTS.has(sportId)) {
    home += extra.home;
    away += extra.away;
  }
  const pens = pair(penalties);
  const detail = scores.map((p) => `${p.home}:${p.away}`).join(', ');
  return `${home}:${away}${detail ? ` (${detail})` : ''}${pens ? ` [${pens.home}:${pens.away}]` : ''}`;
}
