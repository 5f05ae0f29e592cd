import {
  billDecider,
  type BillCutOff,
  type BillMarkedPaid,
  billPaymentDecider,
  billPaymentStream,
  type BilledAccount,
  billStream,
  checkMayCutOff,
  checkMayReadBills,
  foldPeriod,
  netOf,
  type WalletEntry,
  type WalletEvent,
  walletStream,
} from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type Bill,
  BillAccountParams,
  type BillAccount,
  BillList,
  BillNumberParams,
  BillPaging,
  Bill as BillSchema,
  CutOffBody,
  MarkPaidBody,
  OpenPeriod,
} from '../contract/bills';
import { ErrorBody } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import { actingUser, type LiveUser } from '../identity/accounts';
import { requestMeta } from '../payments/money';
import { actorOf, requireLogin } from '../plugins/auth';
import { siteOf } from '../plugins/site';

registerErrorStatuses({ billAlreadyCut: 409, billAlreadyPaid: 409, noSuchBill: 404 });

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const PAGE = 500;

/**
 * Account statements and the cut-off (api/BILLS.md). A bill is a `BillCutOff` on `bill-<accountId>`;
 * its totals are folded by the domain from the account's wallet stream (the money boundary), from the
 * open period's first wallet revision to the head read at the cut-off, so a bill never waits for a
 * read model and never changes after it is cut. The bill stream is short (one event per period), so
 * lists read it straight; the open period's running totals fold the same wallet slice as a cut would.
 */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  app.addHook('preParsing', requireLogin);

  /** The account on this site, if the caller may read its bills. Another site's account does not exist here. */
  const readable = async (request: FastifyRequest, accountId: string): Promise<{ user: LiveUser; account: BilledAccount }> => {
    const user = await services.accounts.load(accountId);
    if (!user || user.siteId !== siteOf(request).siteId) throw new ApiError(404, 'noSuchUser');
    const account: BilledAccount = { accountId: user.userId, siteId: user.siteId, ancestors: user.ancestors };
    const refused = checkMayReadBills(actingUser(actorOf(request)), account);
    if (refused) throw refusal(refused);
    return { user, account };
  };

  const accountView = async (user: LiveUser): Promise<BillAccount> => {
    const [first] = await services.store.readStream(walletStream(user.userId), { maxCount: 1 });
    const currency = first?.type === 'WalletOpened' ? String((first.data as { currency?: unknown }).currency) : null;
    return { accountId: user.userId, userName: user.userName, role: user.role, currency };
  };

  /** The wallet from `fromRevision` to its head, paged so a long period is never one huge read. */
  const walletSince = async (accountId: string, fromRevision: number): Promise<WalletEntry[]> => {
    const entries: WalletEntry[] = [];
    for (let next = BigInt(fromRevision); ; ) {
      const page = await services.store.readStream(walletStream(accountId), { fromRevision: next, maxCount: PAGE });
      for (const event of page) entries.push({ revision: Number(event.streamRevision), event: { type: event.type, data: event.data } as unknown as WalletEvent });
      if (page.length < PAGE) return entries;
      next = page[page.length - 1]!.streamRevision + 1n;
    }
  };

  /** Whether a bill was marked paid: its own one-event stream (`billpaid-<accountId>-<n>`). */
  const paidOf = async (accountId: string, number: number): Promise<BillMarkedPaid['data'] | null> => {
    const [event] = await services.store.readStream(billPaymentStream(accountId, number), { maxCount: 1 });
    return event?.type === 'BillMarkedPaid' ? (event.data as unknown as BillMarkedPaid['data']) : null;
  };

  /** A cut bill as the caller sees it: with its payment, and whether the caller may mark it paid. */
  const withPayment = async (request: FastifyRequest, account: BilledAccount, d: BillCutOff['data']): Promise<Bill> => {
    const paid = await paidOf(account.accountId, d.number);
    return billView(d, paid, paid === null && checkMayCutOff(actingUser(actorOf(request)), account) === null);
  };

  /** The bill this request's event id cut, among the stream's last few. */
  const cutBy = async (request: FastifyRequest, account: BilledAccount, eventId: string): Promise<Bill | null> => {
    const last = await services.store.readStream(billStream(account.accountId), { direction: 'backwards', maxCount: 10 });
    const found = last.find((event) => event.id === eventId);
    return found ? withPayment(request, account, found.data as unknown as BillCutOff['data']) : null;
  };

  app.get(
    '/:accountId',
    { schema: { tags: ['bills'], summary: "getUserBills: an account's bills (cut-off periods), newest first", params: BillAccountParams, querystring: BillPaging, response: { 200: BillList, ...refusals } } },
    async (request) => {
      const { user, account } = await readable(request, request.params.accountId);
      const { offset, limit } = request.query;
      const { state } = await services.commands.load(billStream(user.userId), billDecider);
      const newest = state.cut - 1 - offset;
      const page = newest < 0 ? [] : await services.store.readStream(billStream(user.userId), { direction: 'backwards', fromRevision: BigInt(newest), maxCount: limit });
      return { account: await accountView(user), total: state.cut, bills: await Promise.all(page.map((event) => withPayment(request, account, event.data as unknown as BillCutOff['data']))) };
    },
  );

  app.get(
    '/:accountId/open',
    { schema: { tags: ['bills'], summary: "The open period's running totals (what the next cut-off would fix)", params: BillAccountParams, response: { 200: OpenPeriod, ...refusals } } },
    async (request) => {
      const { user, account } = await readable(request, request.params.accountId);
      const { state } = await services.commands.load(billStream(user.userId), billDecider);
      const wallet = await walletSince(user.userId, state.walletFromRevision);
      const { totals, closingBalance } = foldPeriod(
        wallet.map((entry) => entry.event),
        state.openingBalance,
      );
      return {
        account: await accountView(user),
        number: state.cut + 1,
        from: state.from,
        asOf: services.clock().toISOString(),
        openingBalance: state.openingBalance,
        balance: closingBalance,
        totals,
        net: netOf(totals),
        walletFromRevision: state.walletFromRevision,
        walletToRevision: state.walletFromRevision + wallet.length - 1,
        mayCutOff: checkMayCutOff(actingUser(actorOf(request)), account) === null,
      };
    },
  );

  app.post(
    '/:accountId/cut-off',
    {
      schema: {
        tags: ['bills'],
        summary: "cutOffUserBill: close the account's open period now and fix its bill (dealer ancestors, admin, operator)",
        params: BillAccountParams,
        body: CutOffBody,
        response: { 200: BillSchema, ...refusals },
      },
    },
    async (request) => {
      const { user, account } = await readable(request, request.params.accountId);
      const actor = actorOf(request);
      const acting = actingUser(actor);
      const refused = checkMayCutOff(acting, account);
      if (refused) throw refusal(refused);
      const requestKey = `${request.id}/${user.userId}`;
      const eventId = requestMeta(request, requestKey, 'bill-cut-off', services.clock()).eventId(0);
      // A retried request (same x-request-id) is answered with the bill it cut, not a second cut-off.
      const cutBefore = await cutBy(request, account, eventId);
      if (cutBefore) return cutBefore;
      const { state } = await services.commands.load(billStream(user.userId), billDecider);
      const number = state.cut + 1;
      if (request.body.expectedNumber !== undefined && request.body.expectedNumber !== number) throw new ApiError(409, 'billAlreadyCut', state.cut);
      const wallet = await walletSince(user.userId, state.walletFromRevision);
      // The moment is taken after the wallet is read, so nothing in the period is dated after its end.
      const at = services.clock();
      const meta = requestMeta(request, requestKey, 'bill-cut-off', at);
      const outcome = await services.commands.run(
        billStream(user.userId),
        billDecider,
        { type: 'CutOffBill', account, actor: { ...acting, userName: actor.userName }, number, walletFromRevision: state.walletFromRevision, wallet, now: at.toISOString() },
        meta,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      const stored = await cutBy(request, account, eventId);
      if (!stored) throw new Error(`cut-off of ${user.userId} was not stored`);
      return stored;
    },
  );

  app.post(
    '/:accountId/:number/paid',
    {
      schema: {
        tags: ['bills'],
        summary: 'Mark a cut bill paid (who, when, reference), once; those who may cut the account off',
        params: BillNumberParams,
        body: MarkPaidBody,
        response: { 200: BillSchema, ...refusals },
      },
    },
    async (request) => {
      const { user, account } = await readable(request, request.params.accountId);
      const number = request.params.number;
      const actor = actorOf(request);
      const acting = actingUser(actor);
      const { state } = await services.commands.load(billStream(user.userId), billDecider);
      const stream = billPaymentStream(user.userId, number);
      const meta = requestMeta(request, `${request.id}/${user.userId}/${number}`, 'bill-paid', services.clock());
      const [before] = await services.store.readStream(stream, { maxCount: 1 });
      // A retried request (same x-request-id) is answered with the bill it marked, not billAlreadyPaid.
      if (before === undefined || before.id !== meta.eventId(0)) {
        const outcome = await services.commands.run(
          stream,
          billPaymentDecider,
          { type: 'MarkBillPaid', account, actor: { ...acting, userName: actor.userName }, number, cut: state.cut, reference: request.body.reference ?? null, now: services.clock().toISOString() },
          meta,
        );
        if (!outcome.ok) throw refusal(outcome.error);
      }
      const [bill] = await services.store.readStream(billStream(user.userId), { fromRevision: BigInt(number - 1), maxCount: 1 });
      if (bill?.type !== 'BillCutOff') throw new Error(`bill ${number} of ${user.userId} not found`);
      return withPayment(request, account, bill.data as unknown as BillCutOff['data']);
    },
  );
};

function billView(d: BillCutOff['data'], paid: BillMarkedPaid['data'] | null, mayMarkPaid: boolean): Bill {
  return {
    paid: paid && { by: paid.paidBy, at: paid.at, reference: paid.reference },
    mayMarkPaid,
    number: d.number,
    from: d.from,
    to: d.to,
    openingBalance: d.openingBalance,
    closingBalance: d.closingBalance,
    totals: d.totals,
    net: d.net,
    cutBy: d.cutBy,
    walletFromRevision: d.walletFromRevision,
    walletToRevision: d.walletToRevision,
  };
}
