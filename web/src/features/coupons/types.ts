import type { CouponView } from '@kupon/api/contract';
import { COUPON_STATUS_COLOURS, COUPON_STATUS_CODES, couponStatusName, type CouponColour, type CouponStatusName, isMarketCode, type Lang, marketName, outcomeName } from '@kupon/domain';

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

/** Spec §4 "Cancel offered when status 0 …; live coupons cannot be cancelled" (the server checks the period). */
export function canCancel(coupon: Coupon): boolean {
  return coupon.status === 0 && !coupon.isLive;
}

export const COUPON_FILTERS = ['all', 'waiting', 'won', 'lost', 'cancelled', 'sold'] as const;
export type CouponFilter = (typeof COUPON_FILTERS)[number];

export function filterCode(filter: CouponFilter): number | undefined {
  return filter === 'all' ? undefined : COUPON_STATUS_CODES[filter];
}

/** A line's bet in words: "Maç Sonucu (2.5): 1" from the market catalogue; codes it does not know stay as they are. */
export function lineBet(line: Pick<CouponLine, 'marketId' | 'special' | 'outcomeId'>, lang: string): string {
  const language: Lang = lang === 'en' ? 'en' : 'tr';
  const code = line.marketId;
  const market = isMarketCode(code) ? marketName(code, language) : code;
  let outcome = line.outcomeId;
  if (isMarketCode(code)) {
    try {
      outcome = outcomeName(code, line.outcomeId, language);
    } catch {
      // an outcome the catalogue does not name: its code
    }
  }
  return `${market}${line.special ? ` (${line.special})` : ''}: ${outcome}`;
}

/** "Home - Away" when the catalog named the match, else its id. */
export function lineMatch(matchId: string, names: Readonly<Record<string, { home: string; away: string }>>): string {
  const named = names[matchId];
  return named ? `${named.home} - ${named.away}` : matchId;
}
