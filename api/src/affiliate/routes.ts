import { randomBytes } from 'node:crypto';
import {
  affiliateCodeDecider,
  affiliateCodeStream,
  affiliateDecider,
  type AffiliateState,
  affiliateStream,
  type Banner,
  referralCodeFrom,
  shownAt,
} from '@kupon/domain';
import { kyselyOver } from '@kupon/eventstore';
import { AffiliateQueries, ContentQueries, type DayRange } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type AffiliateBanner,
  AffiliateBanners,
  AffiliateAccountParams,
  AffiliateControl,
  AffiliateList,
  AffiliatePaging,
  AffiliateRangeQuery,
  AffiliateStatusBody,
  AffiliateStatusParams,
  AffiliateStatusView,
  ReferredCoupons,
  ReferredFinance,
  ReferredUsers,
  StaffAffiliateDetail,
} from '../contract/affiliate';
import { ErrorBody } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import { requestMeta } from '../payments/money';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

registerErrorStatuses({
  affiliateProgrammeClosed: 403,
  affiliatePassive: 403,
  affiliateNotFound: 404,
  affiliateCodeTaken: 409,
});

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
/** Spec §6: online users (player, or an account opened as affiliate). */
const ONLINE = ['player', 'affiliate'] as const;
const DEFAULT_RANGE_DAYS = 30;
const MAX_RANGE_DAYS = 366;
/** The standard ad sizes a site's logo is offered in when staff put no banner in area `affiliate`. */
const LOGO_SIZES = [
  [728, 90],
  [468, 60],
  [300, 250],
  [160, 600],
] as const;
const SIZE_TAG = /^(\d{2,4})x(\d{2,4})$/;
const CODE_ATTEMPTS = 5;
/** Staff who read the site's affiliates; only admin and operator pause or resume one. A dealer never does. */
const STAFF_READERS = ['admin', 'operator', 'regulator'] as const;
const stakesAndGgr = (figures: { stakes: number; ggr: number } | undefined) => ({ stakes: figures?.stakes ?? 0, ggr: figures?.ggr ?? 0 });

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The affiliate programme on the player site (contract/affiliate.ts, api/AFFILIATE.md): the account
 * lives on `affiliate-<userId>` (read straight from its stream, so applying shows at once); the lists
 * come from the affiliate read model joined with the report and coupon read models.
 */
