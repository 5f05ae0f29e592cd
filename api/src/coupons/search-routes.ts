import { STAFF_ROLES } from '@kupon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import { COUPON_STATUS_CODES, type CouponSearchRow, CouponSearchQuery, CouponSearchResult, type CouponStatusName } from '../contract/match-results';
import { actorOf, requireRole } from '../plugins/auth';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const SITE_WIDE = new Set(['admin', 'operator', 'partner', 'regulator']);
const STATUS_NAMES = new Map(Object.entries(COUPON_STATUS_CODES).map(([name, code]) => [code as number, name as CouponStatusName]));

/**
 * The back office's coupon search over the coupons read model: every coupon of my site (site-wide
 * staff) or of my subtree (a dealer), by player, status, placing time and match, newest first, paged
 * on the server. The detail, cancel and pay stay on `/coupons/:couponId`.
 */
export const couponSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.identity;
  app.addHook('preParsing', requireRole(...STAFF_ROLES));

  app.get(
    '/',
    { schema: { tags: ['coupons'], summary: 'Coupons of my site or subtree by player, status, date range and match; paged', querystring: CouponSearchQuery, response: { 200: CouponSearchResult, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { userName, userId, status, from, to, matchId, limit, offset } = request.query;
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      const where = [`u.site_id = ${param(actor.siteId)}`];
      if (!SITE_WIDE.has(actor.role)) where.push(`${param(actor.userId)} = any(u.ancestors)`);
      if (userId) where.push(`u.user_id = ${param(userId)}::uuid`);
      if (userName?.trim()) where.push(`lower(u.user_name) like ${param(`${userName.trim().toLowerCase()}%`)}`);
      if (status) where.push(`c.status = ${param(COUPON_STATUS_CODES[status])}`);
      if (from) where.push(`c.placed_at >= ${param(from)}::timestamptz`);
      if (to) where.push(`c.placed_at < ${param(to)}::timestamptz`);
      if (matchId) where.push(`c.coupon->'selections' @> jsonb_build_array(jsonb_build_object('matchId', ${param(matchId)}::text))`);
      const { rows } = await pool.query<Record<string, unknown>>(
        `select c.coupon_id, c.user_id, u.user_name, c.coupon_type, c.is_live, c.total_stake::text as total_stake, c.potential_payout::text as potential_payout,
                c.status, c.payout::text as payout, c.paid, jsonb_array_length(c.coupon->'selections') as selections, c.placed_at, c.updated_at, count(*) over () as total
           from coupons c join users u on u.user_id::text = c.user_id
          where ${where.join(' and ')}
          order by c.placed_at desc, c.coupon_id limit ${limit} offset ${offset}`,
        params,
      );
      return { coupons: rows.map(searchRow), total: Number(rows[0]?.total ?? 0), limit, offset };
    },
  );
};

function searchRow(row: Record<string, unknown>): CouponSearchRow {
  return {
    couponId: String(row.coupon_id),
    userId: String(row.user_id),
    userName: String(row.user_name),
    couponType: String(row.coupon_type),
    isLive: Boolean(row.is_live),
    stake: Number(row.total_stake),
    potentialPayout: Number(row.potential_payout),
    status: STATUS_NAMES.get(Number(row.status)) ?? 'waiting',
    payout: Number(row.payout),
    paid: Boolean(row.paid),
    selections: Number(row.selections),
    placedAt: new Date(row.placed_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}
