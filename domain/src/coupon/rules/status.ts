/**
 * Coupon statuses of spec §4: 0 waiting (blue), 1 won (green), -1 lost (red), -2 cancel (orange),
 * 2 sold (blue). "Paid" is a separate flag.
 */
export type CouponStatusName = 'waiting' | 'won' | 'lost' | 'cancelled' | 'sold';
export type CouponStatusCode = 0 | 1 | -1 | -2 | 2;
export type CouponColour = 'blue' | 'green' | 'red' | 'orange';

export const COUPON_STATUS_CODES: Readonly<Record<CouponStatusName, CouponStatusCode>> = {
  waiting: 0,
  won: 1,
  lost: -1,
  cancelled: -2,
  sold: 2,
};

export const COUPON_STATUS_COLOURS: Readonly<Record<CouponStatusName, CouponColour>> = {
  waiting: 'blue',
  won: 'green',
  lost: 'red',
  cancelled: 'orange',
  sold: 'blue',
};

const NAMES_BY_CODE = new Map<number, CouponStatusName>(
  (Object.entries(COUPON_STATUS_CODES) as [CouponStatusName, CouponStatusCode][]).map(([name, code]) => [code, name]),
);

export function couponStatusName(code: number): CouponStatusName | undefined {
  return NAMES_BY_CODE.get(code);
}
