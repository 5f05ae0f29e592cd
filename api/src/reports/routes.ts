import { STAFF_ROLES } from '@kupon/domain';
import {
  accountSums,
  childrenOf,
  CREDIT_TYPES,
  type LedgerRow,
  ipLogEntries,
  ledgerEntries,
  liabilityReport,
  type MoneySums,
  playersInScope,
  playersTotal,
  projectionNamed,
  reportAccount,
  type ReportScope,
  type ReportWindow,
  subtreeSums,
  TRANSFER_TYPES,
  transferTotals,
  wagers,
  zeroMoney,
  addMoney,
  generalReport,
} from '@kupon/projections';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import {
  AdjustmentReport,
  CreditHistory,
  DealerIdParams,
  DealerReport,
  DealerReportQuery,
  GeneralReport,
  GeneralReportQuery,
  IpLogReport,
  IpLogReportQuery,
  LiabilityReport,
  LiabilityReportQuery,
  PlayerReport,
  PlayerReportQuery,
  ReplayBody,
  ReplayIdParams,
  ReplayList,
  ReplayView,
  ReportCatalog,
  type ReportName,
  ReportQuery,
  TransferReport,
  TransferReportQuery,
  WagerReport,
  WagerReportQuery,
} from '../contract/reports';
import { ApiError } from '../http/api-error';
import { toCsv } from '../http/csv';
import { actorOf, requirePermission, requireRole } from '../plugins/auth';
import { ReplayJobs } from './replay-jobs';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const SITE_WIDE = new Set(['admin', 'operator', 'partner', 'regulator']);
const DEALERS = new Set(['topDealer', 'dealer', 'subDealer']);

/** Which projection builds each report, and whether it keeps history to answer "as of". */
const REPORT_SOURCES: Readonly<Record<ReportName, { projection: string; asOf: boolean }>> = {
  general: { projection: 'reports', asOf: true },
  players: { projection: 'reports', asOf: true },
  dealers: { projection: 'reports', asOf: true },
  'credit-history': { projection: 'reports', asOf: true },
  transfers: { projection: 'reports', asOf: true },
  adjustments: { projection: 'reports', asOf: true },
  wagers: { projection: 'reports', asOf: true },
  liability: { projection: 'liability', asOf: true },
  'ip-logs': { projection: 'identity-ip-logs', asOf: true },
  casino: { projection: 'casino-report', asOf: true },
};

/** Each report projection once, named by the first report it serves: what "Rebuild every report" replays. */
const EVERY_REPORT_PROJECTION = (Object.entries(REPORT_SOURCES) as [ReportName, { projection: string }][])
  .filter(([, source], i, all) => all.findIndex(([, other]) => other.projection === source.projection) === i)
  .map(([report, source]) => ({ report, projection: source.projection }));

