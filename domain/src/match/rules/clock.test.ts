import { describe, expect, it } from 'vitest';
import { FOOTBALL_MINUTES, matchClock } from './clock';

describe('match clock (spec §9 football pause time)', () => {
  it('a running football match shows its minute and fills the bar that far', () => {
    expect(matchClock(1, '1p', 23)).toEqual({ minute: 23, stoppage: false, paused: false, elapsed: 23 });
  });

  it('at half time the bar stands at period length / 2 + 0.5 and no minute shows', () => {
    expect(matchClock(1, 'pause1', 45)).toEqual({ minute: null, stoppage: false, paused: true, elapsed: 45.5 });
    expect(matchClock(1, 'paused', 45, 80)).toMatchObject({ paused: true, elapsed: 40.5 });
  });

  it('the pause time is capped at 90', () => {
    expect(matchClock(1, 'pause1', 90, 200).elapsed).toBe(FOOTBALL_MINUTES);
  });

  it('stoppage time past 90 in regulation shows as 90+ on a full bar', () => {
    expect(matchClock(1, '2p', 93)).toEqual({ minute: 90, stoppage: true, paused: false, elapsed: 90 });
  });

  it('extra time keeps its own minutes on a full bar', () => {
    expect(matchClock(1, 'ot', 105)).toEqual({ minute: 105, stoppage: false, paused: false, elapsed: 90 });
  });

  it('other sports show the minute as the feed gives it, without a bar, and nothing in a break', () => {
    expect(matchClock(2, '3p', 31)).toEqual({ minute: 31, stoppage: false, paused: false, elapsed: null });
    expect(matchClock(4, 'pause2', 40)).toEqual({ minute: null, stoppage: false, paused: true, elapsed: null });
  });

  it('no minute from the feed shows none', () => {
    expect(matchClock(1, '1p', undefined)).toEqual({ minute: null, stoppage: false, paused: false, elapsed: null });
  });
});
