import type { SqlPool } from '@kupon/eventstore';
import { WALLET_MEASURED_TYPES } from '@kupon/domain';
import { BALANCE_SIGN } from '../wallet/wallets';

/**
 * Report queries over the `reports` read model (tables.ts), in SQL as the database speaks it.
 * Every answer is a set of sums that can be asked "as of" a time (daily sums of the whole days
 * before it plus the ledger of its own day up to it) or a global position (the ledger up to it).
 */

/**
 * An account row (`alias`, of `report_accounts` or `users`) under `dealer`: `@>`, which the accounts'
 * GIN index on their ancestors can serve (`dealer = any(ancestors)` cannot use it).
 */
const under = (alias: string, dealer: string): string => `${alias}.ancestors @> array[${dealer}]::text[]`;

/**
 * A ledger row (`l`) of an account in a dealer's subtree. Accounts never move in the tree, so the
 * ledger names only the account and its ancestors come from `report_accounts`.
 */
const inSubtree = (dealer: string): string => `l.account_id in (select s.account_id from report_accounts s where ${under('s', dealer)})`;

/** Whose money a query covers: a whole site, or one dealer's subtree within it. */
export interface ReportScope {
  readonly siteId: string;
  /** null: the whole site. */
  readonly dealerId: string | null;
}

export interface ReportWindow {
  /** First and last day, inclusive (YYYY-MM-DD, UTC). */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** ISO time: as the report stood then. */
  readonly asOf?: string | undefined;
  /** `commit:prepare`: as the report stood at that log position. */
  readonly asOfPosition?: string | undefined;
}

export interface Page {
  readonly limit: number;
  readonly offset: number;
}

export interface MoneySums {
  stakes: bigint;
  payouts: bigint;
  refunds: bigint;
  cashouts: bigint;
  coupons: bigint;
}
export interface AccountSums extends MoneySums {
  deposits: bigint;
  withdrawals: bigint;
  bonuses: bigint;
  adjustments: bigint;
  credit: bigint;
}

const MONEY = ['stakes', 'payouts', 'refunds', 'cashouts', 'coupons'] as const;
const ACCOUNT = [...MONEY, 'deposits', 'withdrawals', 'bonuses', 'adjustments', 'credit'] as const;
export const DEALER_ROLES_SQL = `('topDealer','dealer','subDealer')`;
export const CREDIT_TYPES = ['CreditSent', 'CreditReceived', 'CreditCut', 'CreditReturned', 'CreditLimitSet'] as const;
export const TRANSFER_TYPES = ['DepositRequested', 'DepositCredited', 'DepositFailed', 'WithdrawalHeld', 'WithdrawalPaid', 'WithdrawalReleased', 'WithdrawalReversed'] as const;

/**
 * Each measure from one ledger row (`l`), written as SQL from the wallet's one classification
 * (`WALLET_MEASURED_TYPES`), the rule the fold uses for the daily sums. A ledger row's amount is signed
 * as it moved the balance (`BALANCE_SIGN`), so a measure's value is direction × sign × amount; credit is
 * one column, in less out.
 */
const LEDGER_MEASURE = Object.fromEntries(
  ACCOUNT.map((measure) => {
    if (measure === 'coupons') return [measure, `case when l.event_type = 'CouponStaked' then 1 else 0 end`];
    const byFactor = new Map<number, string[]>();
    for (const { type, measure: moved, direction } of WALLET_MEASURED_TYPES) {
      const counts = measure === 'credit' ? moved === 'creditIn' || moved === 'creditOut' : moved === measure;
      if (!counts) continue;
      const factor = (moved === 'creditOut' ? -1 : 1) * direction * (BALANCE_SIGN[type] === 0 ? 1 : BALANCE_SIGN[type]);
      byFactor.set(factor, [...(byFactor.get(factor) ?? []), type]);
    }
    const whens = [...byFactor].map(([factor, types]) => `when l.event_type in (${sqlList(types)}) then ${factor === 1 ? '' : '-'}l.amount`);
    return [measure, whens.length ? `case ${whens.join(' ')} else 0 end` : '0'];
  }),
) as Record<(typeof ACCOUNT)[number], string>;
const BETTING_TYPES = `(${sqlList(WALLET_MEASURED_TYPES.filter((m) => (MONEY as readonly string[]).includes(m.measure)).map((m) => m.type))})`;

