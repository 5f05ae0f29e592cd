import type { CouponView } from '@kupon/api/contract';

export type CouponLineView = CouponView['lines'][number];

/** A pre-match line on Lions – Tigers, home win at 1.85, not yet settled; a test names what differs. */
export const couponLine = (line: Partial<CouponLineView> = {}): CouponLineView => ({
  selectionId: 's1',
  matchId: 'm1',
  marketId: 'FT_1X2',
  special: '',
  outcomeId: '1',
  odds: 1850,
  isBank: false,
  isLive: false,
  status: null,
  sportId: 1,
  matchDate: null,
  home: 'Lions',
  away: 'Tigers',
  typeName: 'Maç Sonucu',
  outComeName: '1',
  ...line,
});

/** A waiting single (TK) of 10.00 on `couponLine()`; a test names what differs. */
export const couponView = (coupon: Partial<CouponView> = {}): CouponView => ({
  ticketId: 't-1',
  ticketType: 'TK',
  ticketDate: '2026-11-25T18:05:00Z',
  isLive: false,
  totalStake: 1_000,
  maxPay: 1_850,
  bonusPercent: 0,
  totalTickets: 1,
  systemArray: [],
  status: 0,
  income: 0,
  paid: false,
  payDate: null,
  lines: [couponLine()],
  ...coupon,
});
