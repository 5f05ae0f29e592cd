import { couponDecider, type CouponState, couponStream } from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseTicketCode } from '../coupons/ticket-code';
import { ErrorBody } from '../contract/identity';
import { CounterTicketResponse, TicketCheckResponse, TicketCodeParams } from '../contract/ticket-check';
import { ApiError } from '../http/api-error';
import type { AttemptThrottle } from '../identity/throttle';
import type { MoneyServices } from '../payments/money';
import { actorOf, requireLogin } from '../plugins/auth';
import type { RateLimits } from '../plugins/security';
import { siteOf } from '../plugins/site';
import { couponVisibleTo } from '@kupon/commands';
import { couponView, lineNamingOver } from '../coupons/views';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody, 503: ErrorBody };
const LinesQuery = z.object({ lang: z.enum(['tr', 'en']).optional() });

/** A logged-in counter scans many slips an hour; still bounded, though it can only ever find its own. */
const COUNTER_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/**
 * Checking a coupon by the code on its slip (api/TICKET-CHECK.md): `pinSearch (code)` for anyone,
 * guests included, and `ticketCheckTerminal` for the counter, which then pays out through the shop
 * payout route `POST /coupons/:couponId/pay`, unchanged.
 */
export const ticketCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: MoneyServices & { readonly rateLimits: RateLimits; readonly throttle: AttemptThrottle } = { ...app.money, rateLimits: app.identity.rateLimits, throttle: app.identity.throttle };
  const namingFor = lineNamingOver(services.pool);
  if (!services.ticketKeyShared) app.log.warn('no ticket key given (KUPON_TICKET_SECRET or server_keys): the check codes on slips change when this process restarts');

  /**
   * The coupon of this site a code names, as the coupon stream has it now; 404 couponNotFound otherwise.
   * Per ticket, besides the per-address limit (docs/decisions/0004): a guesser aims at one ticket, so
   * codes whose key part fails count against the ticket part (the locator) they name, from whatever
   * address; while it is locked, no code of it is looked at (429 `tooManyAttempts|<seconds>`).
   */
  const couponByCode = async (request: FastifyRequest, input: string): Promise<Exclude<CouponState, { status: 'empty' }>> => {
    const site = siteOf(request);
    const code = parseTicketCode(input);
    if (!code) throw new ApiError(404, 'couponNotFound');
    const throttleKey = `${site.siteId}:${code.locator}`;
    const lockedFor = await services.throttle.lockedFor('ticketCheck', throttleKey, services.clock());
    if (lockedFor > 0) throw new ApiError(429, 'tooManyAttempts', lockedFor);
    // Coupon ids are lowercase uuids, all of one shape, so this range is exactly the ids starting with
    // the locator, read off the primary key whatever the database's collation.
    const { rows } = await services.pool.query<{ coupon_id: string }>(
      `select c.coupon_id from coupons c join users u on u.user_id::text = c.user_id
        where c.coupon_id >= $1 and c.coupon_id <= $2 and u.site_id = $3`,
      [`${code.locator}0-0000-0000-0000-000000000000`, `${code.locator}f-ffff-ffff-ffff-ffffffffffff`, site.siteId],
    );
    const couponId = rows.map((row) => row.coupon_id).find((id) => services.ticketCodes.matches(id, code));
    if (!couponId) {
      await services.throttle.failed('ticketCheck', throttleKey, services.clock());
      throw new ApiError(404, 'couponNotFound');
    }
    const { state } = await services.commands.load(couponStream(couponId), couponDecider);
    if (state.status === 'empty') throw new ApiError(404, 'couponNotFound');
    return state;
  };

  app.get(
    '/:code',
    {
      config: { rateLimit: services.rateLimits.login },
      schema: {
        tags: ['coupons'],
        summary: 'pinSearch: a coupon of this site by the check code on its slip; anyone may ask, the owner is not shown',
        params: TicketCodeParams,
        querystring: LinesQuery,
        response: { 200: TicketCheckResponse, ...refusals },
      },
    },
    async (request) => {
      const state = await couponByCode(request, request.params.code);
      const { ticketId: _private, ...coupon } = couponView(state, await namingFor(request, [state.coupon]), services.ticketCodes);
      return { coupon: { ...coupon, checkCode: services.ticketCodes.codeOf(state.coupon.couponId), shopTicket: state.coupon.channel === 'shop' } };
    },
  );

  app.get(
    '/:code/counter',
    {
      preParsing: requireLogin,
      config: { rateLimit: COUNTER_RATE_LIMIT },
      schema: {
        tags: ['coupons'],
        summary: 'ticketCheckTerminal: a ticket by its code for its terminal, a dealer above it or site staff, with its id and whether it is to be paid out now (POST /coupons/:ticketId/pay)',
        params: TicketCodeParams,
        querystring: LinesQuery,
        response: { 200: CounterTicketResponse, ...refusals },
      },
    },
    async (request) => {
      const state = await couponByCode(request, request.params.code);
      // Another counter's ticket is not found, not forbidden: the code says nothing about who sold it.
      if (!(await couponVisibleTo(services.accounts, actorOf(request), state.coupon.userId))) throw new ApiError(404, 'couponNotFound');
      const coupon = couponView(state, await namingFor(request, [state.coupon]), services.ticketCodes);
      const payable = state.status === 'won' && state.coupon.channel === 'shop' && state.paidAt === null;
      return { coupon: { ...coupon, checkCode: services.ticketCodes.codeOf(state.coupon.couponId), shopTicket: state.coupon.channel === 'shop' }, payable };
    },
  );
};