function sqlList(types: readonly string[]): string {
  return types.map((type) => `'${type}'`).join(',');
}

/** Numbered parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const utcStart = (day: string) => `(${day}::date)::timestamp at time zone 'UTC'`;

/**
 * Conditions of a window on the daily tables (`d.day`) and on the ledger (`l`). As of a time, the
 * daily part covers the whole days before it and the ledger part its own day up to it; as of a
 * position, only the ledger answers. Null: that part is not asked at all.
 */
export function windowParts(window: ReportWindow, p: Params): { daily: string | null; ledger: string | null } {
  const days: string[] = [];
  const ledger: string[] = [];
  if (window.from) {
    const from = p.add(window.from);
    days.push(`d.day >= ${from}::date`);
    ledger.push(`l.at >= ${utcStart(from)}`);
  }
  if (window.to) {
    const to = p.add(window.to);
    days.push(`d.day <= ${to}::date`);
    ledger.push(`l.at < ${utcStart(`(${to}::date + 1)`)}`);
  }
  if (window.asOfPosition) {
    const [commit, prepare] = window.asOfPosition.split(':');
    ledger.push(`(l.position_commit, l.position_prepare) <= (${p.add(commit)}::bigint, ${p.add(prepare)}::bigint)`);
    return { daily: null, ledger: ledger.join(' and ') || 'true' };
  }
  if (window.asOf) {
    const asOf = p.add(window.asOf);
    const asOfDay = `(${asOf}::timestamptz at time zone 'UTC')::date`;
    days.push(`d.day < ${asOfDay}`);
    ledger.push(`l.at >= ${utcStart(asOfDay)}`, `l.at <= ${asOf}::timestamptz`);
    return { daily: days.join(' and ') || 'true', ledger: ledger.join(' and ') };
  }
  return { daily: days.join(' and ') || 'true', ledger: null };
}

/** A table's own log position and time columns, as SQL references. */
interface Moment {
  readonly commit: string;
  readonly prepare: string;
  readonly at: string;
}

/**
 * "This row's moment is at or before the window's as-of point" (by position when one is asked,
 * else by time); null when the window asks for now. For tables that keep history with a position
 * and a time per row, not daily sums (those are windowParts' business).
 */
function atOrBefore(window: ReportWindow, p: Params, row: Moment): string | null {
  if (window.asOfPosition) {
    const [commit, prepare] = window.asOfPosition.split(':');
    return `(${row.commit}, ${row.prepare}) <= (${p.add(commit)}::bigint, ${p.add(prepare)}::bigint)`;
  }
  if (window.asOf) return `${row.at} <= ${p.add(window.asOf)}::timestamptz`;
  return null;
}

const big = (value: unknown) => BigInt((value as string | number | null) ?? 0);
function sumsOf<K extends string>(row: Record<string, unknown>, keys: readonly K[]): Record<K, bigint> {
  return Object.fromEntries(keys.map((k) => [k, big(row[k])])) as Record<K, bigint>;
}
export function zeroMoney(): MoneySums {
  return { stakes: 0n, payouts: 0n, refunds: 0n, cashouts: 0n, coupons: 0n };
}
export function addMoney(a: MoneySums, b: MoneySums): MoneySums {
  return { stakes: a.stakes + b.stakes, payouts: a.payouts + b.payouts, refunds: a.refunds + b.refunds, cashouts: a.cashouts + b.cashouts, coupons: a.coupons + b.coupons };
}

// ---- general ------------------------------------------------------------------------------------

export type GeneralGroup = 'day' | 'sport' | 'product';

