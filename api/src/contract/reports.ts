import { z } from 'zod';

/**
 * Wire shapes of the reports context (issue 8): back-office reports, replay for finance, the
 * regulator's export. Amounts are integer minor units (signed where noted); margins are integer
 * basis points (GGR × 10,000 / stakes, rounded toward zero; null without stakes). No floats.
 *
 * API shape notes (every route under /api/v1, the brand from x-site-id, the session cookie):
 *
 * Who: staff roles with the `reportsView` permission. Site-wide staff (admin, operator, partner,
 * regulator) see their whole site; a dealer (topDealer, dealer, subDealer) sees its own subtree
 * only: asking for another dealer's subtree is 403 `thisOperatorNotYour`. The regulator is read
 * only (every non-GET is 403 `readOnlyRole`). Replays: admin and operator only.
 *
 * Common query (ReportQuery): `from`, `to` (YYYY-MM-DD, inclusive, UTC days), `asOf` (ISO
 * datetime: the report as it stood then, i.e. over money events whose time is ≤ asOf) or
 * `asOfPosition` (`commit:prepare`: over events up to that global log position), `limit` (1–500,
 * default 50), `offset`, `format=csv` (the same rows as text/csv with a header line; paging still
 * applies, so ask with limit=500 and walk offset for more).
 *
 *   GET  /reports/general?groupBy=day|sport|product     GeneralReport   stakes, payouts, refunds, cash-outs, GGR, margin
 *   GET  /reports/players?dealerId=&search=             PlayerReport    one row per player (terminals too) in scope
 *   GET  /reports/dealers?dealerId=                     DealerReport    P&L of a dealer's subtree (default: me; site-wide staff: the site)
 *                                                                       and one row per direct child (a dealer child: its subtree sum)
 *   GET  /reports/dealers/:dealerId/credit-history      CreditHistory   credit sent / received / cut / returned / limits in that subtree
 *   GET  /reports/transfers?direction=deposit|withdrawal TransferReport deposits credited, withdrawals held / paid / released
 *   GET  /reports/adjustments                           AdjustmentReport staff balance adjustments: before, after, by whom, why
 *   GET  /reports/wagers?status=cancelled|voided|all    WagerReport     coupons, cancelled and voided ones with who and why
 *                                                                       (as of: the coupons placed by then, each with its fate then)
 *   GET  /reports/liability?matchId=                    LiabilityReport open stake and potential payout per match/market/outcome
 *                                                                       (as of: the legs counting then)
 *   GET  /reports/ip-logs?userId=&ip=                   IpLogReport     logins and failed logins (as of: those up to then)
 *   GET  /reports/casino?groupBy=day|game|provider|player|product CasinoReport bets, wins, rollbacks, GGR (contract/casino.ts)
 *
 *   GET  /reports/catalog                               ReportCatalog   every report and the projection that builds it (with its build state)
 *   POST /reports/replays  { report }                   ReplayView 202  rebuild the report's projection into fresh tables, swap when caught up
 *   POST /reports/replays/all                           { replays: ReplayView[] } 202  every report projection at once (one read of the log), one replay each
 *   GET  /reports/replays                               { replays: ReplayView[] }  newest first, started through any api process
 *   GET  /reports/replays/:replayId                     ReplayView      progress: eventsDone / eventsTotal, eventsPerSecond, state
 *
 *   GET  /events/export?stream=…  or ?from=&to=          application/x-ndjson download: an ExportHeader line, then one
 *                                                         ExportedEvent line per event (with prevHash and hash)
 *   `npm run verify-export -- file.jsonl` re-checks such a file offline and prints OK or the first broken link.
 */

const day = z.iso.date({ message: 'dateRequired|day' });
/** A global position as `commit:prepare`. */
const position = z.string().regex(/^\d{1,20}:\d{1,20}$/, 'invalidField|asOfPosition');

export const ReportQuery = z.object({
  from: day.optional().describe('first day, inclusive (UTC, YYYY-MM-DD)'),
  to: day.optional().describe('last day, inclusive'),
  asOf: z.iso.datetime({ message: 'datetimeRequired|asOf' }).optional().describe('the report as it stood at this time'),
  asOfPosition: position.optional().describe('the report as it stood at this global log position (commit:prepare)'),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  format: z.enum(['json', 'csv']).default('json'),
});
export type ReportQuery = z.input<typeof ReportQuery>;

/** What a report answered for: the time or position it was asked "as of", if any. */
export const AsOf = z.object({ at: z.string().nullable(), position: z.string().nullable() }).nullable();
export type AsOf = z.infer<typeof AsOf>;

/** Betting money, from the players' wallets. GGR = stakes − payouts − refunds − cashouts. */
export const MoneyTotals = z.object({
  stakes: z.number().int(),
  /** Winnings credited, net of corrections (a corrected result can take back: negative). */
  payouts: z.number().int(),
  refunds: z.number().int(),
  cashouts: z.number().int(),
  ggr: z.number().int(),
  /** GGR in basis points of stakes; null without stakes. */
  marginBp: z.number().int().nullable(),
  coupons: z.number().int(),
});
export type MoneyTotals = z.infer<typeof MoneyTotals>;

