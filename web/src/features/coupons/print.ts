import type { PrintSlip, SlipKind } from '@/stores/print-store';
import type { PlayerInfo } from '@/features/auth/types';
import type { SiteSettings } from '@/features/site/types';
import { type Coupon, lineBet, lineMatch } from './types';

/** What the print area prints for a coupon: the slip kind, the coupon, its lines' matches and bets in words. */
export function slipOf(kind: SlipKind, coupon: Coupon, amount?: number): PrintSlip {
  return {
    kind,
    coupon,
    ...(amount !== undefined ? { amount } : {}),
    matches: Object.fromEntries(coupon.lines.map((line) => [line.matchId, lineMatch(line)])),
    bets: Object.fromEntries(coupon.lines.map((line) => [line.selectionId, lineBet(line)])),
  };
}

/**
 * §3 auto_print: a coupon placed by a shop user (a terminal: its coupons are shop coupons) prints at
 * once when the site says so; the user's own §7 autoprint choice, when the user info carries it,
 * decides instead. Everyone else prints by hand from the coupon detail.
 */
export function printsOnPlacement(settings: Pick<SiteSettings, 'auto_print'>, user: Pick<PlayerInfo, 'role' | 'autoprint'> | null): boolean {
  if (!user) return false;
  if (typeof user.autoprint === 'boolean') return user.autoprint;
  return user.role === 'terminal' && settings.auto_print === 1;
}
