import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';

/**
 * Spec §4: "logout … sets logout flag … Logout flag in storage polled every second; page reloads
 * when login and logout state disagree". The flag is shared by every tab of the site, so a logout
 * (or login) in one tab is followed by the others within a second.
 */
export type SessionFlag = 'in' | 'out';

export const SESSION_POLL_MS = 1000;

/** What this tab wrote last (null until it knows its own state). */
let writtenHere: SessionFlag | null = null;

export function readSessionFlag(): SessionFlag | null {
  const value = readStored<string>(STORAGE_KEYS.session);
  return value === 'in' || value === 'out' ? value : null;
}

/** Tells the other tabs; this tab remembers it wrote it, so its own change never reloads it. */
export function writeSessionFlag(flag: SessionFlag): void {
  writtenHere = flag;
  writeStored(STORAGE_KEYS.session, flag);
}

export function sessionFlagWrittenHere(): SessionFlag | null {
  return writtenHere;
}

/**
 * Whether this tab must reload: another tab changed the flag (it is not what this tab wrote last) to
 * the other state than the one this tab shows. This tab's own login writes 'in' a moment before its
 * user data arrive, which is no reason to reload; a flag left by a session that has since expired is
 * overwritten by the tab's own state when it loads, so it never reloads in a loop.
 */
export function sessionDisagrees(flag: SessionFlag | null, writtenByThisTab: SessionFlag | null, loggedIn: boolean): boolean {
  if (flag === null || flag === writtenByThisTab) return false;
  return (flag === 'in') !== loggedIn;
}
