import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PrintKindParams, PrintQuery, PrintResponse } from '../contract/prints';
import { ApiError } from '../http/api-error';
import { actorOf, requireLogin } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { startOfDay, type SlipLang } from './format';
import { bingoSlip, couponSlip, couponSlipRefusal, type CouponSlipKind, resetSlip, type SlipFrame, withdrawSlip } from './slips';
import { couponView, lineNamingOver } from '../coupons/views';
import { refusals, COUPON_KINDS, type PrintServices, printLookups } from './shared';

/**
 * Spec §7 "Prints" (api/PRINTS.md): `GET /prints/:kind` fills the slip template of a coupon, a cash-out,
 * a tombala round or a terminal's shift, in the asked language and time zone. Only whoever may see the
 * thing may print it: a coupon by the coupon rule (`couponVisibleTo`), the rest by the same rule on
 * the account it belongs to. Anything else is not found, as if there were no such thing.
 */
export const printRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: PrintServices = { ...app.money, casinoProviders: app.casino.casinoProviders };
  const namingFor = lineNamingOver(services.pool);
  const lookups = printLookups(services);

  app.get(
    '/:kind',
    {
      preParsing: requireLogin,
      schema: {
        tags: ['prints'],
        summary: 'Prints: a slip template (reset, duplicate, cancel, win, win-terminal, win-bingo, withdraw, coupon, bingo) filled for `ref`, in `lang` and time zone `tz`',
        params: PrintKindParams,
        querystring: PrintQuery,
        response: { 200: PrintResponse, ...refusals },
      },
    },
    async (request) => {
      const { kind } = request.params;
      const { ref, tz, since } = request.query;
      const actor = actorOf(request);
      const site = siteOf(request);
      const lang: SlipLang = (request.query.lang ?? site.settings.defaultLang) === 'en' ? 'en' : 'tr';
      const frame = (currency: string): SlipFrame => ({ siteName: site.name, lang, timeZone: tz ?? 'UTC', now: services.clock(), currency });

      if (kind === 'reset') {
        const accountId = ref ?? actor.userId;
        // A shift is a terminal's: the terminal itself, a dealer above it or site staff print it.
        const account = await lookups.visibleAccount(request, accountId);
        if (!account || account.role !== 'terminal') throw new ApiError(404, 'userNotFound');
        const until = services.clock();
        const from = since ? new Date(since) : startOfDay(until, tz ?? 'UTC');
        const { totals, currency } = await lookups.shift(account, from, until);
        return { slip: resetSlip(accountId, totals, frame(currency)) };
      }
      if (!ref) throw new ApiError(400, 'isRequiredArea', 'ref');

      if (COUPON_KINDS.has(kind)) {
        const state = await lookups.visibleCoupon(request, ref);
        const refused = couponSlipRefusal(kind as CouponSlipKind, state);
        if (refused) throw new ApiError(409, refused);
        const view = couponView(state, await namingFor(request, [state.coupon]), services.ticketCodes);
        const owner = await services.accounts.load(state.coupon.userId);
        const terminalName = state.coupon.channel === 'shop' ? (owner?.userName ?? null) : null;
        return { slip: couponSlip(kind as CouponSlipKind, state, view, frame(await lookups.currencyOf(state.coupon.userId, site.settings.defaultCurrency)), terminalName) };
      }
      if (kind === 'withdraw') {
        const state = await lookups.visibleWithdrawal(request, ref);
        const owner = await services.accounts.load(state.request.accountId);
        return { slip: withdrawSlip(state, frame(state.request.currency), owner?.role === 'terminal' ? owner.userName : null) };
      }
      const round = await lookups.visibleBingoRound(request, ref);
      if (kind === 'win-bingo' && round.round.result !== 'won') throw new ApiError(409, 'bingoNotWon');
      const owner = await services.accounts.load(round.accountId);
      return {
        slip: bingoSlip(kind as 'bingo' | 'win-bingo', round.round, frame(await lookups.currencyOf(round.accountId, site.settings.defaultCurrency)), owner?.role === 'terminal' ? owner.userName : null),
      };
    },
  );
};
