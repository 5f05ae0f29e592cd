import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { MatchSummary } from '@/features/sports/types';
import { useBetslipStore } from '@/stores/betslip-store';
import { applyFrame, applyToMatch, ENDED_STATUSES, type LiveFrame, tickRemainingMinutes, wantsLiveSocket } from '../frames';
import { liveSocket, setLiveHandlers } from '../live-connection';

/** Applies a batch of frames to every cached match list and match, one cache write per query. */
function applyToCaches(client: QueryClient, frames: readonly LiveFrame[]): void {
  for (const key of [['catalog', 'matches'], ['live', 'matches']]) {
    client.setQueriesData<readonly MatchSummary[]>({ queryKey: key }, (list) => (list ? frames.reduce(applyFrame, list) : list));
  }
  for (const matchId of new Set(frames.map((f) => f.matchId))) {
    const own = frames.filter((f) => f.matchId === matchId);
    client.setQueriesData<MatchSummary | null>({ queryKey: ['catalog', 'match', matchId] }, (match) =>
      match ? own.reduce<MatchSummary>((m, f) => applyToMatch(m, f) ?? m, match) : match,
    );
  }
}

function applyToSlip(frame: LiveFrame): void {
  const store = useBetslipStore.getState();
  if (frame.type === 'match') {
    if ((frame.matchStatus && ENDED_STATUSES.has(frame.matchStatus)) || frame.remainingMinutes === 0) store.removeMatch(frame.matchId);
    return;
  }
  if (frame.odds === undefined) return;
  for (const s of store.slip.selections) {
    if (s.matchId === frame.matchId && s.marketId === frame.marketId && s.special === frame.special && s.outcomeId === frame.outcomeId && s.odds !== frame.odds) {
      store.updateOdds(s.id, frame.odds);
    }
  }
}

/** Spec §4: remaining minutes count down once a minute. */
export const REMAINING_TICK_MS = 60_000;

/** Opens the live socket on the §4 paths (or while the slip has picks) and applies its frames. */
export function LiveConnection() {
  const client = useQueryClient();
  const { pathname } = useLocation();
  const slipHasPicks = useBetslipStore((s) => s.slip.selections.length > 0);

  useEffect(() => {
    // Frames are applied once per animation frame: a burst of 500 changes a second becomes one
    // render per painted frame, and the screen shows the latest price of each outcome.
    let pending: LiveFrame[] = [];
    let scheduled = false;
    const flush = () => {
      scheduled = false;
      const batch = pending;
      pending = [];
      applyToCaches(client, batch);
      for (const frame of batch) applyToSlip(frame);
    };
    setLiveHandlers({
      onFrame: (frame) => {
        pending.push(frame);
        if (scheduled) return;
        scheduled = true;
        if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(flush);
        else setTimeout(flush, 50);
      },
      onResync: () => void client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'catalog' || q.queryKey[0] === 'live' }),
    });
  }, [client]);

  useEffect(() => {
    const timer = setInterval(() => {
      client.setQueriesData<readonly MatchSummary[]>({ queryKey: ['live', 'matches'] }, (list) => (list ? tickRemainingMinutes(list) : list));
    }, REMAINING_TICK_MS);
    return () => clearInterval(timer);
  }, [client]);

  useEffect(() => {
    if (wantsLiveSocket(pathname, slipHasPicks)) liveSocket.open();
    else liveSocket.close();
  }, [pathname, slipHasPicks]);

  return null;
}
