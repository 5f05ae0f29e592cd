import { type BetsCancelled, CASINO_WALLET_EVENT_TYPES, type CouponEvent, type Fixture, type UserRegistered, type WalletEvent, walletMeasure } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type Insertable, type RawBuilder, sql, type Transaction } from 'kysely';
import { anyOf, insertJsonRows, writesStatement } from '../../runner/json-rows';
import type { BatchCarry, PreparedBatch } from '../../runner/projection';
import { foldEach } from '../../runner/worker';
import { BALANCE_SIGN } from '../wallet/wallets';
import { ACCOUNT_MEASURES, type AccountMeasure, BETTING_MEASURES, REPORT_COLUMNS, type ReportTables } from './tables';

type Tx = Transaction<ReportTables>;
type Account = Insertable<ReportTables['report_accounts']> & { ancestors: string[] };
type Coupon = Omit<Insertable<ReportTables['report_coupons']>, 'legs'> & { legs: Record<string, string> };
type Match = Insertable<ReportTables['report_matches']>;
type LedgerRow = Insertable<ReportTables['report_ledger']>;
type CouponChange = Insertable<ReportTables['report_coupon_changes']>;
type Sums = Record<AccountMeasure, bigint>;

const WALLET_TYPES = new Set<string>(Object.keys(BALANCE_SIGN));
/** Casino money is its own product (and, in a breakdown by sport, its own line). */
const CASINO_TYPES: ReadonlySet<string> = new Set(CASINO_WALLET_EVENT_TYPES);
const COUPON_TYPES = new Set(['SelectionSettled', 'SelectionResettled', 'CouponSettled', 'CouponResettled', 'CouponSold', 'CouponCancelled']);

const zeroSums = (): Sums => Object.fromEntries(ACCOUNT_MEASURES.map((m) => [m, 0n])) as Sums;
const streamId = (streamName: string) => streamName.slice(streamName.indexOf('-') + 1);
export const dayOf = (at: string) => at.slice(0, 10);

/**
 * Folds one batch of events in memory and writes it in one set-based statement (writesStatement):
 * lookups loaded once, ledger rows in one insert, daily sums added with one upsert per table. The
 * runner applies each batch exactly once (its checkpoint moves in the same transaction), so adding
 * is safe.
 */
export async function applyReportBatch(tx: Tx, events: readonly RecordedEvent[], carry?: BatchCarry): Promise<void> {
  const fold = new ReportFold(carry ? carriedRows(carry) : freshRows());
  await fold.load(tx, fold.unknownKeys(events));
  fold.applyAll(events);
  await writesStatement(fold.writes())?.execute(tx);
}

/**
 * The batch folded in memory without the database, for the runner to write while it folds the next
 * one (Projection.prepareBatch): only when the carry holds every row the batch looks up and need not
 * let rows go; otherwise null, having changed nothing, and the batch goes through applyReportBatch.
 */
export function prepareReportBatch(events: readonly RecordedEvent[], carry: BatchCarry, checkpointMoved: RawBuilder<boolean>): PreparedBatch | null {
  const rows = carry.get(CARRY_KEY) as KnownRows | undefined;
  if (!rows || tablesOf(rows).some(overLimit)) return null;
  const fold = new ReportFold(rows);
  const keys = fold.unknownKeys(events);
  if (keys.accounts.length || keys.coupons.length || keys.matches.length) return null;
  fold.applyAll(events);
  return { writes: fold.writes(checkpointMoved) };
}

interface LookupKeys {
  readonly accounts: string[];
  readonly coupons: string[];
  readonly matches: string[];
}

/** The rows of the lookup tables the fold has read or written, by key, as the tables hold them. */
interface KnownRows {
  readonly accounts: Map<string, Account>;
  readonly coupons: Map<string, Coupon>;
  readonly matches: Map<string, Match>;
}

const freshRows = (): KnownRows => ({ accounts: new Map(), coupons: new Map(), matches: new Map() });

/** Rows kept in the carry at most (per table); beyond, the table's rows are let go and read again as needed. */
const MAX_CARRIED_ROWS = 200_000;
const CARRY_KEY = 'reports';
const tablesOf = (rows: KnownRows) => Object.values(rows) as Map<string, unknown>[];
const overLimit = (table: Map<string, unknown>) => table.size > MAX_CARRIED_ROWS;