/** Stakes, payouts, refunds and cash-outs by day, sport or product, for the site or a dealer's subtree. */
export async function generalReport(pool: SqlPool, scope: ReportScope, window: ReportWindow, groupBy: GeneralGroup): Promise<{ key: string; sums: MoneySums }[]> {
  const p = new Params();
  const parts = windowParts(window, p);
  const dailyKey = { day: `to_char(d.day, 'YYYY-MM-DD')`, sport: 'd.sport', product: 'd.product' }[groupBy];
  const ledgerKey = { day: `to_char(l.at at time zone 'UTC', 'YYYY-MM-DD')`, sport: `coalesce(l.sport, 'unknown')`, product: `coalesce(l.product, 'prematch')` }[groupBy];
  const selects: string[] = [];
  if (parts.daily) {
    selects.push(`select ${dailyKey} as key, ${MONEY.map((m) => `d.${m}`).join(', ')} from report_totals_daily d where d.site_id = ${p.add(scope.siteId)} and d.scope_id = ${p.add(scope.dealerId ?? 'site')} and ${parts.daily}`);
  }
  if (parts.ledger) {
    const inScope = scope.dealerId ? inSubtree(p.add(scope.dealerId)) : 'true';
    selects.push(
      `select ${ledgerKey} as key, ${MONEY.map((m) => `${LEDGER_MEASURE[m]} as ${m}`).join(', ')} from report_ledger l where l.site_id = ${p.add(scope.siteId)} and ${inScope} and l.event_type in ${BETTING_TYPES} and ${parts.ledger}`,
    );
  }
  const { rows } = await pool.query<Record<string, unknown>>(
    `select key, ${MONEY.map((m) => `sum(${m})::text as ${m}`).join(', ')} from (${selects.join(' union all ')}) x group by key order by key`,
    p.values,
  );
  return rows.map((row) => ({ key: String(row.key), sums: sumsOf(row, MONEY) }));
}

// ---- per account ----------------------------------------------------------------------------------

/** The sums of the given accounts (players, terminals) over a window. */
export async function accountSums(pool: SqlPool, accountIds: readonly string[], window: ReportWindow): Promise<Map<string, AccountSums>> {
  if (accountIds.length === 0) return new Map();
  const p = new Params();
  const ids = p.add(accountIds);
  const parts = windowParts(window, p);
  const selects: string[] = [];
  if (parts.daily) selects.push(`select d.account_id, ${ACCOUNT.map((m) => `d.${m}`).join(', ')} from report_account_daily d where d.account_id = any(${ids}::text[]) and ${parts.daily}`);
  if (parts.ledger) selects.push(`select l.account_id, ${ACCOUNT.map((m) => `${LEDGER_MEASURE[m]} as ${m}`).join(', ')} from report_ledger l where l.account_id = any(${ids}::text[]) and ${parts.ledger}`);
  const { rows } = await pool.query<Record<string, unknown>>(
    `select account_id, ${ACCOUNT.map((m) => `sum(${m})::text as ${m}`).join(', ')} from (${selects.join(' union all ')}) x group by account_id`,
    p.values,
  );
  return new Map(rows.map((row) => [String(row.account_id), sumsOf(row, ACCOUNT)]));
}

/** A scope's subtree totals (the roll-up): the site, or every account under a dealer. */
export async function subtreeSums(pool: SqlPool, siteId: string, scopeIds: readonly string[], window: ReportWindow): Promise<Map<string, MoneySums>> {
  if (scopeIds.length === 0) return new Map();
  const p = new Params();
  const site = p.add(siteId);
  const ids = p.add(scopeIds);
  const parts = windowParts(window, p);
  const selects: string[] = [];
  if (parts.daily) selects.push(`select d.scope_id, ${MONEY.map((m) => `d.${m}`).join(', ')} from report_totals_daily d where d.site_id = ${site} and d.scope_id = any(${ids}::text[]) and ${parts.daily}`);
  if (parts.ledger) {
    // One ledger row counts for every asked scope above it (and for the site).
    selects.push(
      `select s.scope_id, ${MONEY.map((m) => `${LEDGER_MEASURE[m]} as ${m}`).join(', ')}
         from report_ledger l left join report_accounts a on a.account_id = l.account_id cross join lateral (select unnest(${ids}::text[]) as scope_id) s
        where l.site_id = ${site} and l.event_type in ${BETTING_TYPES} and (s.scope_id = 'site' or s.scope_id = any(a.ancestors)) and ${parts.ledger}`,
    );
  }
  const { rows } = await pool.query<Record<string, unknown>>(
    `select scope_id, ${MONEY.map((m) => `sum(${m})::text as ${m}`).join(', ')} from (${selects.join(' union all ')}) x group by scope_id`,
    p.values,
  );
  return new Map(rows.map((row) => [String(row.scope_id), sumsOf(row, MONEY)]));
}

