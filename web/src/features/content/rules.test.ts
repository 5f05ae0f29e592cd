import type { PublicPopup } from '@kupon/api/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { autoCloseMs, bonusState, canRequestBonus, DISMISSED_POPUPS_KEY, popupsToShow, readDismissedPopups, rememberDismissedPopup } from './rules';

const popup = (id: string, type: number, type2: number, autoClose = 0): PublicPopup => ({ id, title: id, content: '', type, type2, autoClose });

afterEach(() => sessionStorage.clear());

describe('§3 popup alerts: which show where', () => {
  const all = [popup('alert', 0, 1), popup('home-only', 2, 0), popup('type-one', 1, 1), popup('home-type-one', 1, 0)];

  it('on Home: type 0 and 2 show, Home-only ones included; type 1 never', () => {
    expect(popupsToShow(all, { onHome: true, dismissed: new Set() }).map((p) => p.id)).toEqual(['alert', 'home-only']);
  });

  it('elsewhere: the Home-only ones (type2 0) stay away', () => {
    expect(popupsToShow(all, { onHome: false, dismissed: new Set() }).map((p) => p.id)).toEqual(['alert']);
  });

  it('a closed popup is not shown again in the same session', () => {
    rememberDismissedPopup('alert');
    expect(popupsToShow(all, { onHome: true, dismissed: readDismissedPopups() }).map((p) => p.id)).toEqual(['home-only']);
    expect(JSON.parse(sessionStorage.getItem(DISMISSED_POPUPS_KEY)!)).toEqual(['alert']);
  });

  it('a damaged session entry forgets what was closed instead of failing', () => {
    sessionStorage.setItem(DISMISSED_POPUPS_KEY, '{not json');
    expect(readDismissedPopups().size).toBe(0);
  });

  it('autoClose is in seconds; 0 waits for the player', () => {
    expect(autoCloseMs(popup('a', 0, 1, 5))).toBe(5000);
    expect(autoCloseMs(popup('a', 0, 1, 0))).toBeNull();
  });
});

describe('§2 bonus request button by the request state', () => {
  const offer = (status: 0 | 1 | 2 | null, requestedExists: boolean, oneUse = false) => ({ status, requestedExists, oneUse });

  it('never requested: can be asked', () => {
    expect(bonusState(offer(null, false))).toBe('available');
    expect(canRequestBonus(offer(null, false))).toBe(true);
  });

  it('waiting (status 0): shown as sent, not asked again', () => {
    expect(bonusState(offer(0, true))).toBe('waiting');
    expect(canRequestBonus(offer(0, true))).toBe(false);
  });

  it('confirmed or canceled: can be asked again, except a one-use bonus once confirmed', () => {
    expect(bonusState(offer(1, true))).toBe('confirmed');
    expect(canRequestBonus(offer(1, true))).toBe(true);
    expect(canRequestBonus(offer(1, true, true))).toBe(false);
    expect(bonusState(offer(2, true))).toBe('canceled');
    expect(canRequestBonus(offer(2, true, true))).toBe(true);
  });
});
