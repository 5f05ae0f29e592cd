import {
  type CouponContext,
  couponDecider,
  type CouponState,
  isDomainError,
  type Lang,
  type PlacedCoupon,
  settlementOf,
  type OutcomeResult,
} from '@kupon/domain';
import type { LineNaming } from '@kupon/commands';
import { kyselyOver, type SqlPool } from '@kupon/eventstore';
import { betNames, CatalogQueries } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { CouponView } from '../contract/money';
import { SiteCatalogs } from '../live/site-catalogs';
import type { TicketCodes } from './ticket-code';
import { lineResultsOver } from './line-results';

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
export function cancelableNow(coupon: PlacedCoupon, results: Readonly<Record<string, string>>, status: number, check: CancelCheck): boolean {
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

export function placedView(coupon: PlacedCoupon, naming: LineNaming, codes: TicketCodes, results: Readonly<Record<string, string>> = {}, status = 0, cancel?: CancelCheck): CouponView {
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
