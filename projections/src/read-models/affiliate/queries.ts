import { type Kysely, sql } from 'kysely';
import type { ReportTables } from '../reports/tables';
import type { CouponTables } from '../wallet/coupons';
import type { AffiliateTables } from './affiliate';

type Db = AffiliateTables & Pick<ReportTables, 'report_account_daily'> & CouponTables;

export interface Paging {
  readonly offset: number;
  readonly limit: number;
}

/** `yyyy-mm-dd` UTC days, both ends included (the report read model keeps money by UTC day). */
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

export interface AffiliateRow {
  readonly userId: string;
  readonly userName: string;
  readonly referralCode: string;
  readonly status: 'active' | 'passive';
  readonly registeredAt: string;
}

export interface ReferredUserRow {
  readonly userId: string;
  readonly userName: string;
  readonly status: string;
  readonly registeredAt: string;
}

/** Sums in minor units; `ggr` = stakes − payouts − refunds − cashouts (what the house kept). */
export interface FinanceFigures {
  readonly stakes: number;
  readonly payouts: number;
  readonly refunds: number;
  readonly cashouts: number;
  readonly coupons: number;
  readonly deposits: number;
  readonly withdrawals: number;
  readonly ggr: number;
}

export interface FinanceRow extends FinanceFigures {
  readonly userId: string;
  readonly userName: string;
}

export interface ReferredCouponRow {
  readonly couponId: string;
  readonly userName: string;
  readonly couponType: string;
  readonly isLive: boolean;
  readonly stake: number;
  readonly potentialPayout: number;
  /** Spec §4: 0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold. */
  readonly status: number;
  readonly payout: number;
  readonly placedAt: string;
}

const TOTAL = sql<string>`count(*) over ()`.as('total_count');
const iso = (value: Date | string) => new Date(value).toISOString();
// pg answers int8 and sums of it as strings: money stays below 2^53 minor units, so a number is exact.
const num = (value: string | number | null | undefined) => Number(value ?? 0);

const sumOf = (column: 'stakes' | 'payouts' | 'refunds' | 'cashouts' | 'coupons' | 'deposits' | 'withdrawals') => sql<string>`coalesce(sum(d.${sql.ref(column)}), 0)`.as(column);
/** The money columns of `report_account_daily as d`, summed. */
const SUMS = [sumOf('stakes'), sumOf('payouts'), sumOf('refunds'), sumOf('cashouts'), sumOf('coupons'), sumOf('deposits'), sumOf('withdrawals')] as const;

/** The day after `day` (yyyy-mm-dd), for a half-open time range. */
function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

function figures(row: { stakes: string; payouts: string; refunds: string; cashouts: string; coupons: string; deposits: string; withdrawals: string }): FinanceFigures {
  const stakes = num(row.stakes);
  const payouts = num(row.payouts);
  const refunds = num(row.refunds);
  const cashouts = num(row.cashouts);
  return { stakes, payouts, refunds, cashouts, coupons: num(row.coupons), deposits: num(row.deposits), withdrawals: num(row.withdrawals), ggr: stakes - payouts - refunds - cashouts };
}

/**
 * Reads for one affiliate: every one names the site and the affiliate, and a referred player is one
 * who registered on that site with the affiliate's code after the code existed, so no affiliate ever
 * sees another's players, nor a site another's.
 */
export class AffiliateQueries {
  constructor(private readonly db: Kysely<Db>) {}

  async affiliate(siteId: string, userId: string): Promise<AffiliateRow | null> {
    const row = await this.db.selectFrom('affiliates').selectAll().where('site_id', '=', siteId).where('user_id', '=', userId).executeTakeFirst();
    return row ? { userId: row.user_id, userName: row.user_name, referralCode: row.referral_code, status: row.status as AffiliateRow['status'], registeredAt: iso(row.registered_at) } : null;
  }

