import { decideTransfer } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import { RejectBody, TransferIdParams, TransfersQuery, TransfersResponse, TransferView } from '../contract/money';
import { refusal } from '../http/api-error';
import { requesterOf } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const STAFF = ['admin', 'operator'] as const;

/**
 * Transfer requests (`getTransfers`) and the staff decision on them: approve or reject a withdrawal
 * (held money is paid or released) or a deposit the staff confirm by hand (COMMUNITY_BANK).
 */
export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  const db = kyselyOver(services.pool);

  app.get(
    '/',
    { preParsing: requireLogin, schema: { tags: ['transfers'], summary: 'getTransfers: my deposit and withdrawal requests; staff: all of the site (all=true)', querystring: TransfersQuery, response: { 200: TransfersResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { from, to, limit, status, all } = request.query;
      let query = db.selectFrom('transfers').selectAll().where('site_id', '=', actor.siteId);
      if (!(all && (STAFF as readonly string[]).includes(actor.role))) query = query.where('account_id', '=', actor.userId);
      if (from) query = query.where('requested_at', '>=', new Date(from));
      if (to) query = query.where('requested_at', '<', new Date(to));
      if (status) query = query.where('status', '=', status);
      const rows = await query.orderBy('requested_at', 'desc').limit(limit).execute();
      return { transfers: rows.map((row) => transferView(row, services.providers)) };
    },
  );

  const decide = async (request: FastifyRequest, transferId: string, approve: boolean, reason: string) => {
    const actor = actorOf(request);
    const now = services.clock();
    const decided = await decideTransfer(services.commands, {
      transferId,
      approve,
      reason,
      siteId: actor.siteId,
      decidedByStaff: (transfer) => decidedByStaff(transfer, services.providers),
      by: requesterOf(request),
      now,
    });
    if (!decided.ok) throw refusal(decided.error);
    const { transfer: after } = decided;
    return {
      transferId,
      accountId: after.request.accountId,
      direction: after.request.direction,
      amount: after.request.amount,
      currency: after.request.currency,
      payId: after.request.payId,
      provider: after.request.provider,
      status: after.status,
      staffDecides: staffDecidesNow(after.status, after.request, services.providers),
      reason: after.reason,
      requestedAt: after.request.requestedAt,
      updatedAt: now.toISOString(),
    };
  };

  app.post(
    '/:transferId/approve',
    { preParsing: requireRole(...STAFF), schema: { tags: ['transfers'], summary: 'Staff approve a withdrawal (paid) or a hand-confirmed deposit (credited)', params: TransferIdParams, response: { 200: TransferView, ...refusals } } },
    async (request) => decide(request, request.params.transferId, true, ''),
  );

  app.post(
    '/:transferId/reject',
    { preParsing: requireRole(...STAFF), schema: { tags: ['transfers'], summary: 'Staff reject a transfer request (a held withdrawal is released)', params: TransferIdParams, body: RejectBody, response: { 200: TransferView, ...refusals } } },
    async (request) => decide(request, request.params.transferId, false, request.body.reason),
  );
};

/** A provider decides its own deposits (by its signed callback); staff decide withdrawals and hand-confirmed deposits. */
export function decidedByStaff(request: { readonly direction: string; readonly provider: string }, providers: ReadonlyMap<string, unknown>): boolean {
  return request.direction === 'withdrawal' || !providers.has(request.provider);
}

/** What a transfer view says in `staffDecides`: still requested, and staff's to decide. */
function staffDecidesNow(status: string, request: Parameters<typeof decidedByStaff>[0], providers: ReadonlyMap<string, unknown>): boolean {
  return status === 'requested' && decidedByStaff(request, providers);
}

function transferView(row: Record<string, unknown>, providers: ReadonlyMap<string, unknown>): z.output<typeof TransferView> {
  const status = String(row.status);
  return {
    transferId: String(row.transfer_id),
    accountId: String(row.account_id),
    direction: String(row.direction),
    amount: Number(row.amount),
    currency: String(row.currency),
    payId: Number(row.pay_id),
    provider: String(row.provider),
    status,
    staffDecides: staffDecidesNow(status, { direction: String(row.direction), provider: String(row.provider) }, providers),
    reason: (row.reason as string | null) ?? null,
    requestedAt: new Date(row.requested_at as string).toISOString(),
    updatedAt: new Date(row.updated_at as string).toISOString(),
  };
}
