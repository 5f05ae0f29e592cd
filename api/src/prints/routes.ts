import {
  type CouponContext,
  couponDecider,
  type CouponState,
  couponStream,
  isDealerRole,
  type OddsBook,
  type TransferState,
  transferDecider,
  transferStream,
  walletDecider,
  walletStream,
} from '@kupon/domain';
import { derivedId } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import { randomUUID } from 'node:crypto';
import { WrongExpectedRevision } from '@kupon/eventstore';
import {
  BingoCheckResponse,
  BingoPaidResponse,
  BingoRoundsResponse,
  CancelTransactionResponse,
  PrintCancelResponse,
  PrinterStatusBody,
  PrinterStatusResponse,
  PrintKindParams,
  PrintQuery,
  PrintResponse,
  RoundIdParams,
  TicketIdParams,
} from '../contract/prints';
import { TransferIdParams } from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import type { CasinoProvider } from '../casino/provider';
import { type MoneyServices, requestMeta, slipRulesOf, Wallets } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { startOfDay, type SlipLang } from '../prints/format';
import { type BingoRound, bingoSlip, couponSlip, couponSlipRefusal, type CouponSlipKind, resetSlip, type ShiftTotals, type SlipFrame, withdrawSlip } from '../prints/slips';
import { couponView, couponVisibleTo, lineNamingOver } from './coupons';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** A book with nothing in it: a match the api does not know never blocks undoing an unprinted ticket. */
const EMPTY_BOOK: OddsBook = { match: () => undefined, quote: () => undefined };

const COUPON_KINDS: ReadonlySet<string> = new Set<CouponSlipKind>(['coupon', 'duplicate', 'cancel', 'win', 'win-terminal']);

type Placed = Exclude<CouponState, { status: 'empty' }>;
/** The money services, and the casino providers a bingo round's cards are asked of (app.ts passes the casino context's). */
type PrintServices = MoneyServices & { readonly casinoProviders?: ReadonlyMap<string, CasinoProvider> };
type Transfer = Exclude<TransferState, { status: 'none' }>;

/** What the statement rows of a shift add up to (wallet_transactions amounts are signed from the wallet's side). */
const SHIFT_SUMS = `
  coalesce(sum(amount) filter (where event_type = 'DepositCredited'), 0)::text as cash_in,
  coalesce(-sum(amount) filter (where event_type in ('WithdrawalHeld','WithdrawalReleased','WithdrawalReversed')), 0)::text as cash_out,
  coalesce(-sum(amount) filter (where event_type in ('CouponStaked','CasinoBetPlaced')), 0)::text as stakes,
  coalesce(sum(amount) filter (where event_type in ('PayoutCredited','PayoutCorrected','CasinoWinCredited','CouponSoldCredited')), 0)::text as payouts,
  coalesce(sum(amount) filter (where event_type in ('StakeRefunded','CasinoRoundRolledBack')), 0)::text as refunds,
  coalesce(sum(amount), 0)::text as moved`;

/**
 * Spec §7 "Prints" (api/PRINTS.md): `GET /prints/:kind` fills the slip template of a coupon, a cash-out,
 * a tombala round or a terminal's shift, in the asked language and time zone. Only whoever may see the
 * thing may print it: a coupon by the coupon rule (`couponVisibleTo`), the rest by the same rule on
 * the account it belongs to. Anything else is not found, as if there were no such thing.
 */