/**
 * The back office's reports (issue 8; shapes and notes in contract/reports.ts). Staff with
 * `reportsView`; site-wide staff see their site, a dealer its own subtree only; the regulator reads.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store, clock } = app.identity;
  app.addHook('preParsing', requireRole(...STAFF_ROLES));
  app.addHook('preParsing', requirePermission('reportsView'));
  const replays = new ReplayJobs(store, pool, clock);
  app.addHook('onClose', () => replays.settled());

  /** The scope a request may read: its site, or a dealer's subtree it is at or above. */
  const scopeOf = async (request: FastifyRequest, dealerId?: string, mustBeDealer = false): Promise<ReportScope> => {
    const actor = actorOf(request);
    const own: ReportScope = { siteId: actor.siteId, dealerId: SITE_WIDE.has(actor.role) ? null : actor.userId };
    if (!dealerId || dealerId === own.dealerId) return own;
    const account = await reportAccount(pool, dealerId);
    if (!account || account.siteId !== actor.siteId || (mustBeDealer && !DEALERS.has(account.role))) throw new ApiError(404, 'noSuchUser');
    if (own.dealerId && !account.ancestors.includes(own.dealerId)) throw new ApiError(403, 'thisOperatorNotYour');
    return { siteId: actor.siteId, dealerId };
  };

  app.get('/catalog', { schema: { tags: ['reports'], summary: 'Every report, the projection that builds it and its live build', response: { 200: ReportCatalog, ...refusals } } }, async () => {
    const { rows } = await pool.query<Record<string, unknown>>(`select projection, version, build, events_applied::text as events_applied from projection_checkpoints where status = 'live'`);
    const live = new Map(rows.map((row) => [String(row.projection), row]));
    return {
      reports: Object.entries(REPORT_SOURCES).map(([report, source]) => {
        const build = live.get(source.projection);
        return {
          report: report as ReportName,
          projection: source.projection,
          version: build ? Number(build.version) : projectionNamed(source.projection)!.version,
          build: build ? Number(build.build) : null,
          eventsApplied: build ? Number(build.events_applied) : null,
          supportsAsOf: source.asOf,
        };
      }),
    };
  });

  app.get('/general', { schema: { tags: ['reports'], summary: 'General report: stakes, payouts, refunds, cash-outs, GGR and margin by day, sport or product', querystring: GeneralReportQuery, response: { 200: GeneralReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const groups = await generalReport(pool, scope, windowOf(q), q.groupBy);
    const totals = groups.reduce((sum, g) => addMoney(sum, g.sums), zeroMoney());
    const page = groups.slice(q.offset, q.offset + q.limit).map((g) => ({ key: g.key, ...moneyView(g.sums) }));
    return respond(reply, q.format, `general-${q.groupBy}`, page, { groupBy: q.groupBy, rows: page, totals: moneyView(totals), ...paging(groups.length, q), asOf: asOfView(q) });
  });

  app.get('/players', { schema: { tags: ['reports'], summary: 'Player report: betting money, deposits, withdrawals, bonuses, adjustments and credit per player in my scope', querystring: PlayerReportQuery, response: { 200: PlayerReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    if (q.dealerId) await scopeOf(request, q.dealerId);
    const filter = { underDealer: q.dealerId, search: q.search };
    const found = await playersInScope(pool, scope, filter, q);
    const sums = await accountSums(pool, found.accounts.map((a) => a.userId), windowOf(q));
    const rows = found.accounts.map((account) => {
      const s = sums.get(account.userId);
      return {
        userId: account.userId,
        userName: account.userName,
        role: account.role,
        parentId: account.parentId,
        ...moneyView(s ?? zeroMoney()),
        deposits: Number(s?.deposits ?? 0n),
        withdrawals: Number(s?.withdrawals ?? 0n),
        bonuses: Number(s?.bonuses ?? 0n),
        adjustments: Number(s?.adjustments ?? 0n),
        credit: Number(s?.credit ?? 0n),
      };
    });
    const totals = await playersTotal(pool, scope, filter, windowOf(q));
    return respond(reply, q.format, 'players', rows, { rows, totals: moneyView(totals), ...paging(found.total, q), asOf: asOfView(q) });
  });

  app.get(
    '/dealers',
    { schema: { tags: ['reports'], summary: "Profit and loss of a dealer's subtree (default: mine; site-wide staff: the site) and of each direct child", querystring: DealerReportQuery, response: { 200: DealerReport, ...refusals } } },
    async (request, reply) => {
      const q = request.query;
      const scope = await scopeOf(request, q.dealerId, true);
      const window = windowOf(q);
      const dealer = scope.dealerId ? await reportAccount(pool, scope.dealerId) : null;
      const scopeId = scope.dealerId ?? 'site';
      const [own, children] = await Promise.all([subtreeSums(pool, scope.siteId, [scopeId], window), childrenOf(pool, scope, q)]);
      const dealerChildren = children.accounts.filter((a) => DEALERS.has(a.role)).map((a) => a.userId);
      const playerChildren = children.accounts.filter((a) => !DEALERS.has(a.role)).map((a) => a.userId);
      const [subtrees, players] = await Promise.all([subtreeSums(pool, scope.siteId, dealerChildren, window), accountSums(pool, playerChildren, window)]);
      const rows = children.accounts.map((child) => {
        const isDealer = DEALERS.has(child.role);
        return { userId: child.userId, userName: child.userName, role: child.role, kind: isDealer ? ('dealer' as const) : ('player' as const), ...moneyView((isDealer ? subtrees : players).get(child.userId) ?? zeroMoney()) };
      });
      const node = dealer
        ? { userId: dealer.userId, userName: dealer.userName, role: dealer.role, kind: 'dealer' as const, ...moneyView(own.get(scopeId) ?? zeroMoney()) }
        : { userId: null, userName: scope.siteId, role: 'site', kind: 'site' as const, ...moneyView(own.get(scopeId) ?? zeroMoney()) };
      return respond(reply, q.format, 'dealers', [node, ...rows], { dealer: node, rows, ...paging(children.total, q), asOf: asOfView(q) });
    },
  );

  app.get(
    '/dealers/:dealerId/credit-history',
    { schema: { tags: ['reports'], summary: "Credit sent, received, cut and returned, and credit limits, in a dealer's whole subtree", params: DealerIdParams, querystring: ReportQuery, response: { 200: CreditHistory, ...refusals } } },
    async (request, reply) => {
      const q = request.query;
      const scope = await scopeOf(request, request.params.dealerId, true);
      const found = await ledgerEntries(pool, { siteId: scope.siteId, dealerId: request.params.dealerId, includeDealer: true }, CREDIT_TYPES, windowOf(q), q);
      const entries = found.entries.map(ledgerView);
      return respond(reply, q.format, 'credit-history', entries, { entries, net: Number(found.net), ...paging(found.total, q), asOf: asOfView(q) });
    },
  );

  app.get('/transfers', { schema: { tags: ['reports'], summary: 'Deposits credited and withdrawals held, paid and released in my scope', querystring: TransferReportQuery, response: { 200: TransferReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const types = TRANSFER_TYPES.filter((t) => !q.direction || t.startsWith(q.direction === 'deposit' ? 'Deposit' : 'Withdrawal'));
    const [found, totals] = await Promise.all([ledgerEntries(pool, scope, types, windowOf(q), q), transferTotals(pool, scope, windowOf(q))]);
    const entries = found.entries.map(ledgerView);
    return respond(reply, q.format, 'transfers', entries, {
      entries,
      totals: { deposits: Number(totals.deposits), withdrawalsHeld: Number(totals.withdrawalsHeld), withdrawalsPaid: Number(totals.withdrawalsPaid), withdrawalsReleased: Number(totals.withdrawalsReleased) },
      ...paging(found.total, q),
      asOf: asOfView(q),
    });
  });

  app.get('/adjustments', { schema: { tags: ['reports'], summary: 'Staff balance adjustments: the balance before and after, who and why', querystring: ReportQuery, response: { 200: AdjustmentReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const found = await ledgerEntries(pool, scope, ['BalanceAdjusted'], windowOf(q), q);
    const entries = found.entries.map(ledgerView);
    return respond(reply, q.format, 'adjustments', entries, { entries, ...paging(found.total, q), asOf: asOfView(q) });
  });

  app.get('/wagers', { schema: { tags: ['reports'], summary: 'Every coupon in my scope, cancelled and voided ones included, with who cancelled and why (each as it stood then, as of a past moment)', querystring: WagerReportQuery, response: { 200: WagerReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const found = await wagers(pool, scope, { status: q.status, userId: q.userId, from: q.from, to: q.to }, windowOf(q), q);
    const rows = found.rows.map((row) => ({ ...row, stake: Number(row.stake), payout: Number(row.payout) }));
    return respond(reply, q.format, 'wagers', rows, { rows, ...paging(found.total, q), asOf: asOfView(q) });
  });

  app.get('/liability', { schema: { tags: ['reports'], summary: 'Open stake and potential payout per match, market and outcome (now, or as of a past moment)', querystring: LiabilityReportQuery, response: { 200: LiabilityReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const found = await liabilityReport(pool, scope, { matchId: q.matchId }, windowOf(q), q);
    const rows = found.rows.map((row) => ({ ...row, openStake: Number(row.openStake), potentialPayout: Number(row.potentialPayout) }));
    return respond(reply, q.format, 'liability', rows, { rows, ...paging(found.total, q), asOf: asOfView(q) });
  });

  app.get('/ip-logs', { preParsing: requirePermission('ipLogView'), schema: { tags: ['reports'], summary: 'Logins and failed logins in my scope, newest first (as of a past moment: those up to it)', querystring: IpLogReportQuery, response: { 200: IpLogReport, ...refusals } } }, async (request, reply) => {
    const q = request.query;
    const scope = await scopeOf(request);
    const found = await ipLogEntries(pool, scope, { userId: q.userId, ip: q.ip, from: q.from, to: q.to }, windowOf(q), q);
    return respond(reply, q.format, 'ip-logs', found.entries, { entries: found.entries, ...paging(found.total, q), asOf: asOfView(q) });
  });

  // ---- replay for finance -------------------------------------------------------------------------

  app.post(
    '/replays',
    { preParsing: requireRole('admin', 'operator'), schema: { tags: ['reports'], summary: "Rebuild a report's projection into fresh tables; it swaps in when caught up", body: ReplayBody, response: { 202: ReplayView, ...refusals } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { report } = request.body;
      return reply.code(202).send(await replays.start(report, REPORT_SOURCES[report].projection, actor));
    },
  );
  app.post(
    '/replays/all',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['reports'], summary: 'Rebuild every report projection at once, reading the log once for all; one replay each, all started or none', response: { 202: ReplayList, ...refusals } },
    },
    async (request, reply) => reply.code(202).send({ replays: await replays.startTogether(EVERY_REPORT_PROJECTION, actorOf(request)) }),
  );
  app.get('/replays', { schema: { tags: ['reports'], summary: 'Replays started through any api process, newest first (the last 50)', response: { 200: ReplayList, ...refusals } } }, async () => ({ replays: await replays.list() }));
  app.get('/replays/:replayId', { schema: { tags: ['reports'], summary: 'Progress of a replay', params: ReplayIdParams, response: { 200: ReplayView, ...refusals } } }, async (request) => replays.view(request.params.replayId));
};

// ---- views --------------------------------------------------------------------------------------------

type Query = { from?: string | undefined; to?: string | undefined; asOf?: string | undefined; asOfPosition?: string | undefined; limit: number; offset: number };

function windowOf(q: Query): ReportWindow {
  return { from: q.from, to: q.to, asOf: q.asOf, asOfPosition: q.asOfPosition };
}

function asOfView(q: Query) {
  return q.asOf || q.asOfPosition ? { at: q.asOf ?? null, position: q.asOfPosition ?? null } : null;
}

function paging(total: number, q: Query) {
  return { total, limit: q.limit, offset: q.offset };
}

/** Money sums as the wire carries them: numbers (minor units), GGR and margin in basis points. */
function moneyView(sums: MoneySums) {
  const ggr = sums.stakes - sums.payouts - sums.refunds - sums.cashouts;
  return {
    stakes: Number(sums.stakes),
    payouts: Number(sums.payouts),
    refunds: Number(sums.refunds),
    cashouts: Number(sums.cashouts),
    ggr: Number(ggr),
    marginBp: sums.stakes === 0n ? null : Number((ggr * 10_000n) / sums.stakes),
    coupons: Number(sums.coupons),
  };
}

/** Events that move no money show the balance unchanged; a credit limit has none. */
const NO_MOVEMENT = new Set(['DepositRequested', 'DepositFailed', 'WithdrawalPaid']);

function ledgerView(row: LedgerRow) {
  const after = row.balanceAfter;
  return {
    ...row,
    amount: Number(row.amount),
    balanceAfter: after === null ? null : Number(after),
    balanceBefore: after === null ? null : Number(NO_MOVEMENT.has(row.type) ? after : after - row.amount),
  };
}

/** JSON, or the same rows as CSV (`format=csv`). */
function respond<T>(reply: FastifyReply, format: 'json' | 'csv', name: string, rows: readonly Record<string, unknown>[], body: T): T | FastifyReply {
  if (format === 'json') return body;
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}.csv"`)
    .send(toCsv(rows));
}
