import {
  type CouponCommand,
  type CouponContext,
  couponDecider,
  couponOpeningDecider,
  type CouponStaked,
  type CouponState,
  couponStream,
  type DomainError,
  domainError,
  isDealerRole,
  isDomainError,
  type Lang,
  NO_SITE_STAKE_LIMITS,
  type OddsBook,
  outcomeKey,
  type PlacedCoupon,
  type PlacedSelection,
  type SiteCatalogView,
  sellOffer,
  settlementOf,
  type OutcomeResult,
  walletStream,
} from '@kupon/domain';
import { betNames, CatalogQueries, type CommandMeta, COUPON_OPENING, derivedId, kyselyOver } from '@kupon/projections';
import type { SqlPool } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import { CouponCreated, CouponDetailResponse, CouponIdParams, CouponsResponse, type CouponView, CreateCouponBody, DateRangeQuery, SellCouponBody } from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import { actorOf, type RequestActor, requireLogin } from '../plugins/auth';
import { acceptHeldSelections, holdLiveSelections } from '../live/acceptance';
import { LiveOddsBook } from '../live/odds-book';
import { SiteCatalogs, siteOddsBook } from '../live/site-catalogs';
import type { TicketCodes } from '../coupons/ticket-code';
import { type MoneyServices, requestMeta, slipRulesOf, Wallets, currencyOf, couponPolicyOf } from '../payments/money';
import { lineResultsOver } from '../coupons/line-results';

/** The language coupon lines are worded in (default: the site's). */
const LinesLang = z.enum(['tr', 'en']).optional();

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 503: ErrorBody };

/** A book with nothing in it: cancelling needs no prices, and an unknown match never blocks a refund. */
const EMPTY_BOOK: OddsBook = { match: () => undefined, quote: () => undefined };

type CreateCoupon = z.output<typeof CreateCouponBody>;

/**
 * Placing a coupon (spec §7 `createcoupon`): priced by the coupon decider (`priceCoupon`) against the
 * live odds book, staked on the player's wallet (`CouponStaked` carries the whole accepted coupon; the
 * wallet decider checks the balance), then the coupon stream is opened from it. The coupon id and
 * every event id derive from the client request id: a repeated request stakes nothing new and gets
 * the first answer. If the process dies between the two appends, the coupon-opening reactor opens
 * the coupon stream with the very same event id.
 */
export class CouponPlacement {
  private readonly wallets: Wallets;

  /** The site's catalog settings: its prices, what it offers, its live delays. */
  private readonly siteCatalogs: SiteCatalogs;

  constructor(private readonly services: MoneyServices) {
    this.wallets = new Wallets(services);
    this.siteCatalogs = SiteCatalogs.shared(services.pool);
  }

  async place(request: FastifyRequest, user: LiveUser, body: CreateCoupon): Promise<{ coupon: PlacedCoupon; balance: number } | DomainError> {
    const { services } = this;
    const now = services.clock();
    const site = request.site;
    const wallet = await this.wallets.ensureOpen(user, currencyOf(user, site?.settings.defaultCurrency), { fresh: false });
    if (wallet.references.has(body.requestId)) return this.firstAnswer(user.userId, body.requestId);
    if (!services.odds) throw new ApiError(503, 'oddsUnavailable');
    const couponId = derivedId('coupon', user.userId, body.requestId);
    // The site's own bonus (§3 bonusCoupon) and sell/cancel policy: what the betslip showed is what is paid.
    const context: CouponContext = { odds: siteOddsBook(services.odds, await this.siteCatalogs.of(site?.siteId)), rules: slipRulesOf(user.limits, site?.settings), availableBalance: null, ...couponPolicyOf(site?.settings, services.policy) };
    const priced = couponDecider.decide(
      {
        type: 'PlaceCoupon',
        couponId,
        userId: user.userId,
        now: now.toISOString(),
        selections: body.tips.map((tip) => ({ ...tip, id: outcomeKey(tip) })),
        systemSizes: body.systemTickets,
        stake: body.totalStake,
        oddChangeOk: body.oddChangeOk,
        // A terminal sells bearer tickets to walk-in customers: paid out at the counter, not at settlement.
        channel: user.role === 'terminal' ? 'shop' : 'online',
      },
      couponDecider.initialState,
      context,
    );
    if (isDomainError(priced)) return priced;
    const placed = priced[0];
    if (placed?.type !== 'CouponPlaced') throw new Error('the coupon decider placed nothing');
    const refusedLive = await this.holdLive(placed.data.selections, site?.siteId);
    if (refusedLive) return refusedLive;
    const meta = requestMeta(request, body.requestId, 'stake', now);
    // The site's per-match and same-coupon limits are checked by the wallet decider on the state it
    // debits from, so concurrent requests cannot both pass. A terminal's bearer tickets are sold to many
    // walk-in customers: its wallet is not one player's, so they are not held to a player's limits.
    const limits = placed.data.channel === 'shop' || !site ? NO_SITE_STAKE_LIMITS : { matchStakeLimit: site.settings.matchStakeLimit, sameCouponLimit: site.settings.sameCouponLimit };
    const staked = await this.wallets.run(user.userId, { type: 'StakeCoupon', reference: body.requestId, now: now.toISOString(), coupon: placed.data, limits }, meta);
    if (!staked.ok) return staked.error;
    // A concurrent twin of this request staked first: answer as it did.
    if (staked.events.length === 0) return this.firstAnswer(user.userId, body.requestId);
    await this.open(placed.data, meta.eventId(0));
    const balance = staked.events[0]?.type === 'CouponStaked' ? staked.events[0].data.balance : wallet.balance;
    return { coupon: placed.data, balance };
  }

