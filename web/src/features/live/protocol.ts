import { marketByOddsTypeId } from '@kupon/domain';
import type { LiveFrame } from './frames';

/**
 * The `/live` hub's frames (api/src/live/frames.ts, api/LIVE.md): msgpack maps with short keys.
 * Only the shapes the player app reads are typed here; the web imports no api runtime code.
 */
export type OddsLine = [oddsTypeId: number, outcome: string, special: string, status: 1 | 0 | -1, odds: number];

interface MatchFields {
  matchstatus?: string;
  betstatus?: 'open' | 'stopped';
  score?: [number, number];
  periods?: [number, number][];
  time?: number | null;
  cards?: { yellow: [number, number]; red: [number, number] };
  corners?: [number, number];
}

export type ServerFrame =
  | { t: 'hello'; v: number; hb: number }
  | { t: 'subscribed' | 'unsubscribed'; sport?: number; match?: string }
  | { t: 'snap'; m: string; seq: number; match: MatchFields; odds: OddsLine[] }
  | { t: 'upd'; m: string; from: number; seq: number; match?: MatchFields; odds?: OddsLine[] }
  | { t: 'end'; m: string; seq: number }
  | { t: 'hb' | 'pong'; ts: number }
  | { t: 'err'; error: string };

export type ClientFrame = { t: 'sub' | 'unsub'; sport?: number; match?: string } | { t: 'resync'; m: string } | { t: 'ping' };

/** A hub odds line as the app's odds change: the odds type id names the market; status 1 open, 0 suspended, -1 hidden. */
export function oddsFrames(matchId: string, lines: readonly OddsLine[]): LiveFrame[] {
  return lines.map(([typeId, outcome, special, status, odds]) => ({
    type: 'odds',
    matchId,
    marketId: marketByOddsTypeId(typeId)?.code ?? String(typeId),
    special,
    outcomeId: outcome,
    odds,
    active: status === 1,
  }));
}

export function matchFrame(matchId: string, fields: MatchFields): LiveFrame {
  return {
    type: 'match',
    matchId,
    ...(fields.matchstatus !== undefined ? { matchStatus: fields.matchstatus } : {}),
    ...(fields.betstatus !== undefined ? { betStatus: fields.betstatus } : {}),
    ...(fields.score ? { score: { home: fields.score[0], away: fields.score[1] } } : {}),
    ...(fields.periods ? { periods: fields.periods.map(([home, away]) => ({ home, away })) } : {}),
    ...(fields.time !== undefined && fields.time !== null ? { minute: fields.time } : {}),
    ...(fields.cards ? { cards: { homeYellow: fields.cards.yellow[0], awayYellow: fields.cards.yellow[1], homeRed: fields.cards.red[0], awayRed: fields.cards.red[1] } } : {}),
    ...(fields.corners ? { corners: { home: fields.corners[0], away: fields.corners[1] } } : {}),
  };
}
