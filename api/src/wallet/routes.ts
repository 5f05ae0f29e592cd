import { domainError } from '@kupon/domain';
import { adjustBalance, type CreditMoved, cutCredit, sendCredit, setCreditLimit } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import { statementRows } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import {
  AdjustBody,
  CreditHistoryQuery,
  CreditLimitBody,
  CutCreditBody,
  DateRangeQuery,
  MovedResponse,
  SendCreditBody,
  TransactionsResponse,
  WalletView,
} from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import { actorOf, requireLogin, requirePermission, requireRole } from '../plugins/auth';
import { currencyOf, requesterOf, Wallets, walletView } from '../payments/money';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** What a dealer audits as credit: handed down and back, limits, and prepaid cards paid for out of it and returned to it. */
const CREDIT_TYPES = ['CreditSent', 'CreditReceived', 'CreditCut', 'CreditReturned', 'CreditLimitSet', 'CardFunded', 'CardRefunded'];

/**
 * The wallet (balance from the wallet's own fold, never a lagging table), statements (`getTransactions`),
 * dealer credit (§6: send down the tree, cut back up, credit limits, a history a dealer can audit for
 * its subtree) and staff adjustments with a reason.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  const wallets = new Wallets(services);
  const db = kyselyOver(services.pool);

  const userOf = async (userId: string): Promise<LiveUser> => {
    const user = await services.accounts.load(userId);
    if (!user) throw new ApiError(404, 'noSuchUser');
    return user;
  };
  const openWallet = async (request: FastifyRequest, user: LiveUser) => wallets.ensureOpen(user, currencyOf(user, request.site?.settings.defaultCurrency));

  /** What a credit use case is told of a request: the actor and its site, the accounts, the site's currency, now. */
  const creditRequest = (request: FastifyRequest, requestId: string) => ({
    by: requesterOf(request),
    siteId: actorOf(request).siteId,
    requestId,
    accountOf: (userId: string) => services.accounts.load(userId),
    siteCurrency: request.site?.settings.defaultCurrency,
    now: services.clock(),
  });
  /** The wallet a credit move left, or its refusal. */
  const moved = (result: CreditMoved) => {
    if (!result.ok) throw refusal(result.error);
    return { status: true as const, wallet: walletView(result.wallet) };
  };

  app.get('/', { preParsing: requireLogin, schema: { tags: ['wallet'], summary: 'My balance (userCredit), credit limit, held withdrawals', response: { 200: WalletView, ...refusals } } }, async (request) => {
    const user = await userOf(actorOf(request).userId);
    return walletView(await openWallet(request, user));
  });

  app.get(
    '/transactions',
    { preParsing: requireLogin, schema: { tags: ['wallet'], summary: 'getTransactions: my money movements in a date range', querystring: DateRangeQuery, response: { 200: TransactionsResponse, ...refusals } } },
    async (request) => {
      const { from, to, limit } = request.query;
      const actor = actorOf(request);
      const rows = await statementRows(db, { siteId: actor.siteId, accountId: actor.userId, subtree: false, limit, ...(from ? { from: new Date(from) } : {}), ...(to ? { to: new Date(to) } : {}) });
      return { transactions: rows.map(transactionView) };
    },
  );

  app.post(
    '/credit/send',
    { preParsing: requirePermission('creditSend'), schema: { tags: ['dealer credit'], summary: 'Send credit to an account under me', body: SendCreditBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => moved(await sendCredit(services.commands, { ...creditRequest(request, request.body.requestId), toUserId: request.body.toUserId, amount: request.body.amount })),
  );

  app.post(
    '/credit/cut',
    { preParsing: requirePermission('creditCut'), schema: { tags: ['dealer credit'], summary: 'Cut credit back from an account under me', body: CutCreditBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => moved(await cutCredit(services.commands, { ...creditRequest(request, request.body.requestId), fromUserId: request.body.fromUserId, amount: request.body.amount })),
  );

  app.put(
    '/credit/limit',
    { preParsing: requirePermission('limitsEdit'), schema: { tags: ['dealer credit'], summary: 'Set how far below zero a dealer under me may go', body: CreditLimitBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => moved(await setCreditLimit(services.commands, { ...creditRequest(request, request.body.requestId), userId: request.body.userId, creditLimit: request.body.creditLimit })),
  );

  app.get(
    '/credit/history',
    { preParsing: requireLogin, schema: { tags: ['dealer credit'], summary: "Credit movements of my wallet, or of any account in my subtree (userId)", querystring: CreditHistoryQuery, response: { 200: TransactionsResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { from, to, limit, userId, scope } = request.query;
      const accountId = userId ?? actor.userId;
      if (accountId !== actor.userId) {
        const user = await userOf(accountId);
        if (user.siteId !== actor.siteId || (actor.role !== 'admin' && !user.ancestors.includes(actor.userId))) throw refusal(domainError('thisOperatorNotYour'));
      }
      const rows = await statementRows(db, {
        siteId: actor.siteId,
        accountId,
        subtree: scope === 'subtree',
        eventTypes: CREDIT_TYPES,
        limit,
        ...(from ? { from: new Date(from) } : {}),
        ...(to ? { to: new Date(to) } : {}),
      });
      return { transactions: rows.map(transactionView) };
    },
  );

  app.post(
    '/adjustments',
    { preParsing: requireRole('admin', 'operator'), schema: { tags: ['wallet'], summary: 'Staff correction of a balance, with the reason', body: AdjustBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => {
      const { requestId, userId, amount, reason } = request.body;
      return moved(await adjustBalance(services.commands, { ...creditRequest(request, requestId), userId, amount, reason }));
    },
  );
};

function transactionView(row: Record<string, unknown>) {
  return {
    eventId: String(row.event_id),
    accountId: String(row.account_id),
    type: String(row.event_type),
    amount: Number(row.amount),
    balance: Number(row.balance),
    couponId: (row.coupon_id as string | null) ?? null,
    transferId: (row.transfer_id as string | null) ?? null,
    counterpartyId: (row.counterparty_id as string | null) ?? null,
    note: (row.note as string | null) ?? null,
    creditLimit: row.credit_limit == null ? null : Number(row.credit_limit),
    actorId: (row.actor_id as string | null) ?? null,
    at: new Date(row.at as string).toISOString(),
  };
}
