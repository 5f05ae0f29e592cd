import { z } from 'zod';

/**
 * Wire shapes of the affiliate programme (spec §6 "affiliate needs onlineUser plus affiliate setting 1",
 * §7 getAffiliate, getAffiliateInfo, affiliateControl, affiliateRegister, getUserDealers,
 * getDealersFinance, getDealersCoupons, getAffiliateBanner). Decisions: api/AFFILIATE.md.
 *
 * Player site (`/api/v1/affiliate`, an online user — role player or affiliate — of the request's site):
 * - `GET  /affiliate/me` → `AffiliateControl` (affiliateControl, getAffiliate, getAffiliateInfo): is the
 *   programme on, am I an affiliate, my referral code, the path players register through, how many I referred.
 * - `POST /affiliate/apply` → `AffiliateControl` (affiliateRegister): taken in at once, active, with a
 *   new code; asking again answers the account there is.
 * - `GET  /affiliate/users?offset=&limit=` → `ReferredUsers` (getUserDealers), newest first.
 * - `GET  /affiliate/finance?from=&to=&offset=&limit=` → `ReferredFinance` (getDealersFinance): UTC days,
 *   both ends included (default: the last 30 days); per referred player with money in the range and the sums.
 * - `GET  /affiliate/coupons?from=&to=&offset=&limit=` → `ReferredCoupons` (getDealersCoupons), newest first.
 * - `GET  /affiliate/banners` → `AffiliateBanners` (getAffiliateBanner): the site's banners of area
 *   `affiliate`, or the site's logo in the standard sizes when it has none.
 *
 * Back office: `GET /affiliate/accounts?from=&to=&offset=&limit=` → `AffiliateList` (admin, operator, regulator: the
 * site's affiliates, newest first, with how many players each referred and those players' stakes and GGR over
 * the UTC days, default the last 30); `GET /affiliate/accounts/:userId/users?from=&to=&offset=&limit=` →
 * `StaffAffiliateDetail` (the same, one affiliate, and a page of its referred players with theirs);
 * `PUT /affiliate/accounts/:userId/status` with `{ status }` (admin, operator of that site).
 *
 * Refusals: 400 `invalidField|field`; 401 `loginRequired`; 403 `permissionDenied|role`,
 * `affiliateProgrammeClosed` (site setting affiliateStatus off), `affiliatePassive` (banners of a paused
 * affiliate); 404 `affiliateNotFound` (not an affiliate of this site); 409 `affiliateCodeTaken|code`.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (field: string) => z.string().regex(DAY, `invalidField|${field}`).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), `invalidField|${field}`);

export const AffiliatePaging = z.object({
  offset: z.coerce.number(`invalidField|offset`).int(`invalidField|offset`).min(0, `invalidField|offset`).default(0),
  limit: z.coerce.number(`invalidField|limit`).int(`invalidField|limit`).min(1, `invalidField|limit`).max(200, `invalidField|limit`).default(50),
});
export type AffiliatePaging = z.infer<typeof AffiliatePaging>;

export const AffiliateRangeQuery = AffiliatePaging.extend({ from: day('from').optional(), to: day('to').optional() });
export type AffiliateRangeQuery = z.infer<typeof AffiliateRangeQuery>;

export const AffiliateStatus = z.enum(['active', 'passive']);

export const AffiliateAccount = z.object({
  referralCode: z.string().describe('what referred players register with (affiliateUser)'),
  /** `/<lang>/register/<code>`: the client joins it to the address its players use (a brand has several hosts). */
  referralPath: z.string(),
  status: AffiliateStatus,
  since: z.string(),
  referredCount: z.number().int(),
});
export type AffiliateAccount = z.infer<typeof AffiliateAccount>;

export const AffiliateControl = z.object({
  programmeOpen: z.boolean().describe('the site setting affiliateStatus'),
  affiliate: AffiliateAccount.nullable(),
});
export type AffiliateControl = z.infer<typeof AffiliateControl>;

