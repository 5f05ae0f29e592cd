import { randomUUID } from 'node:crypto';
import { allCommittedVisible, comparePositions, type EventStore, type NewEvent, type Position, type RecordedEvent, START } from '@kupon/eventstore';
import { type Kysely, sql } from 'kysely';
import type { Projection } from '../runner/projection';

/**
 * A test projection with a fold that is easy to compute independently: each wallet's balance from
 * `Deposited` / `Withdrawn`, ignoring every other event type (so its subscription is filtered).
 */
export interface LedgerTables {
  ledger_balances: { wallet: string; balance: string; entries: string };
}

export const LEDGER_TYPES = ['Deposited', 'Withdrawn'] as const;

export interface LedgerOptions {
  readonly version?: number;
  /** Throws on the nth apply call (1-based, counting every call), once. */
  readonly failOnCall?: number;
}

export function ledger(options: LedgerOptions = {}): Projection<LedgerTables> & { readonly calls: () => number } {
  let calls = 0;
  let failed = false;
  const version = options.version ?? 1;
  return {
    name: 'ledger',
    version,
    handles: LEDGER_TYPES,
    tables: ['ledger_balances'],
    calls: () => calls,
    async createTables(tx) {
      let table = tx.schema.createTable('ledger_balances').addColumn('wallet', 'text', (c) => c.primaryKey()).addColumn('balance', 'bigint', (c) => c.notNull());
      // Version 2 also counts entries: a change of shape that needs a rebuild.
      if (version >= 2) table = table.addColumn('entries', 'bigint', (c) => c.notNull());
      await table.execute();
    },
    // Readers' index: a build filled behind a serving one gets it at its swap.
    indexes: (db) => [db.schema.createIndex('ledger_balances_by_balance').ifNotExists().on('ledger_balances').columns(['balance', 'wallet'])],
    async apply(tx, event) {
      calls++;
      if (calls === options.failOnCall && !failed) {
        failed = true;
        throw new Error(`injected failure on call ${calls}`);
      }
      const amount = BigInt(event.data.amount as number) * (event.type === 'Withdrawn' ? -1n : 1n);
      const wallet = event.streamName;
      const values = version >= 2 ? { wallet, balance: amount.toString(), entries: '1' } : { wallet, balance: amount.toString() };
      await tx
        .insertInto('ledger_balances')
        .values(values as LedgerTables['ledger_balances'])
        .onConflict((oc) =>
          oc.column('wallet').doUpdateSet((eb) => ({
            balance: eb('ledger_balances.balance', '+', eb.ref('excluded.balance')),
            ...(version >= 2 ? { entries: eb('ledger_balances.entries', '+', eb.ref('excluded.entries')) } : {}),
          })),
        )
        .execute();
    },
  };
}

export interface LedgerRow {
  readonly wallet: string;
  readonly balance: bigint;
  readonly entries?: bigint;
}

/** The ledger computed straight from the log, up to `upTo`: what the read table must equal. */
export function foldLedger(events: readonly RecordedEvent[], upTo?: Position, withEntries = false): LedgerRow[] {
  const wallets = new Map<string, { balance: bigint; entries: bigint }>();
  for (const event of events) {
    if (upTo && comparePositions(event.position, upTo) > 0) break;
    if (!(LEDGER_TYPES as readonly string[]).includes(event.type)) continue;
    const wallet = wallets.get(event.streamName) ?? { balance: 0n, entries: 0n };
    wallet.balance += BigInt(event.data.amount as number) * (event.type === 'Withdrawn' ? -1n : 1n);
    wallet.entries += 1n;
    wallets.set(event.streamName, wallet);
  }
  return [...wallets]
    .map(([wallet, { balance, entries }]) => (withEntries ? { wallet, balance, entries } : { wallet, balance }))
    .sort(byKey((row) => row.wallet));
}

/** What readers see: the plain-named view. */
export async function readLedger(db: Kysely<any>): Promise<LedgerRow[]> {
  const rows = await sql<{ wallet: string; balance: string; entries?: string }>`select * from ledger_balances`.execute(db);
  return rows.rows
    .map((row) => ({ wallet: row.wallet, balance: BigInt(row.balance), ...(row.entries === undefined ? {} : { entries: BigInt(row.entries) }) }))
    .sort(byKey((row) => row.wallet));
}

export async function readWholeLog(store: EventStore): Promise<RecordedEvent[]> {
  // Every event committed so far: one stays unseen while an older transaction of any client is open.
  await allCommittedVisible(store);
  const all: RecordedEvent[] = [];
  let from = START;
  for (;;) {
    const page = await store.readAll({ fromPosition: from, maxCount: 1000 });
    all.push(...page);
    if (page.length < 1000) return all;
    from = page.at(-1)!.position;
  }
}

/**
 * Appends `count` events over a few wallets and coupons, deterministic for a seed: deposits,
 * withdrawals, and events the ledger does not handle, in bursts of 1–3 per append.
 */
export async function appendActivity(store: EventStore, count: number, seed = 1): Promise<Position> {
  // mulberry32: small, seedable, good enough to mix event types.
  let state = seed >>> 0;
  const next = (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  let last: Position = START;
  let written = 0;
  while (written < count) {
    const burst = Math.min(count - written, 1 + next(3));
    const isWallet = next(4) !== 0;
    const stream = isWallet ? `wallet-${seed}-${next(7)}` : `coupon-${seed}-${next(5)}`;
    const events: NewEvent[] = [];
    for (let i = 0; i < burst; i++) {
      const roll = next(10);
      const type = !isWallet ? 'CouponPlaced' : roll < 5 ? 'Deposited' : roll < 8 ? 'Withdrawn' : 'LimitChanged';
      events.push(newEvent(type, { amount: 1 + next(1000) }));
    }
    last = (await store.append(stream, events, { expectedRevision: 'any' })).position;
    written += burst;
  }
  return last;
}

export function newEvent(type: string, data: Record<string, number | string>): NewEvent {
  const id = randomUUID();
  return {
    id,
    type,
    data,
    metadata: { correlationId: id, causationId: id, actor: { userId: 'user-test', role: 'player', ip: '127.0.0.1' }, at: '2026-11-22T10:00:00.000Z', schemaVersion: 1 },
  };
}

/** Code-point order: the database's collation may order 'wallet-1-2' and 'wallet-10-1' otherwise. */
export function byKey<T>(key: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
}