/**
 * The rows the worker's previous batches read or wrote (BatchCarry: as the tables hold them after
 * those commits), so a batch reads only accounts, coupons and matches it has not met yet. Measured on
 * the replay bench: those lookups were ~18% of a batch. Each table keeps at most MAX_CARRIED_ROWS.
 */
function carriedRows(carry: BatchCarry): KnownRows {
  let rows = carry.get(CARRY_KEY) as KnownRows | undefined;
  if (!rows) carry.set(CARRY_KEY, (rows = freshRows()));
  for (const table of tablesOf(rows)) if (overLimit(table)) table.clear();
  return rows;
}

class ReportFold {
  private readonly accounts: Map<string, Account>;
  private readonly newAccounts: Account[] = [];
  private readonly matches: Map<string, Match>;
  private readonly dirtyMatches = new Set<string>();
  private readonly coupons: Map<string, Coupon>;
  private readonly dirtyCoupons = new Set<string>();
  private readonly couponChanges: CouponChange[] = [];
  private readonly ledger: LedgerRow[] = [];
  /** `site|scope|day|sport|product` → sums. */
  private readonly totals = new Map<string, Sums>();
  /** `account|day` → sums. */
  private readonly accountDays = new Map<string, { siteId: string; sums: Sums }>();

  constructor(known: KnownRows) {
    this.accounts = known.accounts;
    this.coupons = known.coupons;
    this.matches = known.matches;
  }