export const ReferredUser = z.object({ userId: z.string(), userName: z.string(), status: z.string().describe('pending | active | passive'), registeredAt: z.string() });
export type ReferredUser = z.infer<typeof ReferredUser>;
export const ReferredUsers = z.object({ users: z.array(ReferredUser), total: z.number().int() });
export type ReferredUsers = z.infer<typeof ReferredUsers>;

const minor = z.number().int().describe('minor units');
export const FinanceFigures = z.object({
  stakes: minor,
  payouts: minor,
  refunds: minor,
  cashouts: minor,
  coupons: z.number().int(),
  deposits: minor,
  withdrawals: minor,
  ggr: minor.describe('stakes − payouts − refunds − cashouts'),
});
export type FinanceFigures = z.infer<typeof FinanceFigures>;
export const ReferredFinanceRow = FinanceFigures.extend({ userId: z.string(), userName: z.string() });
export type ReferredFinanceRow = z.infer<typeof ReferredFinanceRow>;
export const ReferredFinance = z.object({ from: z.string(), to: z.string(), users: z.array(ReferredFinanceRow), total: z.number().int(), totals: FinanceFigures });
export type ReferredFinance = z.infer<typeof ReferredFinance>;

export const ReferredCoupon = z.object({
  couponId: z.string(),
  userName: z.string(),
  couponType: z.string(),
  isLive: z.boolean(),
  stake: minor,
  potentialPayout: minor,
  status: z.number().int().describe('0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold'),
  payout: minor,
  placedAt: z.string(),
});
export type ReferredCoupon = z.infer<typeof ReferredCoupon>;
export const ReferredCoupons = z.object({ from: z.string(), to: z.string(), coupons: z.array(ReferredCoupon), total: z.number().int() });
export type ReferredCoupons = z.infer<typeof ReferredCoupons>;

export const AffiliateBanner = z.object({
  id: z.string(),
  title: z.string(),
  /** An address, or a path on the site (the client makes it absolute). */
  image: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type AffiliateBanner = z.infer<typeof AffiliateBanner>;
export const AffiliateBanners = z.object({ referralPath: z.string(), banners: z.array(AffiliateBanner) });
export type AffiliateBanners = z.infer<typeof AffiliateBanners>;

export const AffiliateStatusParams = z.object({ userId: z.uuid('invalidField|userId') });
export const AffiliateStatusBody = z.object({ status: z.enum(['active', 'passive'], 'invalidField|status') });
export const AffiliateStatusView = z.object({ userId: z.string(), status: AffiliateStatus });

export const AffiliateListRow = z.object({
  userId: z.string(),
  userName: z.string(),
  referralCode: z.string(),
  status: AffiliateStatus,
  registeredAt: z.string(),
  referredCount: z.number().int(),
  /** The referred players' stakes over the list's day range (report read model). */
  stakes: minor,
  ggr: minor.describe("the referred players' stakes − payouts − refunds − cashouts over the range"),
});
export type AffiliateListRow = z.infer<typeof AffiliateListRow>;
/** `from` / `to`: the UTC days (both ends included) the stakes and GGR are summed over. */
export const AffiliateList = z.object({ from: z.string(), to: z.string(), affiliates: z.array(AffiliateListRow), total: z.number().int() });
export type AffiliateList = z.infer<typeof AffiliateList>;

/** Staff: `GET /affiliate/accounts/:userId/users?from=&to=&offset=&limit=` (admin, operator, regulator of that site). */
export const AffiliateAccountParams = AffiliateStatusParams;
export const StaffReferredUser = ReferredUser.extend({ stakes: minor, ggr: minor });
export type StaffReferredUser = z.infer<typeof StaffReferredUser>;
/** One affiliate of the site (with its figures over the range) and a page of the players it referred, newest first. */
export const StaffAffiliateDetail = z.object({ from: z.string(), to: z.string(), affiliate: AffiliateListRow, users: z.array(StaffReferredUser), total: z.number().int() });
export type StaffAffiliateDetail = z.infer<typeof StaffAffiliateDetail>;
