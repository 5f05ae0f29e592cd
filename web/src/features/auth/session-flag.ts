import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';

/**
 * Spec §4: "logout … sets logout flag … Logout flag in storage polled every second; page reloads
 * when login and logout state disagree". The flag is shared by every tab of the site, so a logout
 * (or login) in one tab is followed by the others within a second.
 */
export type SessionFlag = 'in' | 'out';

export const SESSION_POLL_MS = 1000;

export function readSessionFlag(): SessionFlag | null {
  const value = readStored<string>(STORAGE_KEYS.session);
  return value === 'in' || value === 'out' ? value : null;
}

export function writeSessionFlag(flag: SessionFlag): void {
  writeStored(STORAGE_KEYS.session, flag);
}

/** Whether this tab must reload: the stored flag says the other state than the one it shows. */
export function sessionDisagrees(flag: SessionFlag | null, loggedIn: boolean): boolean {
  if (flag === null) return false;
  return (flag === 'in') !== loggedIn;
}