  /**
   * Live acceptance delay (against betting on stale prices): a coupon with live selections waits the
   * longest delay of their sports, then is accepted only if no live selection's odds, market status or
   * match state changed meanwhile (`rateChanged`, `thereAreLockedMatches`, `typeClosedForMatch`).
   * The request itself waits: the player's betslip shows the creation wait until it answers.
   */
  private async holdLive(selections: readonly PlacedSelection[], siteId: string | undefined): Promise<DomainError | null> {
    const book = this.services.odds;
    if (!(book instanceof LiveOddsBook)) return null;
    const hold = holdLiveSelections(book, selections, await this.siteCatalogs.liveDelays(siteId, this.services.liveDelays));
    if (hold === null || isDomainError(hold)) return hold;
    await new Promise((resolve) => setTimeout(resolve, hold.delayMs));
    return acceptHeldSelections(book, hold, selections);
  }

  /** Opens the coupon stream with the event id the reactor would use, so the two can never both write. */
  private async open(coupon: PlacedCoupon, stakeEventId: string): Promise<void> {
    const at = this.services.clock().toISOString();
    const outcome = await this.services.commands.runNew(
      couponStream(coupon.couponId),
      couponOpeningDecider,
      { type: 'OpenStakedCoupon', coupon },
      { actor: { userId: 'system', role: 'system' }, correlationId: stakeEventId, causationId: stakeEventId, at, eventId: (index) => derivedId(COUPON_OPENING, stakeEventId, String(index)) },
    );
    if (!outcome.ok) throw new Error(`opening coupon ${coupon.couponId}: ${outcome.error.code}`);
  }

  /** The coupon a request id already staked (opening its stream if the first request died before it could). */
  private async firstAnswer(userId: string, requestId: string): Promise<{ coupon: PlacedCoupon; balance: number } | DomainError> {
    const couponId = derivedId('coupon', userId, requestId);
    const wallet = await this.wallets.state(userId);
    const balance = wallet.state.status === 'open' ? wallet.state.balance : 0;
    const { state } = await this.services.commands.load(couponStream(couponId), couponDecider);
    if (state.status !== 'empty') return { coupon: state.coupon, balance };
    // Recent requests are near the end of the wallet: read it backwards until the stake shows up.
    for (let from: bigint | undefined = undefined; ; ) {
      const page = await this.services.store.readStream(walletStream(userId), { direction: 'backwards', maxCount: 200, ...(from !== undefined ? { fromRevision: from } : {}) });
      const hit = page.find((event) => event.type === 'CouponStaked' && (event.data as { reference?: string }).reference === requestId);
      if (hit) {
        const { coupon } = hit.data as unknown as CouponStaked['data'];
        await this.open(coupon, hit.id);
        return { coupon, balance };
      }
      const last = page.at(-1);
      if (!last || last.streamRevision === 0n) return domainError('requestIdReused');
      from = last.streamRevision - 1n;
    }
  }
}

/** How coupon lines are put in words: the asked language, the site's names, the catalog's facts of their matches. */
export interface LineNaming {
  readonly lang: Lang;
  readonly site: SiteCatalogView;
  readonly facts: ReadonlyMap<string, { sportId: number; matchDate: string; home: string; away: string }>;
  /** §3 line `Results`: the score of each match that has a recorded result. */
  readonly results: ReadonlyMap<string, string>;
}