export interface ReportAccount {
  readonly userId: string;
  readonly userName: string;
  readonly role: string;
  readonly parentId: string | null;
  readonly siteId: string;
  readonly ancestors: readonly string[];
}

const toAccount = (row: Record<string, unknown>): ReportAccount => ({
  userId: String(row.account_id),
  userName: String(row.user_name),
  role: String(row.role),
  parentId: (row.parent_id as string | null) ?? null,
  siteId: String(row.site_id),
  ancestors: (row.ancestors as string[]) ?? [],
});

export async function reportAccount(pool: SqlPool, accountId: string): Promise<ReportAccount | null> {
  const { rows } = await pool.query<Record<string, unknown>>('select * from report_accounts where account_id = $1', [accountId]);
  return rows[0] ? toAccount(rows[0]) : null;
}

/** Players and terminals in scope (optionally under `underDealer`, named like `search`), by user name. */
export async function playersInScope(
  pool: SqlPool,
  scope: ReportScope,
  filter: { underDealer?: string | undefined; search?: string | undefined },
  page: Page,
): Promise<{ total: number; accounts: ReportAccount[]; all: string }> {
  const p = new Params();
  const where = [`a.site_id = ${p.add(scope.siteId)}`, `a.role in ('player','terminal')`];
  if (scope.dealerId) where.push(under('a', p.add(scope.dealerId)));
  if (filter.underDealer) where.push(under('a', p.add(filter.underDealer)));
  if (filter.search) where.push(`lower(a.user_name) like ${p.add(`%${filter.search.toLowerCase()}%`)}`);
  const { rows } = await pool.query<Record<string, unknown>>(
    `select a.*, count(*) over () as total from report_accounts a where ${where.join(' and ')} order by a.user_name, a.account_id limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return { total: Number(rows[0]?.total ?? 0), accounts: rows.map(toAccount), all: where.join(' and ') };
}

/** The betting sums of every player in scope (the report's totals line, not just the page). */
export async function playersTotal(pool: SqlPool, scope: ReportScope, filter: { underDealer?: string | undefined; search?: string | undefined }, window: ReportWindow): Promise<MoneySums> {
  // Without a name filter the roll-up rows already hold it.
  if (!filter.search) {
    const id = filter.underDealer ?? scope.dealerId ?? 'site';
    return (await subtreeSums(pool, scope.siteId, [id], window)).get(id) ?? zeroMoney();
  }
  const ids: string[] = [];
  for (let offset = 0; ; offset += 5_000) {
    const page = await playersInScope(pool, scope, filter, { limit: 5_000, offset });
    ids.push(...page.accounts.map((a) => a.userId));
    if (page.accounts.length < 5_000) break;
  }
  let total = zeroMoney();
  for (const sums of (await accountSums(pool, ids, window)).values()) total = addMoney(total, sums);
  return total;
}

/** The direct children of a dealer (or the site's top level: accounts not under any dealer), by user name. */
export async function childrenOf(pool: SqlPool, scope: ReportScope, page: Page): Promise<{ total: number; accounts: ReportAccount[] }> {
  const p = new Params();
  const site = p.add(scope.siteId);
  const under = scope.dealerId
    ? `a.parent_id = ${p.add(scope.dealerId)}`
    : `not exists (select 1 from report_accounts up where up.account_id = a.parent_id and up.role in ${DEALER_ROLES_SQL})`;
  const { rows } = await pool.query<Record<string, unknown>>(
    `select a.*, count(*) over () as total from report_accounts a
      where a.site_id = ${site} and ${under} and a.role in ('topDealer','dealer','subDealer','player','terminal')
      order by a.user_name, a.account_id limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return { total: Number(rows[0]?.total ?? 0), accounts: rows.map(toAccount) };
}

// ---- ledger listings -------------------------------------------------------------------------------

export interface LedgerRow {
  eventId: string;
  at: string;
  position: string;
  accountId: string;
  userName: string;
  type: string;
  amount: bigint;
  balanceAfter: bigint | null;
  counterpartyId: string | null;
  counterpartyName: string | null;
  transferId: string | null;
  byUserId: string;
  byUserName: string | null;
  note: string | null;
}

/**
 * Ledger rows of the given types in scope, newest first, with the names of the account, the
 * counterparty and the actor, and the signed sum of `amount` over every matching row.
 */
export async function ledgerEntries(
  pool: SqlPool,
  scope: ReportScope & { includeDealer?: boolean },
  types: readonly string[],
  window: ReportWindow,
  page: Page,
): Promise<{ total: number; net: bigint; entries: LedgerRow[] }> {
  const p = new Params();
  const where = [`l.site_id = ${p.add(scope.siteId)}`, `l.event_type = any(${p.add(types)}::text[])`];
  if (scope.dealerId) {
    const dealer = p.add(scope.dealerId);
    where.push(scope.includeDealer ? `(l.account_id = ${dealer} or ${inSubtree(dealer)})` : inSubtree(dealer));
  }
  const parts = windowParts(window, p);
  // The ledger holds every day: as of a time, everything up to it.
  if (parts.ledger) where.push(parts.ledger);
  if (parts.daily && !parts.ledger) where.push(parts.daily.replaceAll('d.day', `(l.at at time zone 'UTC')::date`));
  const { rows } = await pool.query<Record<string, unknown>>(
    `select l.event_id, l.at, l.position_commit::text || ':' || l.position_prepare::text as position, l.account_id, a.user_name, l.event_type,
            l.amount::text as amount, l.balance_after::text as balance_after, l.counterparty_id, c.user_name as counterparty_name,
            l.transfer_id, l.actor_id, b.user_name as actor_name, l.note,
            count(*) over () as total,
            (sum(case when l.event_type in ('CreditLimitSet','DepositRequested','DepositFailed','WithdrawalPaid') then 0 else l.amount end) over ())::text as net
       from report_ledger l
       left join report_accounts a on a.account_id = l.account_id
       left join report_accounts c on c.account_id = l.counterparty_id
       left join report_accounts b on b.account_id = l.actor_id
      where ${where.join(' and ')}
      order by l.at desc, l.position_commit desc, l.position_prepare desc
      limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    net: big(rows[0]?.net ?? 0),
    entries: rows.map((row) => ({
      eventId: String(row.event_id),
      at: new Date(row.at as string).toISOString(),
      position: String(row.position),
      accountId: String(row.account_id),
      userName: (row.user_name as string | null) ?? String(row.account_id),
      type: String(row.event_type),
      amount: big(row.amount),
      balanceAfter: row.balance_after === null ? null : big(row.balance_after),
      counterpartyId: (row.counterparty_id as string | null) ?? null,
      counterpartyName: (row.counterparty_name as string | null) ?? null,
      transferId: (row.transfer_id as string | null) ?? null,
      byUserId: String(row.actor_id),
      byUserName: (row.actor_name as string | null) ?? null,
      note: (row.note as string | null) ?? null,
    })),
  };
}

/** Transfer money in scope: deposits credited, withdrawals held, paid and released (positive amounts). */
export async function transferTotals(pool: SqlPool, scope: ReportScope, window: ReportWindow): Promise<Record<'deposits' | 'withdrawalsHeld' | 'withdrawalsPaid' | 'withdrawalsReleased', bigint>> {
  const p = new Params();
  const where = [`l.site_id = ${p.add(scope.siteId)}`, `l.event_type in ('DepositCredited','WithdrawalHeld','WithdrawalPaid','WithdrawalReleased','WithdrawalReversed')`];
  if (scope.dealerId) where.push(inSubtree(p.add(scope.dealerId)));
  const parts = windowParts(window, p);
  if (parts.ledger) where.push(parts.ledger);
  if (parts.daily && !parts.ledger) where.push(parts.daily.replaceAll('d.day', `(l.at at time zone 'UTC')::date`));
  const { rows } = await pool.query<Record<string, unknown>>(
    `select coalesce(sum(l.amount) filter (where l.event_type = 'DepositCredited'), 0)::text as deposits,
            coalesce(-sum(l.amount) filter (where l.event_type = 'WithdrawalHeld'), 0)::text as held,
            coalesce(sum(l.amount) filter (where l.event_type = 'WithdrawalPaid'), 0)::text as paid,
            coalesce(sum(l.amount) filter (where l.event_type in ('WithdrawalReleased','WithdrawalReversed')), 0)::text as released
       from report_ledger l where ${where.join(' and ')}`,
    p.values,
  );
  const row = rows[0] ?? {};
  return { deposits: big(row.deposits), withdrawalsHeld: big(row.held), withdrawalsPaid: big(row.paid), withdrawalsReleased: big(row.released) };
}

// ---- wagers, liability ------------------------------------------------------------------------------
// Each answers now, or "as of" a past position or time from its read model's history (a coupon's
// changes, a leg's stretches of exposure, the IP log's own positions).

export interface WagerRow {
  couponId: string;
  userId: string;
  userName: string;
  placedAt: string;
  product: string;
  sport: string;
  stake: bigint;
  status: string;
  payout: bigint;
  voidedLegs: number;
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancelledByName: string | null;
  reason: string | null;
}

/**
 * Coupons in scope, newest first: all, only cancelled, or only those with voided legs. As of a past
 * position or time: the coupons placed by then, each with the fate it had then (its last change at
 * or before it in report_coupon_changes).
 */
export async function wagers(
  pool: SqlPool,
  scope: ReportScope,
  filter: { status: 'all' | 'cancelled' | 'voided'; userId?: string | undefined; from?: string | undefined; to?: string | undefined },
  window: ReportWindow,
  page: Page,
): Promise<{ total: number; rows: WagerRow[] }> {
  const p = new Params();
  const then = atOrBefore(window, p, { commit: 'h.position_commit', prepare: 'h.position_prepare', at: 'h.at' });
  // The fate shown: the coupon's own row now, or its last change as of then.
  const fate = then
    ? `join lateral (select h.* from report_coupon_changes h where h.coupon_id = c.coupon_id and ${then}
                      order by h.position_commit desc, h.position_prepare desc limit 1) f on true`
    : '';
  const f = then ? 'f' : 'c';
  const where = [`c.site_id = ${p.add(scope.siteId)}`];
  if (scope.dealerId) where.push(under('a', p.add(scope.dealerId)));
  if (filter.userId) where.push(`c.account_id = ${p.add(filter.userId)}`);
  if (filter.status === 'cancelled') where.push(`${f}.status = 'cancelled'`);
  if (filter.status === 'voided') where.push(`${f}.voided_legs > 0`);
  if (filter.from) where.push(`c.placed_at >= ${utcStart(p.add(filter.from))}`);
  if (filter.to) where.push(`c.placed_at < ${utcStart(`(${p.add(filter.to)}::date + 1)`)}`);
  const { rows } = await pool.query<Record<string, unknown>>(
    `select c.coupon_id, c.account_id, c.placed_at, c.product, c.sport, c.stake::text as stake,
            ${f}.status, ${f}.payout::text as payout, ${f}.voided_legs, ${f}.cancelled_at, ${f}.cancelled_by, ${f}.reason,
            a.user_name, b.user_name as cancelled_by_name, count(*) over () as total
       from report_coupons c ${fate}
       join report_accounts a on a.account_id = c.account_id
       left join report_accounts b on b.account_id = ${f}.cancelled_by
      where ${where.join(' and ')}
      order by c.placed_at desc, c.coupon_id limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      couponId: String(row.coupon_id),
      userId: String(row.account_id),
      userName: String(row.user_name),
      placedAt: new Date(row.placed_at as string).toISOString(),
      product: String(row.product),
      sport: String(row.sport),
      stake: big(row.stake),
      status: String(row.status),
      payout: big(row.payout),
      voidedLegs: Number(row.voided_legs),
      cancelledAt: row.cancelled_at ? new Date(row.cancelled_at as string).toISOString() : null,
      cancelledBy: (row.cancelled_by as string | null) ?? null,
      cancelledByName: (row.cancelled_by_name as string | null) ?? null,
      reason: (row.reason as string | null) ?? null,
    })),
  };
}

