import { type CouponContext, couponDecider, couponStream, isDealerRole, transferDecider, transferStream } from '@kupon/domain';
import { derivedId } from '@kupon/commands';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  RoundIdParams,
  TicketIdParams,
} from '../contract/prints';
import { TransferIdParams } from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import { requestMeta, slipRulesOf, Wallets } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { couponView, lineNamingOver } from '../coupons/views';
import { refusals, EMPTY_BOOK, type Placed, type PrintServices, type Transfer, bingoPaidStream, printLookups } from './shared';

/**
 * The terminal's own calls around its printer (spec §7 `printerstatus`, `printerstatuswithdraw`,
 * `printingCouponCancel`, `canceltransaction`, `bingoCheckTerminal`). Each acts on what this terminal
 * sold or paid out itself; another's is not found.
 */
export const terminalPrintRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: PrintServices = { ...app.money, casinoProviders: app.casino.casinoProviders };
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
      preParsing: requireRole('terminal'),
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
      preParsing: requireRole('terminal'),
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
      preParsing: requireRole('terminal'),
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
      preParsing: requireRole('terminal'),
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
      preParsing: requireLogin,
      schema: { tags: ['prints'], summary: 'bingoCheckTerminal: a tombala round by its id, for the terminal that sold it (or staff above it): what it staked, won and was given back', params: RoundIdParams, response: { 200: BingoCheckResponse, ...refusals } },
    },
    async (request) => ({ round: (await lookups.visibleBingoRound(request, request.params.roundId)).round }),
  );

  app.post(
    '/bingo/:roundId/paid',
    {
      preParsing: requireLogin,
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
      preParsing: requireRole('terminal'),
      schema: { tags: ['prints'], summary: "The terminal's own latest tombala rounds (newest first, at most 10), each as bingoCheckTerminal shows it: what its Print slip offers", response: { 200: BingoRoundsResponse, ...refusals } },
    },
    async (request) => ({ rounds: await lookups.ownBingoRounds(request, 10) }),
  );
};