/** May `actor` see a coupon of `ownerId`: its player, or a dealer above the player, or admin/operator of its site. */
export async function couponVisibleTo(accounts: MoneyServices['accounts'], actor: RequestActor, ownerId: string): Promise<boolean> {
  if (ownerId === actor.userId) return true;
  const owner = await accounts.load(ownerId);
  return Boolean(owner && owner.siteId === actor.siteId && (actor.role === 'admin' || actor.role === 'operator' || owner.ancestors.includes(actor.userId)));
}

/** Words for coupons' lines: `?lang=` or the site's language, the site's names, one catalog query. */
export function lineNamingOver(pool: SqlPool): (request: FastifyRequest, coupons: readonly PlacedCoupon[]) => Promise<LineNaming> {
  const catalog = new CatalogQueries(kyselyOver(pool));
  const siteCatalogs = SiteCatalogs.shared(pool);
  const lineResults = lineResultsOver(pool);
  return async (request, coupons) => {
    const asked = (request.query as { lang?: unknown } | undefined)?.lang ?? request.site?.settings.defaultLang;
    const lang: Lang = asked === 'en' ? 'en' : 'tr';
    const site = await siteCatalogs.of(request.site?.siteId);
    const matchIds = coupons.flatMap((c) => c.selections.map((s) => s.matchId));
    const [facts, results] = await Promise.all([catalog.lineFacts(matchIds, lang, site), lineResults(matchIds)]);
    return { lang, site, facts, results };
  };
}

/** What `cancelable` is worked out against: the site's policy and the book (in a coupon context), and the time. */
export interface CancelCheck {
  readonly context: CouponContext;
  readonly now: Date;
}

/**
 * Spec §3 coupon `canceled` flag: the coupon could be cancelled now. It asks the coupon decider itself,
 * so the flag and the refusal of `POST …/cancel` never disagree (site switch and period, live, status,
 * a line already settled, a match already started).
 */
function cancelableNow(coupon: PlacedCoupon, results: Readonly<Record<string, string>>, status: number, check: CancelCheck): boolean {
  if (status !== 0) return false;
  const waiting: CouponState = { status: 'waiting', coupon, results: results as Readonly<Record<string, OutcomeResult>>, paidAt: null };
  return !isDomainError(couponDecider.decide({ type: 'CancelCoupon', couponId: coupon.couponId, now: check.now.toISOString() }, waiting, check.context));
}

/**
 * Spec §3 `bonusPay`: the bonus in the coupon's return. A won coupon's as settled; a waiting one's in the
 * best case (every open line winning, void lines no longer counting, as settlement will); none on a
 * lost, sold or cancelled coupon, or one that earned no bonus when placed.
 */
export function bonusPayOf(coupon: PlacedCoupon, results: Readonly<Record<string, string>>, status: number): number {
  if ((status !== 0 && status !== 1) || coupon.bonusPercent === 0) return 0;
  const counted = status === 0 ? Object.fromEntries(coupon.selections.map((s) => [s.id, results[s.id] ?? 'won'])) : results;
  return settlementOf(coupon, counted as Readonly<Record<string, OutcomeResult>>).bonus;
}

/** The coupon as the api answers it; `cancel` given, it also says whether it may be cancelled now (§3 `canceled`). */
export function couponView(state: Exclude<CouponState, { status: 'empty' }>, naming: LineNaming, codes: TicketCodes, cancel?: CancelCheck): CouponView {
  const { coupon } = state;
  const status = { waiting: 0, won: 1, lost: -1, cancelled: -2, sold: 2 }[state.status];
  const income = state.status === 'won' || state.status === 'lost' ? state.payout : state.status === 'sold' ? state.soldFor : state.status === 'cancelled' ? state.refund : 0;
  return { ...placedView(coupon, naming, codes, state.results, status, cancel), status, income, paid: state.paidAt !== null, payDate: state.paidAt };
}

function placedView(coupon: PlacedCoupon, naming: LineNaming, codes: TicketCodes, results: Readonly<Record<string, string>> = {}, status = 0, cancel?: CancelCheck): CouponView {
  return {
    ticketId: coupon.couponId,
    ticketType: coupon.couponType,
    ticketDate: coupon.placedAt,
    isLive: coupon.isLive,
    totalStake: coupon.totalStake,
    maxPay: coupon.potentialPayout,
    bonusPercent: coupon.bonusPercent,
    bonusPay: bonusPayOf(coupon, results, status),
    ...(cancel ? { cancelable: cancelableNow(coupon, results, status, cancel) } : {}),
    totalTickets: coupon.combinations,
    systemArray: [...coupon.systemSizes],
    status: 0,
    income: 0,
    paid: false,
    payDate: null,
    checkCode: codes.codeOf(coupon.couponId),
    lines: coupon.selections.map((s) => {
      const match = naming.facts.get(s.matchId);
      return {
        selectionId: s.id,
        matchId: s.matchId,
        marketId: s.marketId,
        special: s.special,
        outcomeId: s.outcomeId,
        odds: s.odds,
        isBank: s.banker,
        isLive: s.isLive,
        status: results[s.id] ?? null,
        sportId: match?.sportId ?? null,
        matchDate: match?.matchDate ?? null,
        home: match?.home ?? null,
        away: match?.away ?? null,
        results: naming.results.get(s.matchId) ?? null,
        ...betNames(s.marketId, s.outcomeId, naming.lang, naming.site),
      };
    }),
  };
}