export const printRoutes: FastifyPluginAsyncZod<PrintServices> = async (app, services) => {
  const namingFor = lineNamingOver(services.pool);
  const lookups = printLookups(services);

  app.get(
    '/:kind',
    {
      preHandler: requireLogin,
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

/**
 * The terminal's own calls around its printer (spec §7 `printerstatus`, `printerstatuswithdraw`,
 * `printingCouponCancel`, `canceltransaction`, `bingoCheckTerminal`). Each acts on what this terminal
 * sold or paid out itself; another's is not found.
 */
export const terminalPrintRoutes: FastifyPluginAsyncZod<PrintServices> = async (app, services) => {
  const namingFor = lineNamingOver(services.pool);
  const lookups = printLookups(services);
  const wallets = new Wallets(services);
  const context = (): CouponContext => ({ odds: services.odds ?? EMPTY_BOOK, rules: slipRulesOf(undefined), availableBalance: null, ...services.policy });

  /** A ticket this terminal sold; anything else is not found. */
  const ownTicket = async (request: FastifyRequest, ticketId: string): Promise<Placed> => {
    const { state } = await services.commands.load(couponStream(ticketId), couponDecider);
    if (state.status === 'empty' || state.coupon.userId !== actorOf(request).userId || state.coupon.channel !== 'shop') throw new ApiError(404, 'couponNotFound');
    return state;
  };
  /** A cash-out this terminal paid out of itself; anything else is not found. */
  const ownCashOut = async (request: FastifyRequest, transferId: string): Promise<Transfer> => {
    const { state } = await services.commands.load(transferStream(transferId), transferDecider);
    if (state.status === 'none' || state.request.accountId !== actorOf(request).userId || state.request.provider !== 'terminal' || state.request.direction !== 'withdrawal') throw new ApiError(404, 'transferNotFound');
    return state;
  };

  app.post(
    '/coupons/:ticketId/print-status',
    {
      preHandler: requireRole('terminal'),
      schema: { tags: ['prints'], summary: 'printerstatus: the terminal says whether the slip of a ticket it sold printed (and what its printer said)', params: TicketIdParams, body: PrinterStatusBody, response: { 200: PrinterStatusResponse, ...refusals } },
    },
    async (request) => {
      const state = await ownTicket(request, request.params.ticketId);
      const now = services.clock();
      const printed = request.body.printer === 'ok';
      const outcome = await services.commands.run(
        couponStream(state.coupon.couponId),
        couponDecider,
        { type: 'ReportCouponPrint', couponId: state.coupon.couponId, printed, printer: request.body.printer, now: now.toISOString() },
        requestMeta(request, request.id, `print-${state.coupon.couponId}`, now),
        context,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      const { state: after } = await services.commands.load(couponStream(state.coupon.couponId), couponDecider);
      const slipPrinted = after.status !== 'empty' && after.slip === 'printed';
      return { status: true as const, printed: slipPrinted, cancellable: !slipPrinted && after.status === 'waiting' };
    },
  );

  app.post(
    '/coupons/:ticketId/print-cancel',
    {
      preHandler: requireRole('terminal'),
      schema: {
        tags: ['prints'],
        summary: 'printingCouponCancel: a ticket whose slip did not print is cancelled and its stake refunded (its own terminal, within two minutes, never printed, nothing started)',
        params: TicketIdParams,
        response: { 200: PrintCancelResponse, ...refusals },
      },
    },
    async (request) => {
      const state = await ownTicket(request, request.params.ticketId);
      const couponId = state.coupon.couponId;
      const now = services.clock();
      // One event id per ticket: racing cancels append the same event once.
      const outcome = await services.commands.run(couponStream(couponId), couponDecider, { type: 'CancelCoupon', couponId, now: now.toISOString(), reason: 'printFailed' }, requestMeta(request, couponId, 'print-cancel', now), context);
      if (!outcome.ok) throw refusal(outcome.error);
      const { state: after } = await services.commands.load(couponStream(couponId), couponDecider);
      if (after.status !== 'cancelled') throw new ApiError(409, 'couponNotWaiting');
      return { status: true as const, coupon: couponView(after, await namingFor(request, [after.coupon]), services.ticketCodes), refund: after.refund };
    },
  );

  app.post(
    '/withdrawals/:transferId/print-status',
    {
      preHandler: requireRole('terminal'),
      schema: { tags: ['prints'], summary: 'printerstatuswithdraw: the terminal says whether the slip of its cash-out printed', params: TransferIdParams, body: PrinterStatusBody, response: { 200: PrinterStatusResponse, ...refusals } },
    },
    async (request) => {
      const state = await ownCashOut(request, request.params.transferId);
      const { transferId } = state.request;
      const now = services.clock();
      const printed = request.body.printer === 'ok';
      const outcome = await services.commands.run(transferStream(transferId), transferDecider, { type: 'ReportTransferPrint', transferId, printed, printer: request.body.printer, now: now.toISOString() }, requestMeta(request, request.id, `print-${transferId}`, now));
      if (!outcome.ok) throw refusal(outcome.error);
      const { state: after } = await services.commands.load(transferStream(transferId), transferDecider);
      const slipPrinted = after.status !== 'none' && after.slip === 'printed';
      return { status: true as const, printed: slipPrinted, cancellable: !slipPrinted && (after.status === 'approved' || after.status === 'paid') };
    },
  );

  app.post(
    '/withdrawals/:transferId/cancel',
    {
      preHandler: requireRole('terminal'),
      schema: {
        tags: ['prints'],
        summary: 'canceltransaction: a cash-out whose slip did not print is reversed, the amount back on the terminal, once however often asked',
        params: TransferIdParams,
        response: { 200: CancelTransactionResponse, ...refusals },
      },
    },
    async (request) => {
      const state = await ownCashOut(request, request.params.transferId);
      const { transferId, accountId, amount } = state.request;
      const now = services.clock();
      // Derived from the transfer alone: racing calls, and the reactor, all name the same reversal.
      const reversalId = derivedId('terminal-reverse', transferId, '0');
      const reversed = await services.commands.run(transferStream(transferId), transferDecider, { type: 'ReverseTransfer', transferId, by: actorOf(request).userId, now: now.toISOString() }, { ...requestMeta(request, transferId, 'terminal-reverse', now), eventId: () => reversalId });
      if (!reversed.ok) throw refusal(reversed.error);
      // The money comes back at once; the transfer-flow reactor would do the same with the same reference.
      const credited = await wallets.run(accountId, { type: 'ReverseWithdrawal', reference: reversalId, now: now.toISOString(), transferId, amount }, { ...requestMeta(request, transferId, 'terminal-reverse-wallet', now) });
      if (!credited.ok) throw refusal(credited.error);
      const { state: wallet } = await wallets.state(accountId);
      return { status: true as const, transferId, amount, balance: wallet.status === 'open' ? wallet.balance : 0 };
    },
  );

  app.get(
    '/bingo/:roundId',
    {
      preHandler: requireLogin,
      schema: { tags: ['prints'], summary: 'bingoCheckTerminal: a tombala round by its id, for the terminal that sold it (or staff above it): what it staked, won and was given back', params: RoundIdParams, response: { 200: BingoCheckResponse, ...refusals } },
    },
    async (request) => ({ round: (await lookups.visibleBingoRound(request, request.params.roundId)).round }),
  );

  app.post(
    '/bingo/:roundId/paid',
    {
      preHandler: requireLogin,
      schema: {
        tags: ['prints'],
        summary: 'A won tombala round is marked paid at the counter, once (the terminal that sold it, or staff above it with couponPaymentView); no money moves: the win is already in the drawer',
        params: RoundIdParams,
        response: { 200: BingoPaidResponse, ...refusals },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { accountId, round } = await lookups.visibleBingoRound(request, request.params.roundId);
      const ownTerminal = actor.role === 'terminal' && accountId === actor.userId;
      // As the coupon's counter payout: a read-only role may see the round but never pay it.
      const staffMayPay = (isDealerRole(actor.role) || actor.role === 'admin' || actor.role === 'operator') && actor.permissions.includes('couponPaymentView');
      if (!ownTerminal && !staffMayPay) throw new ApiError(403, 'permissionDenied', actor.role);
      if (round.result !== 'won') throw new ApiError(409, 'bingoNotWon');
      if (round.paid) throw new ApiError(409, 'bingoAlreadyPaid');
      const now = services.clock();
      const by = (await services.accounts.load(actor.userId))?.userName ?? actor.userId;
      const paid = { at: now.toISOString(), by };
      try {
        // Its own stream, appended only where there is none yet: of two racing marks exactly one is stored.
        await services.store.append(
          bingoPaidStream(accountId, round.roundId),
          [
            {
              id: randomUUID(),
              type: 'BingoRoundPaid',
              data: { roundId: round.roundId, accountId, win: round.win, at: paid.at, byUserId: actor.userId, byName: by },
              metadata: { correlationId: request.id, causationId: request.id, actor: { userId: actor.userId, role: actor.role, ip: request.ip }, at: paid.at, schemaVersion: 1 },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      } catch (error) {
        if (error instanceof WrongExpectedRevision) throw new ApiError(409, 'bingoAlreadyPaid');
        throw error;
      }
      return { status: true as const, round: { ...round, paid } };
    },
  );

  app.get(
    '/bingo',
    {
      preHandler: requireRole('terminal'),
      schema: { tags: ['prints'], summary: "The terminal's own latest tombala rounds (newest first, at most 10), each as bingoCheckTerminal shows it: what its Print slip offers", response: { 200: BingoRoundsResponse, ...refusals } },
    },
    async (request) => ({ rounds: await lookups.ownBingoRounds(request, 10) }),
  );
};

/** The stream a bingo round's counter payout is recorded on (api/PRINTS.md "Shop bingo"): one per round of an account. */
export const bingoPaidStream = (accountId: string, roundId: string): string => `bingopaid-${accountId}:${roundId}`;

/** Finding what a slip is of, as the caller may see it. */
function printLookups(services: PrintServices) {
  /** When and by whom a round was paid at the counter, or null. */
  const paidOf = async (accountId: string, roundId: string): Promise<BingoRound['paid']> => {
    const [event] = await services.store.readStream(bingoPaidStream(accountId, roundId), { maxCount: 1 });
    if (!event) return null;
    const data = event.data as { at?: string; byName?: string };
    return { at: data.at ?? event.metadata.at, by: data.byName ?? event.metadata.actor.userId };
  };

  const visibleAccount = async (request: FastifyRequest, accountId: string): Promise<LiveUser | null> => {
    const actor = actorOf(request);
    if (!(await couponVisibleTo(services.accounts, actor, accountId))) return null;
    const account = await services.accounts.load(accountId);
    return account && account.siteId === actor.siteId ? account : null;
  };

  return {
    visibleAccount,

    async visibleCoupon(request: FastifyRequest, couponId: string): Promise<Placed> {
      const { state } = await services.commands.load(couponStream(couponId), couponDecider);
      if (state.status === 'empty' || !(await couponVisibleTo(services.accounts, actorOf(request), state.coupon.userId))) throw new ApiError(404, 'couponNotFound');
      return state;
    },

    async visibleWithdrawal(request: FastifyRequest, transferId: string): Promise<Transfer> {
      const { state } = await services.commands.load(transferStream(transferId), transferDecider);
      if (state.status === 'none' || state.request.direction !== 'withdrawal' || !(await couponVisibleTo(services.accounts, actorOf(request), state.request.accountId))) throw new ApiError(404, 'transferNotFound');
      return state;
    },

    /** A tombala round from the casino ledger (a read model: a round just played shows a moment later). */
    async visibleBingoRound(request: FastifyRequest, roundId: string): Promise<{ accountId: string; round: BingoRound }> {
      const { rows } = await services.pool.query<{ account_id: string; event_type: string; amount: string; at: Date | string; service_id: number; title: string; provider: string }>(
        `select l.account_id, l.event_type, l.amount::text as amount, l.at, l.service_id, g.title, l.provider
           from casino_ledger l join casino_games g on g.service_id = l.service_id
          where l.round_id = $1 and l.site_id = $2 and g.product = 'bingo'
          order by l.position_commit, l.position_prepare`,
        [roundId, siteOf(request).siteId],
      );
      const first = rows[0];
      if (!first || rows.some((row) => row.account_id !== first.account_id) || !(await couponVisibleTo(services.accounts, actorOf(request), first.account_id))) throw new ApiError(404, 'roundNotFound');
      const sum = (type: string) => rows.filter((row) => row.event_type === type).reduce((total, row) => total + Number(row.amount), 0);
      const stake = sum('CasinoBetPlaced');
      const win = sum('CasinoWinCredited');
      const refund = sum('CasinoRoundRolledBack');
      const result = win > 0 ? 'won' : refund > 0 && refund >= stake ? 'refunded' : 'noWin';
      // The cards come from the provider's round history, when it keeps one (api/PRINTS.md "Shop bingo").
      const cards = (await services.casinoProviders?.get(first.provider)?.roundCards?.(roundId)) ?? null;
      const paid = await paidOf(first.account_id, roundId);
      return { accountId: first.account_id, round: { roundId, serviceId: first.service_id, title: first.title, stake, win, refund, result, playedAt: new Date(first.at).toISOString(), ...(cards ? { cards: cards.map((card) => card.map((row) => [...row])) } : {}), paid } };
    },

    /** The caller's own latest tombala rounds from the casino ledger, newest first. */
    async ownBingoRounds(request: FastifyRequest, limit: number): Promise<BingoRound[]> {
      const { rows } = await services.pool.query<{ round_id: string; provider: string; service_id: number; title: string; stake: string; win: string; refund: string; at: Date | string }>(
        `select l.round_id, l.provider, min(l.service_id) as service_id, min(g.title) as title,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoBetPlaced'), 0)::text as stake,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoWinCredited'), 0)::text as win,
                coalesce(sum(l.amount) filter (where l.event_type = 'CasinoRoundRolledBack'), 0)::text as refund,
                min(l.at) as at
           from casino_ledger l join casino_games g on g.service_id = l.service_id
          where l.account_id = $1 and l.site_id = $2 and g.product = 'bingo'
          group by l.round_id, l.provider
          order by max(l.position_commit) desc, max(l.position_prepare) desc
          limit $3`,
        [actorOf(request).userId, siteOf(request).siteId, limit],
      );
      return Promise.all(
        rows.map(async (row) => {
          const [stake, win, refund] = [Number(row.stake), Number(row.win), Number(row.refund)];
          const result: BingoRound['result'] = win > 0 ? 'won' : refund > 0 && refund >= stake ? 'refunded' : 'noWin';
          const cards = (await services.casinoProviders?.get(row.provider)?.roundCards?.(row.round_id)) ?? null;
          const paid = await paidOf(actorOf(request).userId, row.round_id);
          return { roundId: row.round_id, serviceId: Number(row.service_id), title: row.title, stake, win, refund, result, playedAt: new Date(row.at).toISOString(), ...(cards ? { cards: cards.map((card) => card.map((row) => [...row])) } : {}), paid };
        }),
      );
    },

    /** The account's wallet currency (the site's when it has none yet). */
    async currencyOf(accountId: string, siteDefault: string): Promise<string> {
      const { state } = await services.commands.load(walletStream(accountId), walletDecider);
      return state.status === 'open' ? state.currency : siteDefault;
    },

    /** What the account's statement shows between `from` and `until` (the wallets read model). */
    async shift(account: LiveUser, from: Date, until: Date): Promise<{ totals: ShiftTotals; currency: string }> {
      const [opening, moved, wallet] = await Promise.all([
        services.pool.query<{ balance: string }>(`select balance::text as balance from wallet_transactions where account_id = $1 and at < $2 order by at desc, stream_revision desc limit 1`, [account.userId, from.toISOString()]),
        services.pool.query<Record<'cash_in' | 'cash_out' | 'stakes' | 'payouts' | 'refunds' | 'moved', string>>(
          `select ${SHIFT_SUMS} from wallet_transactions where account_id = $1 and at >= $2 and at <= $3`,
          [account.userId, from.toISOString(), until.toISOString()],
        ),
        services.pool.query<{ currency: string }>(`select currency from wallet_balances where account_id = $1`, [account.userId]),
      ]);
      const sums = moved.rows[0];
      const openingBalance = Number(opening.rows[0]?.balance ?? 0);
      const totals: ShiftTotals = {
        accountName: account.userName,
        since: from.toISOString(),
        until: until.toISOString(),
        openingBalance,
        cashIn: Number(sums?.cash_in ?? 0),
        cashOut: Number(sums?.cash_out ?? 0),
        stakes: Number(sums?.stakes ?? 0),
        payouts: Number(sums?.payouts ?? 0),
        refunds: Number(sums?.refunds ?? 0),
        closingBalance: openingBalance + Number(sums?.moved ?? 0),
      };
      return { totals, currency: wallet.rows[0]?.currency ?? 'TRY' };
    },
  };
}
