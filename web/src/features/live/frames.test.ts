import { describe, expect, it } from 'vitest';
import type { MatchSummary } from '@/features/sports/types';
import { applyFrame, liveHash, parseLiveHash, tickRemainingMinutes, wantsLiveSocket } from './frames';

const match = (id: string): MatchSummary => ({
  id,
  sportId: 1,
  homeTeam: 'A',
  awayTeam: 'B',
  matchDate: '2026-11-22T18:00:00Z',
  isLive: true,
  oddsGroups: [{ oddsId: '1x2', typeName: 'Maç Sonucu', special: '', active: true, odds: [{ outcomeId: '1', outcome: '1', odd: 1850, active: true }] }],
});

describe('live frames', () => {
  it('an odds change updates that outcome only', () => {
    const list = [match('m1'), match('m2')];
    const next = applyFrame(list, { type: 'odds', matchId: 'm2', marketId: '1x2', special: '', outcomeId: '1', odds: 1900 });
    expect(next[1]!.oddsGroups[0]!.odds[0]!.odd).toBe(1900);
    expect(next[0]).toBe(list[0]);
    expect(applyFrame(list, { type: 'odds', matchId: 'm2', marketId: 'ou', special: '2.5', outcomeId: 'O', odds: 2000 })).toBe(list);
  });

  it('a suspended outcome is locked; scores and the minute are taken; an ended match leaves the list', () => {
    const list = [match('m1')];
    const locked = applyFrame(list, { type: 'odds', matchId: 'm1', marketId: '1x2', special: '', outcomeId: '1', active: false });
    expect(locked[0]!.oddsGroups[0]!.odds[0]!.active).toBe(false);
    const scored = applyFrame(list, { type: 'match', matchId: 'm1', score: { home: 1, away: 0 }, minute: 23 });
    expect(scored[0]).toMatchObject({ score: { home: 1, away: 0 }, minute: 23 });
    expect(applyFrame(list, { type: 'match', matchId: 'm1', matchStatus: 'ended' })).toEqual([]);
    expect(applyFrame(list, { type: 'match', matchId: 'm1', remainingMinutes: 0 })).toEqual([]);
  });

  it('kick-off makes a live-covered match live: picks made after it are live selections', () => {
    const before = [{ ...match('m1'), isLive: false, matchStatus: 'not_started' }];
    expect(applyFrame(before, { type: 'match', matchId: 'm1', matchStatus: '1p', minute: 1 })[0]).toMatchObject({ isLive: true, matchStatus: '1p' });
    expect(applyFrame(before, { type: 'match', matchId: 'm1', betStatus: 'stopped' })[0]!.isLive).toBe(false);
  });

  it('kick-off stops the countdown to leaving the live list: a match in play is not dropped by the clock', () => {
    const waiting = [{ ...match('m1'), isLive: false, matchStatus: 'not_started', remainingMinutes: 1 }];
    expect(tickRemainingMinutes(waiting)).toEqual([]);
    const kickedOff = applyFrame(waiting, { type: 'match', matchId: 'm1', matchStatus: '1p', minute: 1 });
    expect(kickedOff[0]!.remainingMinutes).toBeNull();
    expect(tickRemainingMinutes(kickedOff).map((m) => m.id)).toEqual(['m1']);
  });

  it('the socket is wanted on sports, live bets and coupons, or while the slip has picks (spec §4)', () => {
    expect(wantsLiveSocket('/tr/sports', false)).toBe(true);
    expect(wantsLiveSocket('/tr/sports/match/9', false)).toBe(true);
    expect(wantsLiveSocket('/en/livebets', false)).toBe(true);
    expect(wantsLiveSocket('/tr/coupons', false)).toBe(true);
    expect(wantsLiveSocket('/tr/casino', false)).toBe(false);
    expect(wantsLiveSocket('/tr/casino', true)).toBe(true);
  });

  it('the live page hash holds sportId|matchId', () => {
    expect(parseLiveHash('#1|m42')).toEqual({ sportId: '1', matchId: 'm42' });
    expect(parseLiveHash('#5|')).toEqual({ sportId: '5', matchId: null });
    expect(parseLiveHash('')).toEqual({ sportId: null, matchId: null });
    expect(liveHash('1', 'm42')).toBe('#1|m42');
  });

  it('remaining minutes count down each minute; a match at 0 leaves the list', () => {
    const list = [{ ...match('m1'), remainingMinutes: 2 }, { ...match('m2'), remainingMinutes: 1 }, match('m3')];
    const next = tickRemainingMinutes(list);
    expect(next.map((m) => [m.id, m.remainingMinutes])).toEqual([
      ['m1', 1],
      ['m3', undefined],
    ]);
  });
});
