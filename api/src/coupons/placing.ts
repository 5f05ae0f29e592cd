import type { PlacementInput } from '@kupon/commands';
import { type DomainError, isDomainError, type PlacedSelection } from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { CreateCouponBody } from '../contract/money';
import { registerErrorStatuses } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import { acceptHeldSelections, holdLiveSelections } from '../live/acceptance';
import { LiveOddsBook } from '../live/odds-book';
import { type SiteCatalogs, siteOddsBook } from '../live/site-catalogs';
import { couponPolicyOf, currencyOf, type MoneyServices, requestMeta, slipRulesOf } from '../payments/money';

// No odds book runs (no feed yet): the service is unavailable, not the coupon refused.
registerErrorStatuses({ oddsUnavailable: 503 });

type CreateCoupon = z.output<typeof CreateCouponBody>;

/**
 * What the placement use case (`CouponPlacement` of @kupon/commands) is told of a request: the player,
 * the request's site (its prices, bonus, sell/cancel policy and stake limits), the live hold and the
 * stake's metadata, whose event ids derive from the client request id.
 */
export function placementInput(services: MoneyServices, siteCatalogs: SiteCatalogs, request: FastifyRequest, user: LiveUser, body: CreateCoupon): PlacementInput {
  const now = services.clock();
  const site = request.site;
  const odds = services.odds;
  return {
    player: user,
    currency: currencyOf(user, site?.settings.defaultCurrency),
    order: body,
    now,
    meta: requestMeta(request, body.requestId, 'stake', now),
    // The site's own bonus (§3 bonusCoupon) and sell/cancel policy: what the betslip showed is what is paid.
    pricing: async () =>
      odds ? { odds: siteOddsBook(odds, await siteCatalogs.of(site?.siteId)), rules: slipRulesOf(user.limits, site?.settings), availableBalance: null, ...couponPolicyOf(site?.settings, services.policy) } : null,
    siteLimits: site ? { matchStakeLimit: site.settings.matchStakeLimit, sameCouponLimit: site.settings.sameCouponLimit } : null,
    holdLive: (selections) => holdLive(services, siteCatalogs, selections, site?.siteId),
  };
}

/**
 * Live acceptance delay (against betting on stale prices): a coupon with live selections waits the
 * longest delay of their sports, then is accepted only if no live selection's odds, market status or
 * match state changed meanwhile (`rateChanged`, `thereAreLockedMatches`, `typeClosedForMatch`).
 * The request itself waits: the player's betslip shows the creation wait until it answers.
 */
async function holdLive(services: MoneyServices, siteCatalogs: SiteCatalogs, selections: readonly PlacedSelection[], siteId: string | undefined): Promise<DomainError | null> {
  const book = services.odds;
  if (!(book instanceof LiveOddsBook)) return null;
  const hold = holdLiveSelections(book, selections, await siteCatalogs.liveDelays(siteId, services.liveDelays));
  if (hold === null || isDomainError(hold)) return hold;
  await new Promise((resolve) => setTimeout(resolve, hold.delayMs));
  return acceptHeldSelections(book, hold, selections);
}
