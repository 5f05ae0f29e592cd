/** localStorage that never throws (private mode, quota, a value another version wrote). */
export function readStored<T>(key: string): T | null {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the app keeps working without persistence.
  }
}

export function removeStored(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // see writeStored
  }
}

export const STORAGE_KEYS = {
  language: 'kupon.lang',
  settings: 'kupon.settings',
  session: 'kupon.session',
  betslip: 'kupon.betslip',
  lookalikeDismissed: 'kupon.lookalike-dismissed',
} as const;
