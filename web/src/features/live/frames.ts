import { type MatchSummary, NOT_STARTED } from '@/features/sports/types';

/**
 * A live change as the app applies it (spec §7 "match updates … and odds changes"), made from the
 * hub's frames by `protocol.ts`.
 */
export type LiveFrame =
  | {
      readonly type: 'odds';
      readonly matchId: string;
      readonly marketId: string;
      readonly special: string;
      readonly outcomeId: string;
      /** Thousandths; absent when only the status changed. */
      readonly odds?: number;
      readonly active?: boolean;
    }
  | {
      readonly type: 'match';
      readonly matchId: string;
      readonly matchStatus?: string;
      readonly betStatus?: string;
      readonly score?: { readonly home: number; readonly away: number };
      /** Per period or set (the live match tracker's quarters, sets and games). */
      readonly periods?: readonly { readonly home: number; readonly away: number }[];
      readonly minute?: number;
      readonly cards?: MatchSummary['cards'];
      readonly corners?: MatchSummary['corners'];
      readonly remainingMinutes?: number | null;
    };

/** Spec §4 "Ended removes match from live lists and slip". */
export const ENDED_STATUSES = new Set(['ended', 'interrupted', 'retired', 'walkover', 'cancelled']);

/** Applies one frame to a list of matches (returns the same array when nothing changed). */
export function applyFrame(matches: readonly MatchSummary[], frame: LiveFrame): readonly MatchSummary[] {
  const index = matches.findIndex((m) => m.id === frame.matchId);
  if (index < 0) return matches;
  const match = matches[index]!;
  const next = applyToMatch(match, frame);
  if (next === null) return matches.filter((_, i) => i !== index);
  if (next === match) return matches;
  const copy = [...matches];
  copy[index] = next;
  return copy;
}

/** One match after a frame; null when the match ended (it leaves the lists). */
export function applyToMatch(match: MatchSummary, frame: LiveFrame): MatchSummary | null {
  if (frame.matchId !== match.id) return match;
  if (frame.type === 'match') {
    if (frame.matchStatus && ENDED_STATUSES.has(frame.matchStatus)) return null;
    if (frame.remainingMinutes === 0) return null;
    const { type: _type, matchId: _id, ...changes } = frame;
    // Kick-off turns a live-covered match's picks into live selections, and stops the countdown to
    // its leaving the live lists: a match in play leaves when it ends, not by the clock.
    const started =
      frame.matchStatus === undefined ? {} : frame.matchStatus === NOT_STARTED ? { isLive: false } : { isLive: true, remainingMinutes: null };
    return { ...match, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)), ...started };
  }
  let changed = false;
  const oddsGroups = match.oddsGroups.map((group) => {
    if (group.oddsId !== frame.marketId || group.special !== frame.special) return group;
    return {
      ...group,
      odds: group.odds.map((odd) => {
        if (odd.outcomeId !== frame.outcomeId) return odd;
        changed = true;
        return { ...odd, ...(frame.odds !== undefined ? { odd: frame.odds } : {}), ...(frame.active !== undefined ? { active: frame.active } : {}) };
      }),
    };
  });
  return changed ? { ...match, oddsGroups } : match;
}

/** Spec §4 live paths: the socket is open only on these pages (or while the slip holds picks). */
const LIVE_PAGES = new Set(['sports', 'livebets', 'coupons', 'betslip', 'cashout']);

export function wantsLiveSocket(pathname: string, slipHasPicks: boolean): boolean {
  if (slipHasPicks) return true;
  const page = pathname.split('/').filter(Boolean)[1] ?? '';
  return LIVE_PAGES.has(page);
}

/** Spec §2 "The live bets page keeps sportId and matchId in the URL hash separated by a pipe". */
export function parseLiveHash(hash: string): { sportId: string | null; matchId: string | null } {
  const [sportId = '', matchId = ''] = decodeURIComponent(hash.replace(/^#/, '')).split('|');
  return { sportId: sportId || null, matchId: matchId || null };
}

export function liveHash(sportId: string | null, matchId: string | null): string {
  return `#${sportId ?? ''}|${matchId ?? ''}`;
}

/** Spec §4 "Every minute remaining minutes decrease; at 0 removed". */
export function tickRemainingMinutes(matches: readonly MatchSummary[]): readonly MatchSummary[] {
  if (!matches.some((m) => typeof m.remainingMinutes === 'number')) return matches;
  return matches
    .map((m) => (typeof m.remainingMinutes === 'number' ? { ...m, remainingMinutes: m.remainingMinutes - 1 } : m))
    .filter((m) => m.remainingMinutes == null || m.remainingMinutes > 0);
}
