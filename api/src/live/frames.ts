import { Packr } from 'msgpackr';
import type { FixtureFields, MatchFields, OddsLine } from './odds-book';

/**
 * The `/live` frames (api/LIVE.md): msgpack maps with short keys, one frame per WebSocket binary
 * message. Plain maps (no msgpackr records), so any msgpack library reads them.
 */
export type ServerFrame =
  | { t: 'hello'; v: 1; hb: number }
  | { t: 'subscribed'; sport?: number; match?: string; matches: number }
  | { t: 'unsubscribed'; sport?: number; match?: string }
  | { t: 'snap'; m: string; seq: number; match: FixtureFields & MatchFields & { result: boolean }; odds: OddsLine[] }
  | { t: 'upd'; m: string; from: number; seq: number; at: number; match?: Record<string, unknown>; odds?: OddsLine[] }
  | { t: 'end'; m: string; seq: number }
  | { t: 'hb'; ts: number }
  | { t: 'pong'; ts: number }
  | { t: 'err'; error: string };

export type ClientFrame =
  | { t: 'sub'; sport?: number; match?: string }
  | { t: 'unsub'; sport?: number; match?: string }
  | { t: 'resync'; m: string }
  | { t: 'ping' };

const packr = new Packr({ useRecords: false, variableMapSize: true });

export function encodeFrame(frame: ServerFrame): Buffer {
  return packr.pack(frame);
}

export function decodeFrame(data: Uint8Array): unknown {
  return packr.unpack(data);
}

/** A client frame, or the §8-style error key it earns. */
export function parseClientFrame(data: unknown): ClientFrame | { error: string } {
  if (typeof data !== 'object' || data === null) return { error: 'badFrame' };
  const frame = data as Record<string, unknown>;
  const sport = frame.sport;
  const match = frame.match;
  switch (frame.t) {
    case 'sub':
    case 'unsub':
      if (sport !== undefined && !Number.isInteger(sport)) return { error: 'badFrame|sport' };
      if (match !== undefined && (typeof match !== 'string' || match.length === 0 || match.length > 100)) return { error: 'badFrame|match' };
      if (sport === undefined && match === undefined) return { error: 'badFrame|sport' };
      return { t: frame.t, ...(sport !== undefined ? { sport: sport as number } : {}), ...(match !== undefined ? { match: match as string } : {}) };
    case 'resync':
      return typeof frame.m === 'string' ? { t: 'resync', m: frame.m } : { error: 'badFrame|m' };
    case 'ping':
      return { t: 'ping' };
    default:
      return { error: 'badFrame|t' };
  }
}
