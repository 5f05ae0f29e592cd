import { describe, expect, it } from 'vitest';
import { sessionDisagrees } from './session-flag';

describe('the cross-tab session flag (spec §4: a tab reloads when login and logout state disagree)', () => {
  it('a tab that just logged in is not reloaded while its user data are still on the way', () => {
    expect(sessionDisagrees('in', 'in', false)).toBe(false);
  });

  it('a tab that just logged out is not reloaded before it has forgotten the user', () => {
    expect(sessionDisagrees('out', 'out', true)).toBe(false);
  });

  it('a logout in another tab reloads a tab that still shows the user', () => {
    expect(sessionDisagrees('out', 'in', true)).toBe(true);
  });

  it('a login in another tab reloads a tab that shows a guest', () => {
    expect(sessionDisagrees('in', 'out', false)).toBe(true);
  });

  it('a flag this tab has not written yet (still loading) or that agrees with it reloads nothing', () => {
    expect(sessionDisagrees(null, null, false)).toBe(false);
    expect(sessionDisagrees('in', null, true)).toBe(false);
    expect(sessionDisagrees('in', 'out', true)).toBe(false);
  });
});