  /** The site's affiliates for staff, newest first, each with how many players they referred. */
  async affiliates(siteId: string, page: Paging): Promise<{ rows: (AffiliateRow & { referredCount: number })[]; total: number }> {
    const rows = await this.db
      .selectFrom('affiliates as a')
      .selectAll('a')
      .select([
        (eb) =>
          eb
            .selectFrom('affiliate_referrals as r')
            .select(sql<string>`count(*)`.as('n'))
            .whereRef('r.site_id', '=', 'a.site_id')
            .whereRef('r.referral_code', '=', 'a.referral_code')
            .whereRef('r.registered_at', '>=', 'a.registered_at')
            .as('referred_count'),
        TOTAL,
      ])
      .where('a.site_id', '=', siteId)
      .orderBy('a.registered_at', 'desc')
      .orderBy('a.user_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const total = rows[0] ? num(rows[0].total_count) : page.offset === 0 ? 0 : num((await this.db.selectFrom('affiliates').select(sql<string>`count(*)`.as('n')).where('site_id', '=', siteId).executeTakeFirst())?.n);
    return {
      rows: rows.map((row) => ({ userId: row.user_id, userName: row.user_name, referralCode: row.referral_code, status: row.status as AffiliateRow['status'], registeredAt: iso(row.registered_at), referredCount: num(row.referred_count) })),
      total,
    };
  }

  private referred(siteId: string, affiliateId: string) {
    return this.db
      .selectFrom('affiliate_referrals as r')
      .innerJoin('affiliates as a', (join) => join.onRef('a.site_id', '=', 'r.site_id').onRef('a.referral_code', '=', 'r.referral_code'))
      .where('a.site_id', '=', siteId)
      .where('a.user_id', '=', affiliateId)
      .whereRef('r.registered_at', '>=', 'a.registered_at');
  }

  async referredUsers(siteId: string, affiliateId: string, page: Paging): Promise<{ rows: ReferredUserRow[]; total: number }> {
    const rows = await this.referred(siteId, affiliateId)
      .select(['r.user_id', 'r.user_name', 'r.status', 'r.registered_at', TOTAL])
      .orderBy('r.registered_at', 'desc')
      .orderBy('r.user_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const total = rows[0] ? num(rows[0].total_count) : page.offset === 0 ? 0 : await this.countReferred(siteId, affiliateId);
    return { rows: rows.map((row) => ({ userId: row.user_id, userName: row.user_name, status: row.status, registeredAt: iso(row.registered_at) })), total };
  }

  private async countReferred(siteId: string, affiliateId: string): Promise<number> {
    const row = await this.referred(siteId, affiliateId).select(sql<string>`count(*)`.as('n')).executeTakeFirst();
    return num(row?.n);
  }

  /** Per referred player with money in the range (a page of them, biggest stakes first) and the sums over all of them. */
  async finance(siteId: string, affiliateId: string, range: DayRange, page: Paging): Promise<{ rows: FinanceRow[]; total: number; totals: FinanceFigures }> {
    const sum = (column: 'stakes' | 'payouts' | 'refunds' | 'cashouts' | 'coupons' | 'deposits' | 'withdrawals') => sql<string>`coalesce(sum(d.${sql.ref(column)}), 0)`.as(column);
    const perUser = this.referred(siteId, affiliateId)
      .innerJoin('report_account_daily as d', (join) => join.onRef('d.account_id', '=', 'r.user_id').onRef('d.site_id', '=', 'r.site_id'))
      .where('d.day', '>=', range.from)
      .where('d.day', '<=', range.to)
      .groupBy(['r.user_id', 'r.user_name'])
      .select(['r.user_id', 'r.user_name', sum('stakes'), sum('payouts'), sum('refunds'), sum('cashouts'), sum('coupons'), sum('deposits'), sum('withdrawals')]);
    // One statement: the page, how many players it is cut from and the sums over every one of them.
    const rows = await this.db
      .with('per_user', () => perUser)
      .selectFrom('per_user as p')
      .selectAll('p')
      .select([
        TOTAL,
        ...(['stakes', 'payouts', 'refunds', 'cashouts', 'coupons', 'deposits', 'withdrawals'] as const).map((column) => sql<string>`sum(p.${sql.ref(column)}) over ()`.as(`all_${column}`)),
      ])
      .orderBy('p.stakes', 'desc')
      .orderBy('p.user_name')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const first = rows[0] as (typeof rows)[number] & Record<string, string>;
    const totals = first
      ? figures({ stakes: first.all_stakes!, payouts: first.all_payouts!, refunds: first.all_refunds!, cashouts: first.all_cashouts!, coupons: first.all_coupons!, deposits: first.all_deposits!, withdrawals: first.all_withdrawals! })
      : page.offset === 0
        ? figures({ stakes: '0', payouts: '0', refunds: '0', cashouts: '0', coupons: '0', deposits: '0', withdrawals: '0' })
        : (await this.finance(siteId, affiliateId, range, { offset: 0, limit: 1 })).totals;
    const total = first ? num(first.total_count) : page.offset === 0 ? 0 : (await this.finance(siteId, affiliateId, range, { offset: 0, limit: 1 })).total;
    return { rows: rows.map((row) => ({ userId: row.user_id, userName: row.user_name, ...figures(row) })), total, totals };
  }

  /**
   * Staff: stakes, payouts, refunds, cash-outs and GGR over the range of the players each of these
   * affiliates (of the site) referred, keyed by the affiliate's user id; one grouped statement for a page
   * of affiliates. An affiliate whose players moved no money is absent (all zero).
   */
  async figuresByAffiliate(siteId: string, affiliateIds: readonly string[], range: DayRange): Promise<Map<string, FinanceFigures>> {
    if (affiliateIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('affiliates as a')
      .innerJoin('affiliate_referrals as r', (join) => join.onRef('r.site_id', '=', 'a.site_id').onRef('r.referral_code', '=', 'a.referral_code'))
      .innerJoin('report_account_daily as d', (join) => join.onRef('d.account_id', '=', 'r.user_id').onRef('d.site_id', '=', 'r.site_id'))
      .where('a.site_id', '=', siteId)
      .where('a.user_id', 'in', [...affiliateIds])
      .whereRef('r.registered_at', '>=', 'a.registered_at')
      .where('d.day', '>=', range.from)
      .where('d.day', '<=', range.to)
      .groupBy('a.user_id')
      .select(['a.user_id', ...SUMS])
      .execute();
    return new Map(rows.map((row) => [row.user_id, figures(row)]));
  }

  /** Staff: the same figures per referred player, for a page of the affiliate's players (absent = no money in the range). */
  async figuresByPlayer(siteId: string, playerIds: readonly string[], range: DayRange): Promise<Map<string, FinanceFigures>> {
    if (playerIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('report_account_daily as d')
      .where('d.site_id', '=', siteId)
      .where('d.account_id', 'in', [...playerIds])
      .where('d.day', '>=', range.from)
      .where('d.day', '<=', range.to)
      .groupBy('d.account_id')
      .select(['d.account_id', ...SUMS])
      .execute();
    return new Map(rows.map((row) => [row.account_id, figures(row)]));
  }

  /** The referred players' coupons placed in the range, newest first. */
  async coupons(siteId: string, affiliateId: string, range: DayRange, page: Paging): Promise<{ rows: ReferredCouponRow[]; total: number }> {
    const base = this.referred(siteId, affiliateId)
      .innerJoin('coupons as c', 'c.user_id', 'r.user_id')
      .where('c.placed_at', '>=', new Date(`${range.from}T00:00:00.000Z`) as never)
      .where('c.placed_at', '<', new Date(`${nextDay(range.to)}T00:00:00.000Z`) as never);
    const rows = await base
      .select(['c.coupon_id', 'r.user_name', 'c.coupon_type', 'c.is_live', 'c.total_stake', 'c.potential_payout', 'c.status', 'c.payout', 'c.placed_at', TOTAL])
      .orderBy('c.placed_at', 'desc')
      .orderBy('c.coupon_id')
      .offset(page.offset)
      .limit(page.limit)
      .execute();
    const total = rows[0] ? num(rows[0].total_count) : page.offset === 0 ? 0 : num((await base.select(sql<string>`count(*)`.as('n')).executeTakeFirst())?.n);
    return {
      rows: rows.map((row) => ({
        couponId: row.coupon_id,
        userName: row.user_name,
        couponType: row.coupon_type,
        isLive: row.is_live,
        stake: num(row.total_stake),
        potentialPayout: num(row.potential_payout),
        status: row.status,
        payout: num(row.payout),
        placedAt: iso(row.placed_at),
      })),
      total,
    };
  }
}
