import { STAFF_ROLES } from '@kupon/domain';
import { addCasino, casinoReportRows, type CasinoSums, type ReportScope, zeroCasino } from '@kupon/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import { CasinoReport, CasinoReportQuery } from '../contract/casino';
import { actorOf, requirePermission, requireRole } from '../plugins/auth';
import { toCsv } from '../http/csv';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

const SITE_WIDE = new Set(['admin', 'operator', 'partner', 'regulator']);

/**
 * The casino report (issue 8): bets, wins, rollbacks and GGR by day, game, provider or player, for
 * the site (site-wide staff) or a dealer's own subtree, "as of" a past time or position, JSON or CSV.
 * Registered beside the other reports (`/reports/casino`), with the same guards.
 */
export const casinoReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool } = app.identity;
  app.addHook('preParsing', requireRole(...STAFF_ROLES));
  app.addHook('preParsing', requirePermission('reportsView'));

  app.get(
    '/',
    { schema: { tags: ['reports'], summary: 'Casino report: bets, wins, rollbacks, GGR and margin by day, game, provider or player', querystring: CasinoReportQuery, response: { 200: CasinoReport, ...refusals } } },
    async (request, reply) => {
      const q = request.query;
      const actor = actorOf(request);
      const scope: ReportScope = { siteId: actor.siteId, dealerId: SITE_WIDE.has(actor.role) ? null : actor.userId };
      const groups = await casinoReportRows(pool, scope, { from: q.from, to: q.to, asOf: q.asOf, asOfPosition: q.asOfPosition }, q.groupBy);
      const totals = groups.reduce((sum, g) => addCasino(sum, g.sums), zeroCasino());
      const rows = groups.slice(q.offset, q.offset + q.limit).map((g) => ({ key: g.key, label: g.label, ...casinoView(g.sums) }));
      if (q.format === 'csv') {
        return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="casino-${q.groupBy}.csv"`).send(toCsv(rows) as never); // text: fastify sends a string as is, past the JSON schema
      }
      const asOf = q.asOf || q.asOfPosition ? { at: q.asOf ?? null, position: q.asOfPosition ?? null } : null;
      return { groupBy: q.groupBy, rows, totals: casinoView(totals), total: groups.length, limit: q.limit, offset: q.offset, asOf };
    },
  );
};

/** Sums as the wire carries them: GGR = bets − wins − refunds, margin in basis points of bets. */
function casinoView(sums: CasinoSums) {
  const ggr = sums.bets - sums.wins - sums.refunds;
  return {
    bets: Number(sums.bets),
    wins: Number(sums.wins),
    refunds: Number(sums.refunds),
    ggr: Number(ggr),
    marginBp: sums.bets === 0n ? null : Number((ggr * 10_000n) / sums.bets),
    rounds: Number(sums.betCount),
  };
}
