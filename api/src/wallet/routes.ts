import { type DomainError, domainError, isDealerRole, type WalletCommand } from '@kupon/domain';
import { derivedId } from '@kupon/commands';
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
import { currencyOf, requestMeta, Wallets, walletView } from '../payments/money';

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

  /** §6: a dealer acts on the accounts it opened (its direct children); admins on any account of their site. */
  const child = async (request: FastifyRequest, userId: string): Promise<LiveUser> => {
    const actor = actorOf(request);
    const user = await userOf(userId);
    if (user.siteId !== actor.siteId) throw new ApiError(404, 'noSuchUser');
    if (actor.role !== 'admin' && user.parentId !== actor.userId) throw refusal(domainError('thisOperatorNotYour'));
    return user;
  };

  const move = async (request: FastifyRequest, accountId: string, requestId: string, command: WalletCommand): Promise<DomainError | null> => {
    const outcome = await wallets.run(accountId, command, requestMeta(request, requestId, `wallet-${command.type}`, services.clock()));
    return outcome.ok ? null : outcome.error;
  };

  app.get('/', { preHandler: requireLogin, schema: { tags: ['wallet'], summary: 'My balance (userCredit), credit limit, held withdrawals', response: { 200: WalletView, ...refusals } } }, async (request) => {
    const user = await userOf(actorOf(request).userId);
    return walletView(await openWallet(request, user));
  });

  app.get(
    '/transactions',
    { preHandler: requireLogin, schema: { tags: ['wallet'], summary: 'getTransactions: my money movements in a date range', querystring: DateRangeQuery, response: { 200: TransactionsResponse, ...refusals } } },
    async (request) => {
      const { from, to, limit } = request.query;
      const actor = actorOf(request);
      const rows = await statementRows(db, { siteId: actor.siteId, accountId: actor.userId, subtree: false, limit, ...(from ? { from: new Date(from) } : {}), ...(to ? { to: new Date(to) } : {}) });
      return { transactions: rows.map(transactionView) };
    },
  );

  app.post(
    '/credit/send',
    { preHandler: requirePermission('creditSend'), schema: { tags: ['dealer credit'], summary: 'Send credit to an account under me', body: SendCreditBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const target = await child(request, request.body.toUserId);
      const mine = await openWallet(request, await userOf(actor.userId));
      const theirs = await openWallet(request, target);
      if (mine.currency !== theirs.currency) throw new ApiError(422, 'currencyMismatch', mine.currency, theirs.currency);
      const transferId = derivedId('credit', actor.userId, request.body.requestId);
      const now = services.clock().toISOString();
      const refused = await move(request, actor.userId, request.body.requestId, { type: 'SendCredit', reference: request.body.requestId, now, transferId, toAccountId: target.userId, amount: request.body.amount });
      if (refused) throw refusal(refused);
      return { status: true as const, wallet: walletView(await openWallet(request, await userOf(actor.userId))) };
    },
  );

  app.post(
    '/credit/cut',
    { preHandler: requirePermission('creditCut'), schema: { tags: ['dealer credit'], summary: 'Cut credit back from an account under me', body: CutCreditBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const target = await child(request, request.body.fromUserId);
      await openWallet(request, target);
      const transferId = derivedId('cut', actor.userId, request.body.requestId);
      const now = services.clock().toISOString();
      // The command runs on the child's wallet; the reference is scoped to the dealer's request.
      const reference = `${actor.userId}:${request.body.requestId}`;
      const refused = await move(request, target.userId, request.body.requestId, { type: 'CutCredit', reference, now, transferId, toAccountId: actor.userId, amount: request.body.amount, byUserId: actor.userId });
      if (refused) throw refusal(refused);
      return { status: true as const, wallet: walletView(await openWallet(request, await userOf(actor.userId))) };
    },
  );

  app.put(
    '/credit/limit',
    { preHandler: requirePermission('limitsEdit'), schema: { tags: ['dealer credit'], summary: 'Set how far below zero a dealer under me may go', body: CreditLimitBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const target = await child(request, request.body.userId);
      if (!isDealerRole(target.role) && target.role !== 'terminal') throw refusal(domainError('transfersForbidden'));
      await openWallet(request, target);
      const now = services.clock().toISOString();
      const reference = `${actor.userId}:${request.body.requestId}`;
      const refused = await move(request, target.userId, request.body.requestId, { type: 'SetCreditLimit', reference, now, creditLimit: request.body.creditLimit, byUserId: actor.userId });
      if (refused) throw refusal(refused);
      return { status: true as const, wallet: walletView(await openWallet(request, target)) };
    },
  );

  app.get(
    '/credit/history',
    { preHandler: requireLogin, schema: { tags: ['dealer credit'], summary: "Credit movements of my wallet, or of any account in my subtree (userId)", querystring: CreditHistoryQuery, response: { 200: TransactionsResponse, ...refusals } } },
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
    { preHandler: requireRole('admin', 'operator'), schema: { tags: ['wallet'], summary: 'Staff correction of a balance, with the reason', body: AdjustBody, response: { 200: MovedResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const user = await userOf(request.body.userId);
      if (user.siteId !== actor.siteId) throw new ApiError(404, 'noSuchUser');
      await openWallet(request, user);
      const { requestId, amount, reason } = request.body;
      const refused = await move(request, user.userId, requestId, { type: 'AdjustBalance', reference: `${actor.userId}:${requestId}`, now: services.clock().toISOString(), amount, reason, byUserId: actor.userId });
      if (refused) throw refusal(refused);
      return { status: true as const, wallet: walletView(await openWallet(request, user)) };
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