export interface LiabilityRow {
  matchId: string;
  market: string;
  special: string;
  outcome: string;
  openStake: bigint;
  potentialPayout: bigint;
  coupons: number;
}

/**
 * The book's open exposure in scope, per match, market and outcome: the legs of the liability read
 * model counting then (liability_leg_history: open now, or opened by and not closed at the as-of
 * position or time), every brand's, narrowed to this site's (or this dealer's) coupons.
 */
export async function liabilityReport(
  pool: SqlPool,
  scope: ReportScope,
  filter: { matchId?: string | undefined },
  window: ReportWindow,
  page: Page,
): Promise<{ total: number; rows: LiabilityRow[] }> {
  const p = new Params();
  const where = [`c.site_id = ${p.add(scope.siteId)}`];
  if (scope.dealerId) where.push(under('a', p.add(scope.dealerId)));
  if (filter.matchId) where.push(`h.match_id = ${p.add(filter.matchId)}`);
  const opened = atOrBefore(window, p, { commit: 'h.opened_commit', prepare: 'h.opened_prepare', at: 'h.opened_at' });
  if (opened) {
    const closed = atOrBefore(window, p, { commit: 'h.closed_commit', prepare: 'h.closed_prepare', at: 'h.closed_at' });
    where.push(opened, `(h.closed_commit is null or not (${closed}))`);
  } else where.push('h.closed_commit is null');
  const { rows } = await pool.query<Record<string, unknown>>(
    `select h.match_id, h.market, h.special, h.outcome,
            sum(h.stake)::text as open_stake, sum(h.potential_payout)::text as potential_payout, count(*) as coupons, count(*) over () as total
       from liability_leg_history h
       join report_coupons c on c.coupon_id = h.coupon_id
       join report_accounts a on a.account_id = c.account_id
      where ${where.join(' and ')}
      group by 1, 2, 3, 4
      order by sum(h.potential_payout) desc, 1, 2, 3, 4
      limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.map((row) => ({
      matchId: String(row.match_id),
      market: String(row.market),
      special: String(row.special),
      outcome: String(row.outcome),
      openStake: big(row.open_stake),
      potentialPayout: big(row.potential_payout),
      coupons: Number(row.coupons),
    })),
  };
}

// ---- IP logs ----------------------------------------------------------------------------------------

export type IpLogEntry = {
  userId: string;
  userName: string;
  ip: string;
  method: string;
  success: boolean;
  reason: string | null;
  userAgent: string;
  at: string;
};

/** Logins and failed logins in scope (the identity-ip-logs read model), newest first; as of a past position or time, those up to it. */
export async function ipLogEntries(
  pool: SqlPool,
  scope: ReportScope,
  filter: { userId?: string | undefined; ip?: string | undefined; from?: string | undefined; to?: string | undefined },
  window: ReportWindow,
  page: Page,
): Promise<{ total: number; entries: IpLogEntry[] }> {
  const p = new Params();
  const where = [`l.site_id = ${p.add(scope.siteId)}`];
  if (scope.dealerId) where.push(under('u', p.add(scope.dealerId)));
  if (filter.userId) where.push(`l.user_id = ${p.add(filter.userId)}::uuid`);
  if (filter.ip) where.push(`l.ip = ${p.add(filter.ip)}`);
  if (filter.from) where.push(`l.at >= ${utcStart(p.add(filter.from))}`);
  if (filter.to) where.push(`l.at < ${utcStart(`(${p.add(filter.to)}::date + 1)`)}`);
  const then = atOrBefore(window, p, { commit: 'l.position_commit', prepare: 'l.position_prepare', at: 'l.at' });
  if (then) where.push(then);
  const { rows } = await pool.query<Record<string, unknown>>(
    `select l.user_id, u.user_name, l.ip, l.method, l.success, l.reason, l.user_agent, l.at, count(*) over () as total
       from ip_logs l join users u on u.user_id = l.user_id
      where ${where.join(' and ')}
      order by l.at desc, l.seq desc limit ${page.limit} offset ${page.offset}`,
    p.values,
  );
  return { total: Number(rows[0]?.total ?? 0), entries: rows.map(ipLogEntryOf) };
}

/** An ip_logs row joined with its user's name (user_name), as the IP log lists it. */
export function ipLogEntryOf(row: Record<string, unknown>): IpLogEntry {
  return {
    userId: String(row.user_id),
    userName: String(row.user_name),
    ip: String(row.ip),
    method: String(row.method),
    success: Boolean(row.success),
    reason: (row.reason as string | null) ?? null,
    userAgent: String(row.user_agent),
    at: new Date(row.at as string).toISOString(),
  };
}