/** Coupons: place, list (`getCoupons`), detail (`getCouponDetail`), sell (`sellCoupon`), cancel (`couponCanceled`), shop payout. */
export const couponRoutes: FastifyPluginAsyncZod<MoneyServices> = async (app, services) => {
  const placement = new CouponPlacement(services);
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
  /** Runs a staff or player command on a coupon and answers with the coupon as it now stands. */
  const decide = async (request: FastifyRequest, couponId: string, command: CouponCommand, meta: CommandMeta) => {
    const outcome = await services.commands.run(couponStream(couponId), couponDecider, command, meta, () => context(request));
    if (!outcome.ok) throw refusal(outcome.error);
    const { state: after } = await services.commands.load(couponStream(couponId), couponDecider);
    if (after.status === 'empty') throw new ApiError(404, 'couponNotFound');
    return { coupon: couponView(after, await namingFor(request, [after.coupon]), services.ticketCodes, cancelCheck(request)), sellType: sellable(request, after) };
  };

  app.post(
    '/',
    { preHandler: requireLogin, schema: { tags: ['coupons'], summary: 'createcoupon: price, stake and open a coupon', body: CreateCouponBody, response: { 200: CouponCreated, ...refusals } } },
    async (request) => {
      const user = await loadUser(request);
      const placed = await placement.place(request, user, request.body);
      if (isDomainError(placed)) throw refusal(placed);
      const coupon = placedView(placed.coupon, await namingFor(request, [placed.coupon]), services.ticketCodes, {}, 0, cancelCheck(request));
      return { status: true as const, message: 'ticketCreateSuccess' as const, coupon, balance: placed.balance };
    },
  );

  app.get(
    '/',
    { preHandler: requireLogin, schema: { tags: ['coupons'], summary: 'getCoupons: my coupons, newest first', querystring: DateRangeQuery.extend({ status: z.coerce.number().int().optional(), lang: LinesLang }), response: { 200: CouponsResponse, ...refusals } } },
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
    { preHandler: requireLogin, schema: { tags: ['coupons'], summary: 'getCouponDetail', params: CouponIdParams, querystring: z.object({ lang: LinesLang }), response: { 200: CouponDetailResponse, ...refusals } } },
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
    { preHandler: requireLogin, schema: { tags: ['coupons'], summary: 'sellCoupon (cash-out) at the offered amount (`sellok`)', params: CouponIdParams, body: SellCouponBody, response: { 200: CouponDetailResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const state = await visibleCoupon(request, request.params.couponId);
      if (state.coupon.userId !== actor.userId && !(isDealerRole(actor.role) && actor.permissions.includes('couponSell'))) throw new ApiError(403, 'sellCouponPermission');
      const now = services.clock();
      return decide(request, state.coupon.couponId, { type: 'SellCoupon', couponId: state.coupon.couponId, offered: request.body.sellok, now: now.toISOString() }, requestMeta(request, request.body.requestId ?? request.id, `sell-${state.coupon.couponId}`, now));
    },
  );

  app.post(
    '/:couponId/cancel',
    { preHandler: requireLogin, schema: { tags: ['coupons'], summary: 'couponCanceled: cancel a waiting pre-match coupon within the cancel period; the stake is refunded', params: CouponIdParams, response: { 200: CouponDetailResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const state = await visibleCoupon(request, request.params.couponId);
      if (state.coupon.userId !== actor.userId && !actor.permissions.includes('couponCancel')) throw new ApiError(403, 'couponCancelPermission');
      const now = services.clock();
      return decide(request, state.coupon.couponId, { type: 'CancelCoupon', couponId: state.coupon.couponId, now: now.toISOString() }, requestMeta(request, request.id, `cancel-${state.coupon.couponId}`, now));
    },
  );

  app.post(
    '/:couponId/pay',
    {
      preHandler: requireLogin,
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
      return decide(request, state.coupon.couponId, { type: 'MarkCouponPaid', couponId: state.coupon.couponId, now: now.toISOString() }, requestMeta(request, request.id, `pay-${state.coupon.couponId}`, now));
    },
  );
};
