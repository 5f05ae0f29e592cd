import {
  type CouponContext,
  couponDecider,
  type CouponState,
  couponStream,
  type DomainError,
  isDealerRole,
  isDomainError,
  type OddsBook,
  type PlacedCoupon,
  sellOffer,
} from '@kupon/domain';
import { cancelCoupon, CouponPlacement, couponVisibleTo, payCoupon, sellCoupon, type StandingCoupon } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import { CouponCreated, CouponDetailResponse, CouponIdParams, CouponsResponse, CreateCouponBody, DateRangeQuery, SellCouponBody } from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import { actorOf, requireLogin } from '../plugins/auth';
import { requestMeta, slipRulesOf, couponPolicyOf } from '../payments/money';
import { placementInput } from './placing';
import { lineNamingOver, type CancelCheck, couponView, placedView } from './views';

/** The language coupon lines are worded in (default: the site's). */
const LinesLang = z.enum(['tr', 'en']).optional();

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody };

/** A book with nothing in it: cancelling needs no prices, and an unknown match never blocks a refund. */
const EMPTY_BOOK: OddsBook = { match: () => undefined, quote: () => undefined };

/** Coupons: place, list (`getCoupons`), detail (`getCouponDetail`), sell (`sellCoupon`), cancel (`couponCanceled`), shop payout. */
export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  const placement = new CouponPlacement(services);
  const siteCatalogs = app.siteCatalogs;
  const db = kyselyOver(services.pool);
  const namingFor = lineNamingOver(services.pool);

  const loadUser = async (request: FastifyRequest): Promise<LiveUser> => {
    const actor = actorOf(request);
    const user = await services.accounts.load(actor.userId);
    if (!user || user.status !== 'active') throw new ApiError(403, 'userPassive');
    return user;
  };

  /** The coupon, if the actor may see it: its player, or a dealer above the player, or staff of its site. */
  const visibleCoupon = async (request: FastifyRequest, couponId: string) => {
    const actor = actorOf(request);
    const { state } = await services.commands.load(couponStream(couponId), couponDecider);
    if (state.status === 'empty') throw new ApiError(404, 'couponNotFound');
    if (!(await couponVisibleTo(services.accounts, actor, state.coupon.userId))) throw new ApiError(404, 'couponNotFound');
    return state;
  };

  /** Selling and cancelling go by the policy of the site the request is for (§4 sellType, cancel flag and period). */
  const context = (request: FastifyRequest): CouponContext => ({ odds: services.odds ?? EMPTY_BOOK, rules: slipRulesOf(undefined), availableBalance: null, ...couponPolicyOf(request.site?.settings, services.policy) });
  const cancelCheck = (request: FastifyRequest): CancelCheck => ({ context: context(request), now: services.clock() });
  /** §4 sellType: the site sells, and the coupon is a waiting one-ticket coupon. */
  const sellable = (request: FastifyRequest, state: Exclude<CouponState, { status: 'empty' }>) =>
    state.status === 'waiting' && context(request).sell.enabled && state.coupon.couponType !== 'CK' && state.coupon.couponType !== 'SK';
  /** The coupon as a sell, cancel or payout left it, or the refusal. */
  const answer = async (request: FastifyRequest, after: StandingCoupon | DomainError) => {
    if (isDomainError(after)) throw refusal(after);
    return { coupon: couponView(after, await namingFor(request, [after.coupon]), services.ticketCodes, cancelCheck(request)), sellType: sellable(request, after) };
  };

  app.post(
    '/',
    { preParsing: requireLogin, schema: { tags: ['coupons'], summary: 'createcoupon: price, stake and open a coupon', body: CreateCouponBody, response: { 200: CouponCreated, ...refusals } } },
    async (request) => {
      const user = await loadUser(request);
      const placed = await placement.place(placementInput(services, siteCatalogs, request, user, request.body));
      if (isDomainError(placed)) throw refusal(placed);
      const coupon = placedView(placed.coupon, await namingFor(request, [placed.coupon]), services.ticketCodes, {}, 0, cancelCheck(request));
      return { status: true as const, message: 'ticketCreateSuccess' as const, coupon, balance: placed.balance };
    },
  );

  app.get(
    '/',
    { preParsing: requireLogin, schema: { tags: ['coupons'], summary: 'getCoupons: my coupons, newest first', querystring: DateRangeQuery.extend({ status: z.coerce.number().int().optional(), lang: LinesLang }), response: { 200: CouponsResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { from, to, limit, status } = request.query;
      let query = db.selectFrom('coupons').selectAll().where('user_id', '=', actor.userId);
      if (from) query = query.where('placed_at', '>=', new Date(from));
      if (to) query = query.where('placed_at', '<', new Date(to));
      if (status !== undefined) query = query.where('status', '=', status);
      const rows = await query.orderBy('placed_at', 'desc').limit(limit).execute();
      const naming = await namingFor(request, rows.map((row) => row.coupon as PlacedCoupon));
      const check = cancelCheck(request);
      return {
        coupons: rows.map((row) => ({
          ...placedView(row.coupon as PlacedCoupon, naming, services.ticketCodes, row.results as Record<string, string>, row.status as number, check),
          status: row.status as number,
          income: Number(row.payout),
          paid: row.paid as boolean,
          payDate: row.pay_date ? new Date(row.pay_date as string).toISOString() : null,
        })),
      };
    },
  );

  app.get(
    '/:couponId',
    { preParsing: requireLogin, schema: { tags: ['coupons'], summary: 'getCouponDetail', params: CouponIdParams, querystring: z.object({ lang: LinesLang }), response: { 200: CouponDetailResponse, ...refusals } } },
    async (request) => {
      const state = await visibleCoupon(request, request.params.couponId);
      const sellType = sellable(request, state);
      // The cash-out offer at today's prices, as selling will decide it (none while a leg is unpriced or lost).
      const offer = sellType ? sellOffer(state, context(request)) : null;
      return {
        coupon: couponView(state, await namingFor(request, [state.coupon]), services.ticketCodes, cancelCheck(request)),
        sellType,
        ...(typeof offer === 'number' && offer > 0 ? { sellAmount: offer } : {}),
      };
    },
  );

  app.post(
    '/:couponId/sell',
    { preParsing: requireLogin, schema: { tags: ['coupons'], summary: 'sellCoupon (cash-out) at the offered amount (`sellok`)', params: CouponIdParams, body: SellCouponBody, response: { 200: CouponDetailResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const state = await visibleCoupon(request, request.params.couponId);
      if (state.coupon.userId !== actor.userId && !(isDealerRole(actor.role) && actor.permissions.includes('couponSell'))) throw new ApiError(403, 'sellCouponPermission');
      const now = services.clock();
      const { couponId } = state.coupon;
      const meta = requestMeta(request, request.body.requestId ?? request.id, `sell-${couponId}`, now);
      return answer(request, await sellCoupon(services.commands, { couponId, offered: request.body.sellok, now, meta, context: () => context(request) }));
    },
  );

  app.post(
    '/:couponId/cancel',
    { preParsing: requireLogin, schema: { tags: ['coupons'], summary: 'couponCanceled: cancel a waiting pre-match coupon within the cancel period; the stake is refunded', params: CouponIdParams, response: { 200: CouponDetailResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const state = await visibleCoupon(request, request.params.couponId);
      if (state.coupon.userId !== actor.userId && !actor.permissions.includes('couponCancel')) throw new ApiError(403, 'couponCancelPermission');
      const now = services.clock();
      const { couponId } = state.coupon;
      return answer(request, await cancelCoupon(services.commands, { couponId, now, meta: requestMeta(request, request.id, `cancel-${couponId}`, now), context: () => context(request) }));
    },
  );

  app.post(
    '/:couponId/pay',
    {
      preParsing: requireLogin,
      schema: {
        tags: ['coupons'],
        summary: 'Shop payout: a won shop ticket is paid out at the counter; its payout then lands in the terminal’s wallet (by the terminal itself, or staff up its tree with couponPaymentView)',
        params: CouponIdParams,
        response: { 200: CouponDetailResponse, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await visibleCoupon(request, request.params.couponId);
      const ownTerminal = actor.role === 'terminal' && state.coupon.userId === actor.userId;
      // A read-only role (regulator, partner) may see payments but never make one.
      const staffMayPay = (isDealerRole(actor.role) || actor.role === 'admin' || actor.role === 'operator') && actor.permissions.includes('couponPaymentView');
      if (!ownTerminal && !staffMayPay) throw new ApiError(403, 'permissionDenied', actor.role);
      const now = services.clock();
      const { couponId } = state.coupon;
      return answer(request, await payCoupon(services.commands, { couponId, now, meta: requestMeta(request, request.id, `pay-${couponId}`, now), context: () => context(request) }));
    },
  );
};
