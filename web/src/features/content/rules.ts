import type { PublicPopup } from '@kupon/api/contract';

/**
 * Spec §3 "Popup alert: title, content, type (2 or 0 shown), type2 (0 = Home only), autoClose".
 * A popup the player closed stays closed for the rest of the browser session (sessionStorage): a
 * reload or another page does not bring it back, a new visit does.
 */
export function popupsToShow(popups: readonly PublicPopup[], { onHome, dismissed }: { onHome: boolean; dismissed: ReadonlySet<string> }): PublicPopup[] {
  return popups.filter((p) => (p.type === 0 || p.type === 2) && (p.type2 !== 0 || onHome) && !dismissed.has(p.id));
}

/** autoClose is in seconds; 0 means the player closes it. */
export function autoCloseMs(popup: Pick<PublicPopup, 'autoClose'>): number | null {
  return popup.autoClose > 0 ? popup.autoClose * 1000 : null;
}

export const DISMISSED_POPUPS_KEY = 'kupon.popups-dismissed';

export function readDismissedPopups(): Set<string> {
  try {
    const raw = globalThis.sessionStorage?.getItem(DISMISSED_POPUPS_KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

export function rememberDismissedPopup(id: string): Set<string> {
  const ids = readDismissedPopups();
  ids.add(id);
  try {
    globalThis.sessionStorage?.setItem(DISMISSED_POPUPS_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage disabled: the popup stays closed until the page reloads.
  }
  return ids;
}

/**
 * Spec §2 "Bonus request: not requested to sent (disabled) while status not 1 or 2": a waiting
 * request (status 0) shows as sent and cannot be asked again; never requested, confirmed or
 * canceled can be asked (the server refuses a one-use bonus already confirmed).
 */
export type BonusState = 'available' | 'waiting' | 'confirmed' | 'canceled';

export function bonusState(bonus: { readonly status: 0 | 1 | 2 | null; readonly requestedExists: boolean }): BonusState {
  if (bonus.status === 0 || (bonus.status === null && bonus.requestedExists)) return 'waiting';
  if (bonus.status === 1) return 'confirmed';
  if (bonus.status === 2) return 'canceled';
  return 'available';
}

/** Whether the request button is on: not while one waits, and never again for a one-use bonus once confirmed. */
export function canRequestBonus(bonus: { readonly status: 0 | 1 | 2 | null; readonly requestedExists: boolean; readonly oneUse: boolean }): boolean {
  const state = bonusState(bonus);
  if (state === 'waiting') return false;
  return !(state === 'confirmed' && bonus.oneUse);
}

/** Spec §4/§9 "Push alerts rotate every 10 s". */
export const ALERT_ROTATION_MS = 10_000;

/**
 * What the push-alert box does next with the alert on screen, which has been shown `onScreenMs` so
 * far: move on to the next alert after the 10 s rotation, or close it (for the session) when its
 * `autoClose` seconds run out first; null: it stays until the player acts (the only alert, no autoClose).
 */
export function alertStep(popup: Pick<PublicPopup, 'autoClose'>, onScreenMs: number, alertCount: number): { ms: number; then: 'next' | 'close' } | null {
  const closeAt = autoCloseMs(popup);
  const left = closeAt === null ? null : Math.max(0, closeAt - onScreenMs);
  if (alertCount > 1 && (left === null || left > ALERT_ROTATION_MS)) return { ms: ALERT_ROTATION_MS, then: 'next' };
  return left === null ? null : { ms: left, then: 'close' };
}