export const affiliateRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  const queries = new AffiliateQueries(kyselyOver(services.pool));
  const content = new ContentQueries(kyselyOver(services.pool));

  const referralPath = (request: FastifyRequest, code: string) => `/${siteOf(request).settings.defaultLang}/register/${code}`;

  const programmeOpen = (request: FastifyRequest) => siteOf(request).settings.affiliateStatus;

  const accountOf = async (request: FastifyRequest): Promise<AffiliateState> => {
    const { state } = await services.commands.load(affiliateStream(actorOf(request).userId), affiliateDecider);
    return state.status !== 'none' && state.siteId === siteOf(request).siteId ? state : { status: 'none' };
  };

  /** The caller's affiliate account on this site with the programme on, or the refusal that says why not. */
  const affiliateOf = async (request: FastifyRequest) => {
    if (!programmeOpen(request)) throw new ApiError(403, 'affiliateProgrammeClosed');
    const state = await accountOf(request);
    if (state.status === 'none') throw new ApiError(404, 'affiliateNotFound');
    return state;
  };

  const control = async (request: FastifyRequest): Promise<AffiliateControl> => {
    const state = await accountOf(request);
    if (state.status === 'none') return { programmeOpen: programmeOpen(request), affiliate: null };
    const { total } = await queries.referredUsers(state.siteId, state.userId, { offset: 0, limit: 1 });
    return {
      programmeOpen: programmeOpen(request),
      affiliate: { referralCode: state.referralCode, referralPath: referralPath(request, state.referralCode), status: state.status, since: state.since, referredCount: total },
    };
  };

  const rangeOf = (query: { from?: string | undefined; to?: string | undefined }): DayRange => {
    const to = query.to ?? dayOf(services.clock());
    const from = query.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
    const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
    if (days < 0 || days >= MAX_RANGE_DAYS) throw new ApiError(400, 'invalidField', 'from');
    return { from, to };
  };

  app.get(
    '/me',
    { preParsing: requireRole(...ONLINE), schema: { tags: ['affiliate'], summary: 'affiliateControl / getAffiliate / getAffiliateInfo: is the programme on, am I an affiliate, my code and link, how many I referred', response: { 200: AffiliateControl, ...refusals } } },
    async (request) => control(request),
  );

  app.post(
    '/apply',
    {
      preParsing: requireRole(...ONLINE),
      schema: { tags: ['affiliate'], summary: 'affiliateRegister: join the affiliate programme (taken in at once with a new referral code; asking again answers the account there is)', body: z.object({}).optional(), response: { 200: AffiliateControl, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      if (!programmeOpen(request)) throw new ApiError(403, 'affiliateProgrammeClosed');
      if ((await accountOf(request)).status !== 'none') return control(request);
      const at = services.clock();
      // Draw a code and hold it on its own stream first: of two affiliates drawing the same code, the store lets one hold it.
      let referralCode: string | null = null;
      for (let attempt = 0; attempt < CODE_ATTEMPTS && !referralCode; attempt++) {
        const candidate = referralCodeFrom(randomBytes(8));
        const held = await services.commands.run(
          affiliateCodeStream(site.siteId, candidate),
          affiliateCodeDecider,
          { type: 'ReserveAffiliateCode', siteId: site.siteId, referralCode: candidate, userId: actor.userId, now: at.toISOString() },
          requestMeta(request, `${request.id}/${candidate}`, 'affiliate-code', at),
        );
        if (held.ok) referralCode = candidate;
        else if (held.error.code !== 'affiliateCodeTaken') throw refusal(held.error);
      }
      if (!referralCode) throw new ApiError(409, 'affiliateCodeTaken', '');
      const outcome = await services.commands.run(
        affiliateStream(actor.userId),
        affiliateDecider,
        { type: 'ApplyForAffiliate', userId: actor.userId, siteId: site.siteId, userName: actor.userName, role: actor.role, referralCode, programmeOpen: true, now: at.toISOString() },
        requestMeta(request, request.id, 'affiliate', at),
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return control(request);
    },
  );

  app.get(
    '/users',
    { preParsing: requireRole(...ONLINE), schema: { tags: ['affiliate'], summary: 'getUserDealers: the players I referred, newest first, a page at a time', querystring: AffiliatePaging, response: { 200: ReferredUsers, ...refusals } } },
    async (request) => {
      const affiliate = await affiliateOf(request);
      const page = await queries.referredUsers(affiliate.siteId, affiliate.userId, request.query);
      return { users: page.rows, total: page.total };
    },
  );

  app.get(
    '/finance',
    {
      preParsing: requireRole(...ONLINE),
      schema: { tags: ['affiliate'], summary: "getDealersFinance: my referred players' stakes, payouts, refunds, cash-outs and GGR over UTC days (both ends included)", querystring: AffiliateRangeQuery, response: { 200: ReferredFinance, ...refusals } },
    },
    async (request) => {
      const affiliate = await affiliateOf(request);
      const range = rangeOf(request.query);
      const page = await queries.finance(affiliate.siteId, affiliate.userId, range, request.query);
      return { ...range, users: page.rows, total: page.total, totals: page.totals };
    },
  );

  app.get(
    '/coupons',
    { preParsing: requireRole(...ONLINE), schema: { tags: ['affiliate'], summary: "getDealersCoupons: my referred players' coupons placed in a range of UTC days, newest first", querystring: AffiliateRangeQuery, response: { 200: ReferredCoupons, ...refusals } } },
    async (request) => {
      const affiliate = await affiliateOf(request);
      const range = rangeOf(request.query);
      const page = await queries.coupons(affiliate.siteId, affiliate.userId, range, request.query);
      return { ...range, coupons: page.rows, total: page.total };
    },
  );

  app.get(
    '/banners',
    { preParsing: requireRole(...ONLINE), schema: { tags: ['affiliate'], summary: 'getAffiliateBanner: banners to put around my referral link', response: { 200: AffiliateBanners, ...refusals } } },
    async (request) => {
      const affiliate = await affiliateOf(request);
      if (affiliate.status === 'passive') throw new ApiError(403, 'affiliatePassive');
      const site = siteOf(request);
      const at = services.clock().toISOString();
      const own = (await content.activeItems<Banner>(site.siteId, 'banner')).filter((banner) => banner.area === 'affiliate' && shownAt(banner, at));
      const banners: AffiliateBanner[] =
        own.length > 0
          ? own.map((banner) => {
              const size = SIZE_TAG.exec(banner.tag);
              return { id: banner.id, title: banner.title, image: banner.image, width: size ? Number(size[1]) : null, height: size ? Number(size[2]) : null };
            })
          : site.settings.logo
            ? LOGO_SIZES.map(([width, height]) => ({ id: `logo-${width}x${height}`, title: site.name, image: site.settings.logo, width, height }))
            : [];
      return { referralPath: referralPath(request, affiliate.referralCode), banners };
    },
  );

  app.get(
    '/accounts',
    {
      preParsing: requireRole(...STAFF_READERS),
      schema: { tags: ['affiliate'], summary: "This site's affiliates, newest first, with how many players each referred and those players' stakes and GGR over UTC days (staff)", querystring: AffiliateRangeQuery, response: { 200: AffiliateList, ...refusals } },
    },
    async (request) => {
      const siteId = siteOf(request).siteId;
      const range = rangeOf(request.query);
      const page = await queries.affiliates(siteId, request.query);
      const money = await queries.figuresByAffiliate(siteId, page.rows.map((row) => row.userId), range);
      return { ...range, affiliates: page.rows.map((row) => ({ ...row, ...stakesAndGgr(money.get(row.userId)) })), total: page.total };
    },
  );

  app.get(
    '/accounts/:userId/users',
    {
      preParsing: requireRole(...STAFF_READERS),
      schema: {
        tags: ['affiliate'],
        summary: "One affiliate of this site with its figures over UTC days, and the players it referred, newest first, each with their stakes and GGR (staff)",
        params: AffiliateAccountParams,
        querystring: AffiliateRangeQuery,
        response: { 200: StaffAffiliateDetail, ...refusals },
      },
    },
    async (request) => {
      const siteId = siteOf(request).siteId;
      const range = rangeOf(request.query);
      const affiliate = await queries.affiliate(siteId, request.params.userId);
      if (!affiliate) throw new ApiError(404, 'affiliateNotFound');
      const page = await queries.referredUsers(siteId, affiliate.userId, request.query);
      const [own, players] = await Promise.all([queries.figuresByAffiliate(siteId, [affiliate.userId], range), queries.figuresByPlayer(siteId, page.rows.map((row) => row.userId), range)]);
      const referredCount = page.total > 0 || request.query.offset === 0 ? page.total : (await queries.referredUsers(siteId, affiliate.userId, { offset: 0, limit: 1 })).total;
      return {
        ...range,
        affiliate: { ...affiliate, referredCount, ...stakesAndGgr(own.get(affiliate.userId)) },
        users: page.rows.map((row) => ({ ...row, ...stakesAndGgr(players.get(row.userId)) })),
        total: page.total,
      };
    },
  );

  app.put(
    '/accounts/:userId/status',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['affiliate'], summary: "Pause or resume an affiliate of this site (admin, operator)", params: AffiliateStatusParams, body: AffiliateStatusBody, response: { 200: AffiliateStatusView, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const stream = affiliateStream(request.params.userId);
      const { state } = await services.commands.load(stream, affiliateDecider);
      if (state.status === 'none' || state.siteId !== site.siteId) throw new ApiError(404, 'affiliateNotFound');
      const at = services.clock();
      const outcome = await services.commands.run(stream, affiliateDecider, { type: 'ChangeAffiliateStatus', status: request.body.status, by: actorOf(request).userId, now: at.toISOString() }, requestMeta(request, request.id, 'affiliate-status', at));
      if (!outcome.ok) throw refusal(outcome.error);
      return { userId: request.params.userId, status: request.body.status };
    },
  );
};