const paged = { total: z.number().int(), limit: z.number().int(), offset: z.number().int(), asOf: AsOf };

export const GeneralReportQuery = ReportQuery.extend({ groupBy: z.enum(['day', 'sport', 'product']).default('day') });
export const GeneralReportRow = MoneyTotals.extend({
  /** The day (YYYY-MM-DD), the sport id (`1` football… `mixed` for a coupon over several sports, `unknown`), or the product (`prematch`, `live`). */
  key: z.string(),
});
export const GeneralReport = z.object({ groupBy: z.enum(['day', 'sport', 'product']), rows: z.array(GeneralReportRow), totals: MoneyTotals, ...paged });
export type GeneralReport = z.infer<typeof GeneralReport>;

export const PlayerReportQuery = ReportQuery.extend({
  dealerId: z.uuid('noSuchUser').optional().describe('only players under this dealer (must be in my scope)'),
  search: z.string().max(40, 'unexpectedLength|search').optional().describe('user name contains'),
});
export const PlayerReportRow = MoneyTotals.extend({
  userId: z.string(),
  userName: z.string(),
  role: z.string(),
  parentId: z.string().nullable(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  bonuses: z.number().int(),
  /** Staff adjustments, signed. */
  adjustments: z.number().int(),
  /** Dealer credit received minus credit cut. */
  credit: z.number().int(),
});
export const PlayerReport = z.object({ rows: z.array(PlayerReportRow), totals: MoneyTotals, ...paged });
export type PlayerReport = z.infer<typeof PlayerReport>;

export const DealerReportQuery = ReportQuery.extend({ dealerId: z.uuid('noSuchUser').optional().describe('default: me (site-wide staff: the whole site)') });
export const DealerReportNode = MoneyTotals.extend({
  userId: z.string().nullable().describe('null for the whole site'),
  userName: z.string(),
  role: z.string(),
  /** `dealer`: totals of its whole subtree; `player`: its own. */
  kind: z.enum(['site', 'dealer', 'player']),
});
export const DealerReport = z.object({
  /** The dealer asked for: the sum of its whole subtree. */
  dealer: DealerReportNode,
  /** Its direct children, by user name: each dealer with its own subtree sum, each player with its own. */
  rows: z.array(DealerReportNode),
  ...paged,
});
export type DealerReport = z.infer<typeof DealerReport>;

export const DealerIdParams = z.object({ dealerId: z.uuid('noSuchUser') });

export const LedgerEntry = z.object({
  eventId: z.string(),
  at: z.string(),
  /** Global log position, `commit:prepare`. */
  position: z.string(),
  accountId: z.string(),
  userName: z.string(),
  type: z.string(),
  /** Signed from the account's point of view. */
  amount: z.number().int(),
  balanceBefore: z.number().int().nullable(),
  balanceAfter: z.number().int().nullable(),
  counterpartyId: z.string().nullable(),
  counterpartyName: z.string().nullable(),
  transferId: z.string().nullable(),
  /** Who caused it (the event's actor). */
  byUserId: z.string(),
  byUserName: z.string().nullable(),
  note: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const CreditHistory = z.object({
  entries: z.array(LedgerEntry),
  /** Credit received (+) and sent/cut (−) summed over the entries of the whole query, not just this page. */
  net: z.number().int(),
  ...paged,
});
export type CreditHistory = z.infer<typeof CreditHistory>;

export const TransferReportQuery = ReportQuery.extend({ direction: z.enum(['deposit', 'withdrawal']).optional() });
export const TransferTotals = z.object({ deposits: z.number().int(), withdrawalsHeld: z.number().int(), withdrawalsPaid: z.number().int(), withdrawalsReleased: z.number().int() });
export const TransferReport = z.object({ entries: z.array(LedgerEntry), totals: TransferTotals, ...paged });
export type TransferReport = z.infer<typeof TransferReport>;

export const AdjustmentReport = z.object({ entries: z.array(LedgerEntry), ...paged });
export type AdjustmentReport = z.infer<typeof AdjustmentReport>;

export const WagerReportQuery = ReportQuery.extend({ status: z.enum(['all', 'cancelled', 'voided']).default('all'), userId: z.uuid('noSuchUser').optional() });
export const WagerRow = z.object({
  couponId: z.string(),
  userId: z.string(),
  userName: z.string(),
  placedAt: z.string(),
  product: z.string(),
  sport: z.string(),
  stake: z.number().int(),
  /** waiting | won | lost | sold | cancelled */
  status: z.string(),
  payout: z.number().int(),
  /** Selections voided (void result or a bet cancel on the match). */
  voidedLegs: z.number().int(),
  cancelledAt: z.string().nullable(),
  cancelledBy: z.string().nullable(),
  cancelledByName: z.string().nullable(),
  /** Why it was cancelled, or why legs were voided (the match's bet-cancel reason). */
  reason: z.string().nullable(),
});
export const WagerReport = z.object({ rows: z.array(WagerRow), ...paged });
export type WagerReport = z.infer<typeof WagerReport>;

export const LiabilityReportQuery = ReportQuery.pick({ asOf: true, asOfPosition: true, limit: true, offset: true, format: true }).extend({ matchId: z.string().max(80).optional() });
export const LiabilityRow = z.object({ matchId: z.string(), market: z.string(), special: z.string(), outcome: z.string(), openStake: z.number().int(), potentialPayout: z.number().int(), coupons: z.number().int() });
export const LiabilityReport = z.object({ rows: z.array(LiabilityRow), ...paged });
export type LiabilityReport = z.infer<typeof LiabilityReport>;

export const IpLogReportQuery = ReportQuery.extend({ userId: z.uuid('noSuchUser').optional(), ip: z.string().max(64).optional() });
export const IpLogRow = z.object({ userId: z.string(), userName: z.string(), ip: z.string(), method: z.string(), success: z.boolean(), reason: z.string().nullable(), userAgent: z.string(), at: z.string() });
export const IpLogReport = z.object({ entries: z.array(IpLogRow), ...paged });
export type IpLogReport = z.infer<typeof IpLogReport>;

// ---- replay ---------------------------------------------------------------------------------------

export const REPORT_NAMES = ['general', 'players', 'dealers', 'credit-history', 'transfers', 'adjustments', 'wagers', 'liability', 'ip-logs', 'casino'] as const;
export const ReportName = z.enum(REPORT_NAMES, { message: 'invalidField|report' });
export type ReportName = z.infer<typeof ReportName>;

export const ReportCatalogEntry = z.object({
  report: ReportName,
  /** The projection that builds it; a replay rebuilds every report that shares it. */
  projection: z.string(),
  version: z.number().int(),
  /** The live build and how many events it has applied (null before the first build). */
  build: z.number().int().nullable(),
  eventsApplied: z.number().int().nullable(),
  supportsAsOf: z.boolean(),
});
export const ReportCatalog = z.object({ reports: z.array(ReportCatalogEntry) });
export type ReportCatalog = z.infer<typeof ReportCatalog>;

export const ReplayBody = z.object({ report: ReportName });
export const ReplayIdParams = z.object({ replayId: z.uuid('noSuchReplay') });
/**
 * queued → building (fresh tables filling) → live (swapped in) | failed; interrupted: the api process
 * running it stopped (a crash or kill) before it swapped in, the old build still serves and a new
 * replay starts again from position 0 (projections/REPLAY.md). A second start while one runs is 409
 * `replayRunning|<projection>`.
 */
export const ReplayState = z.enum(['queued', 'building', 'live', 'failed', 'interrupted']);
export const ReplayView = z.object({
  replayId: z.string(),
  report: ReportName,
  projection: z.string(),
  version: z.number().int(),
  build: z.number().int().nullable(),
  state: ReplayState,
  /** Events applied into the new build. */
  eventsDone: z.number().int(),
  /** Events it handles up to the head when it started (grows if events arrive meanwhile). */
  eventsTotal: z.number().int(),
  eventsPerSecond: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  startedBy: z.string(),
  /** The staff member's user name and site, as they were when the replay started. */
  startedByName: z.string(),
  siteId: z.string(),
  error: z.string().nullable(),
});
export type ReplayView = z.infer<typeof ReplayView>;
export const ReplayList = z.object({ replays: z.array(ReplayView) });

// ---- regulator export -------------------------------------------------------------------------------

export const ExportQuery = z.object({
  stream: z.string().min(1).max(200, 'invalidField|stream').optional().describe('one stream, whole'),
  from: z.iso.datetime({ message: 'datetimeRequired|from' }).optional().describe('time range start, inclusive (with to, instead of stream)'),
  to: z.iso.datetime({ message: 'datetimeRequired|to' }).optional().describe('time range end, exclusive'),
});

/** The first line of an export file. */
export const ExportHeader = z.object({
  kind: z.literal('kupon-event-export'),
  version: z.literal(1),
  scope: z.enum(['stream', 'range']),
  stream: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  siteId: z.string(),
  exportedAt: z.string(),
  exportedBy: z.string(),
  /** Event lines that follow. */
  events: z.number().int(),
  /** How the hash is made, so anyone can re-verify without our code. */
  hashRule: z.string(),
});
export type ExportHeader = z.infer<typeof ExportHeader>;

/** Every following line: one stored event exactly as hashed. */
export const ExportedEvent = z.object({
  streamName: z.string(),
  streamRevision: z.string(),
  position: z.string(),
  id: z.string(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  /** Present (true) when the actor belongs to another brand and was withheld: the hash cannot be recomputed, only its links checked. */
  actorWithheld: z.boolean().optional(),
});
export type ExportedEvent = z.infer<typeof ExportedEvent>;