  /** The accounts, coupons and matches the batch names that the fold does not know yet. */
  unknownKeys(events: readonly RecordedEvent[]): LookupKeys {
    const accountIds = new Set<string>();
    const couponIds = new Set<string>();
    const matchIds = new Set<string>();
    // A coupon staked in this batch before anything else names it is new (a coupon is staked once, and
    // a stake does not read the row it replaces): nothing to look up for it. Measured on the replay
    // bench: these lookups of coupons not stored yet were ~9% of the rebuild.
    const staked = new Set<string>();
    const refer = (couponId: string) => {
      if (!staked.has(couponId)) couponIds.add(couponId);
    };
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      if (WALLET_TYPES.has(event.type)) {
        accountIds.add(streamId(event.streamName));
        if (typeof data.couponId === 'string') refer(data.couponId);
        if (event.type === 'CouponStaked') {
          const placed = (event.data as unknown as WalletCouponStaked).coupon;
          if (!couponIds.has(placed.couponId)) staked.add(placed.couponId);
          for (const s of placed.selections) matchIds.add(s.matchId);
        }
      } else if (COUPON_TYPES.has(event.type)) refer(data.couponId as string);
      else if (event.type === 'BetsCancelled' || event.type === 'FixtureChanged' || event.type === 'FixtureCreated') matchIds.add(data.matchId as string);
    }
    const unknown = (ids: Set<string>, known: Map<string, unknown>) => [...ids].filter((id) => !known.has(id));
    return { accounts: unknown(accountIds, this.accounts), coupons: unknown(couponIds, this.coupons), matches: unknown(matchIds, this.matches) };
  }

  async load(tx: Tx, keys: LookupKeys): Promise<void> {
    const [accounts, coupons, matches] = await Promise.all([
      keys.accounts.length ? tx.selectFrom('report_accounts').selectAll().where(anyOf('account_id', keys.accounts)).execute() : [],
      keys.coupons.length ? tx.selectFrom('report_coupons').selectAll().where(anyOf('coupon_id', keys.coupons)).execute() : [],
      keys.matches.length ? tx.selectFrom('report_matches').selectAll().where(anyOf('match_id', keys.matches)).execute() : [],
    ]);
    for (const a of accounts) this.accounts.set(a.account_id, a);
    for (const c of coupons) this.coupons.set(c.coupon_id, { ...c, placed_at: new Date(c.placed_at).toISOString(), cancelled_at: c.cancelled_at ? new Date(c.cancelled_at).toISOString() : null, legs: c.legs });
    for (const m of matches) this.matches.set(m.match_id, m);
  }

  applyAll(events: readonly RecordedEvent[]): void {
    foldEach(events, (event) => this.apply(event));
  }

  private apply(event: RecordedEvent): void {
    if (WALLET_TYPES.has(event.type)) return this.money(event);
    if (COUPON_TYPES.has(event.type)) return this.wager(event);
    switch (event.type) {
      case 'UserRegistered': {
        const d = (event as unknown as UserRegistered).data;
        if (this.accounts.has(d.userId)) return;
        const account: Account = { account_id: d.userId, site_id: d.siteId, parent_id: d.parentId, ancestors: [...d.ancestors], role: d.role, user_name: d.userName };
        this.accounts.set(d.userId, account);
        this.newAccounts.push(account);
        return;
      }
      case 'FixtureCreated':
      case 'FixtureChanged': {
        const fixture = event.data as unknown as Fixture;
        const known = this.matches.get(fixture.matchId);
        this.matches.set(fixture.matchId, { match_id: fixture.matchId, sport: String(fixture.sportId), cancel_reason: known?.cancel_reason ?? null });
        this.dirtyMatches.add(fixture.matchId);
        return;
      }
      case 'BetsCancelled': {
        const d = (event as unknown as BetsCancelled).data;
        const known = this.matches.get(d.matchId);
        this.matches.set(d.matchId, { match_id: d.matchId, sport: known?.sport ?? 'unknown', cancel_reason: d.reason });
        this.dirtyMatches.add(d.matchId);
        return;
      }
      default:
        return;
    }
  }

  private money(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as unknown as WalletEvent;
    const accountId = streamId(recorded.streamName);
    if (event.type === 'WalletOpened') {
      // A wallet whose owner the identity log does not know (not the case in this product, but a fold must not lose money).
      if (!this.accounts.has(accountId)) {
        const account: Account = { account_id: accountId, site_id: event.data.siteId, parent_id: null, ancestors: [], role: event.data.ownerKind, user_name: accountId };
        this.accounts.set(accountId, account);
        this.newAccounts.push(account);
      }
      return;
    }
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`money event on wallet ${accountId} before its owner is known`);
    const at = event.data.at;
    const day = dayOf(at);
    let coupon: Coupon | undefined;
    if (event.type === 'CouponStaked') {
      coupon = this.stake(account, event.data.coupon);
      this.changed(coupon, recorded);
    } else if ('couponId' in event.data) {
      coupon = this.coupons.get(event.data.couponId);
    }
    const casino = CASINO_TYPES.has(event.type) ? 'casino' : null;
    const sign = BALANCE_SIGN[event.type];
    const amount = event.type === 'CreditLimitSet' ? event.data.creditLimit : event.data.amount;
    // What moved the balance; events that move none keep the amount they name (a request, a paid-out hold, a limit).
    const signed = sign === 0 ? amount : sign * amount;
    const data = event.data as Record<string, unknown>;
    this.ledger.push({
      event_id: recorded.id,
      position_commit: recorded.position.commit.toString(),
      position_prepare: recorded.position.prepare.toString(),
      at,
      site_id: account.site_id,
      account_id: accountId,
      event_type: event.type,
      amount: signed,
      balance_after: event.type === 'CreditLimitSet' ? null : event.data.balance,
      sport: coupon?.sport ?? casino,
      product: coupon?.product ?? casino,
      coupon_id: coupon?.coupon_id ?? null,
      transfer_id: typeof data.transferId === 'string' ? data.transferId : null,
      counterparty_id: typeof data.toAccountId === 'string' ? data.toAccountId : typeof data.fromAccountId === 'string' ? data.fromAccountId : null,
      actor_id: typeof data.byUserId === 'string' ? data.byUserId : recorded.metadata.actor.userId,
      note: typeof data.reason === 'string' ? data.reason : typeof data.bonusId === 'string' ? data.bonusId : null,
    });

    const moved = walletMeasure(event);
    if (!moved) return;
    // Reports show dealer credit as one column: in less out (site-wide, minus what is outstanding on prepaid cards).
    const measure: AccountMeasure = moved.measure === 'creditIn' || moved.measure === 'creditOut' ? 'credit' : moved.measure;
    const value = BigInt(moved.measure === 'creditOut' ? -moved.amount : moved.amount);
    const accountDay = `${accountId}|${day}`;
    let own = this.accountDays.get(accountDay);
    if (!own) this.accountDays.set(accountDay, (own = { siteId: account.site_id, sums: zeroSums() }));
    own.sums[measure] += value;
    if (event.type === 'CouponStaked') own.sums.coupons += 1n;
    if (!(BETTING_MEASURES as readonly string[]).includes(measure)) return;
    const sport = coupon?.sport ?? casino ?? 'unknown';
    const product = coupon?.product ?? casino ?? 'prematch';
    for (const scope of ['site', ...account.ancestors]) {
      const key = `${account.site_id}|${scope}|${day}|${sport}|${product}`;
      let sums = this.totals.get(key);
      if (!sums) this.totals.set(key, (sums = zeroSums()));
      sums[measure] += value;
      if (event.type === 'CouponStaked') sums.coupons += 1n;
    }
  }

  private stake(account: Account, placed: WalletCouponStaked['coupon']): Coupon {
    const sports = new Set(placed.selections.map((s) => this.matches.get(s.matchId)?.sport ?? 'unknown'));
    const coupon: Coupon = {
      coupon_id: placed.couponId,
      account_id: account.account_id,
      site_id: account.site_id,
      sport: sports.size === 1 ? [...sports][0]! : 'mixed',
      product: placed.isLive ? 'live' : 'prematch',
      stake: placed.totalStake,
      payout: 0,
      status: 'waiting',
      legs: Object.fromEntries(placed.selections.map((s) => [s.id, s.matchId])),
      voided_legs: 0,
      placed_at: placed.placedAt,
      cancelled_at: null,
      cancelled_by: null,
      reason: null,
    };
    this.coupons.set(coupon.coupon_id, coupon);
    this.dirtyCoupons.add(coupon.coupon_id);
    return coupon;
  }

  /** The wager report: a coupon's fate, who cancelled it and why, which legs were voided and why; each change kept for "as of". */
  private wager(recorded: RecordedEvent): void {
    const event = { type: recorded.type, data: recorded.data } as unknown as CouponEvent;
    const coupon = this.coupons.get(event.data.couponId);
    if (!coupon) return;
    this.dirtyCoupons.add(coupon.coupon_id);
    const before = fateOf(coupon);
    this.fate(recorded, event, coupon);
    if (fateOf(coupon) !== before) this.changed(coupon, recorded);
  }

  private fate(recorded: RecordedEvent, event: CouponEvent, coupon: Coupon): void {
    const voidReason = (selectionId: string) => {
      const matchId = coupon.legs[selectionId];
      return (matchId ? this.matches.get(matchId)?.cancel_reason : null) ?? 'voidResult';
    };
    switch (event.type) {
      case 'SelectionSettled':
        if (event.data.result === 'void') {
          coupon.voided_legs += 1;
          coupon.reason ??= voidReason(event.data.selectionId);
        }
        return;
      case 'SelectionResettled':
        if (event.data.previousResult === 'void') coupon.voided_legs -= 1;
        if (event.data.result === 'void') {
          coupon.voided_legs += 1;
          coupon.reason ??= voidReason(event.data.selectionId);
        }
        return;
      case 'CouponSettled':
      case 'CouponResettled':
        coupon.status = event.data.status === 1 ? 'won' : event.data.status === -1 ? 'lost' : 'waiting';
        coupon.payout = event.data.payout;
        return;
      case 'CouponSold':
        coupon.status = 'sold';
        coupon.payout = event.data.amount;
        return;
      case 'CouponCancelled': {
        const actor = recorded.metadata.actor;
        const given = (event.data as { reason?: unknown }).reason;
        coupon.status = 'cancelled';
        coupon.cancelled_at = event.data.at;
        coupon.cancelled_by = actor.userId;
        coupon.reason = typeof given === 'string' && given ? given : actor.userId === coupon.account_id ? 'cancelledByPlayer' : 'cancelledByStaff';
        return;
      }
      default:
        return;
    }
  }

  /** The coupon's fate as this event left it, at the event's position and time. */
  private changed(coupon: Coupon, recorded: RecordedEvent): void {
    this.couponChanges.push({
      coupon_id: coupon.coupon_id,
      position_commit: recorded.position.commit.toString(),
      position_prepare: recorded.position.prepare.toString(),
      at: recorded.metadata.at,
      status: coupon.status,
      payout: coupon.payout,
      voided_legs: coupon.voided_legs,
      cancelled_at: coupon.cancelled_at ?? null,
      cancelled_by: coupon.cancelled_by ?? null,
      reason: coupon.reason ?? null,
    });
  }

  /** An insert or upsert per table (each table once, each row once); given `where`, rows go in only where it holds. */
  writes(where?: RawBuilder<boolean>): RawBuilder<unknown>[] {
    const parts: RawBuilder<unknown>[] = [];
    if (this.newAccounts.length) parts.push(sql`${insertJsonRows('report_accounts', REPORT_COLUMNS.report_accounts, this.newAccounts, where)} on conflict (account_id) do nothing`);
    const matches = [...this.dirtyMatches].map((id) => this.matches.get(id)!);
    if (matches.length) parts.push(sql`${insertJsonRows('report_matches', REPORT_COLUMNS.report_matches, matches, where)} on conflict (match_id) do update set sport = excluded.sport, cancel_reason = excluded.cancel_reason`);
    const coupons = [...this.dirtyCoupons].map((id) => this.coupons.get(id)!);
    if (coupons.length) {
      parts.push(sql`${insertJsonRows('report_coupons', REPORT_COLUMNS.report_coupons, coupons, where)} on conflict (coupon_id) do update set
        status = excluded.status, payout = excluded.payout, voided_legs = excluded.voided_legs,
        cancelled_at = excluded.cancelled_at, cancelled_by = excluded.cancelled_by, reason = excluded.reason`);
    }
    if (this.couponChanges.length) parts.push(insertJsonRows('report_coupon_changes', REPORT_COLUMNS.report_coupon_changes, this.couponChanges, where));
    if (this.ledger.length) parts.push(insertJsonRows('report_ledger', REPORT_COLUMNS.report_ledger, this.ledger, where));
    const totals = [...this.totals].map(([key, sums]) => {
      const [site_id, scope_id, day, sport, product] = key.split('|') as [string, string, string, string, string];
      return { site_id, scope_id, day, sport, product, ...Object.fromEntries(BETTING_MEASURES.map((m) => [m, sums[m].toString()])) };
    });
    if (totals.length) {
      parts.push(sql`${insertJsonRows('report_totals_daily', REPORT_COLUMNS.report_totals_daily, totals, where)} on conflict (site_id, scope_id, day, sport, product) do update set ${addExcluded('report_totals_daily', BETTING_MEASURES)}`);
    }
    const days = [...this.accountDays].map(([key, { siteId, sums }]) => {
      const [account_id, day] = key.split('|') as [string, string];
      return { account_id, day, site_id: siteId, ...Object.fromEntries(ACCOUNT_MEASURES.map((m) => [m, sums[m].toString()])) };
    });
    if (days.length) parts.push(sql`${insertJsonRows('report_account_daily', REPORT_COLUMNS.report_account_daily, days, where)} on conflict (account_id, day) do update set ${addExcluded('report_account_daily', ACCOUNT_MEASURES)}`);
    return parts;
  }
}

type WalletCouponStaked = Extract<WalletEvent, { type: 'CouponStaked' }>['data'];

/** What the wager report shows of a coupon's fate, as one comparable value. */
const fateOf = (c: Coupon) => JSON.stringify([c.status, String(c.payout), c.voided_legs, c.cancelled_at ?? null, c.cancelled_by ?? null, c.reason ?? null]);

/** `measure = <table>.measure + excluded.measure, …` (the table name moves with the build). */
function addExcluded(table: 'report_totals_daily' | 'report_account_daily', measures: readonly string[]) {
  return sql.join(measures.map((m) => sql`${sql.id(m)} = ${sql.ref(`${table}.${m}`)} + ${sql.ref(`excluded.${m}`)}`));
}
