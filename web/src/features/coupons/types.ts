import type { CouponView } from '@kupon/api/contract';
import { COUPON_STATUS_COLOURS, COUPON_STATUS_CODES, couponStatusName, type CouponColour, type CouponStatusName } from '@kupon/domain';

export type Coupon = CouponView;
export type CouponLine = CouponView['lines'][number];

export function statusOf(code: number): { name: CouponStatusName; colour: CouponColour } {
  const name = couponStatusName(code) ?? 'waiting';
  return { name, colour: COUPON_STATUS_COLOURS[name] };
}

/** A line's colour: open blue, won green, lost red, void orange (the §4 palette). */
export function lineColour(status: string | null): CouponColour {
  if (status === 'won' || status === 'half_won') return 'green';
  if (status === 'lost' || status === 'half_lost') return 'red';
  if (status === 'void') return 'orange';
  return 'blue';
}

/** Spec §4 "Selling offered only when status 0, type not CK/SK, and server sellType on". */
export function canSell(coupon: Coupon, sellType: boolean): boolean {
  return coupon.status === 0 && coupon.ticketType !== 'CK' && coupon.ticketType !== 'SK' && sellType;
}

/**
 * Spec §4 "Cancel offered when status 0 and canceled flag 1; live coupons cannot be cancelled": the
 * server's `cancelable` says whether the site's cancel switch and period still allow it.
 */
export function canCancel(coupon: Pick<Coupon, 'status' | 'isLive' | 'cancelable'>): boolean {
  return coupon.status === 0 && !coupon.isLive && coupon.cancelable === true;
}

export const COUPON_FILTERS = ['all', 'waiting', 'won', 'lost', 'cancelled', 'sold'] as const;
export type CouponFilter = (typeof COUPON_FILTERS)[number];

export function filterCode(filter: CouponFilter): number | undefined {
  return filter === 'all' ? undefined : COUPON_STATUS_CODES[filter];
}

/** A line's bet in words, as the server worded it: "Maç Sonucu (Normal Süre) (2.5): Ev Sahibi". */
export function lineBet(line: Pick<CouponLine, 'typeName' | 'special' | 'outComeName'>): string {
  return `${line.typeName}${line.special ? ` (${line.special})` : ''}: ${line.outComeName}`;
}

/** "Home - Away" as the catalog names the match, else its id (a match the catalog never listed). */
export function lineMatch(line: Pick<CouponLine, 'matchId' | 'home' | 'away'>): string {
  return line.home !== null && line.away !== null ? `${line.home} - ${line.away}` : line.matchId;
}
