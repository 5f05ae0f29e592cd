import { comparePositions, kyselyOver, type Position, type RecordedEvent, streamCategory } from '@kupon/eventstore';
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventLog } from '../read-models/event-log';
import { streamStats } from '../read-models/stream-stats';
import { appendActivity, byKey, foldLedger, ledger, LEDGER_TYPES, newEvent, readLedger, readWholeLog } from '../testing/ledger';
import { type TestStorage, testBackends } from '../testing/storage';
import { insertJsonRows } from './json-rows';
import type { BatchCarry, PreparedBatch, Projection } from './projection';
import { ProjectionRunner } from './projection-runner';
import { rebuildProjection, rebuildProjections } from './rebuild';
import { ProjectionApplyError } from './worker';

for (const backend of testBackends) {
  describe(`projection runner on ${backend.name}`, () => {
    let storage: TestStorage;
    let db: Kysely<any>;
    const runners: ProjectionRunner[] = [];
    const runner = (options: Omit<ConstructorParameters<typeof ProjectionRunner>[0], 'store' | 'pool'>) => {
      const created = new ProjectionRunner({ store: storage.store, pool: storage.pool, ...options });
      runners.push(created);
      return created;
    };

    beforeEach(async () => {
      storage = await backend.open();
      db = kyselyOver(storage.pool);
    });

    afterEach(async () => {
      for (const r of runners.splice(0)) await r.stop();
      await storage.close();
    });

    it('rolls back the batch an apply fails in, stops that projection alone, and a restart applies every event exactly once', async () => {
      await appendActivity(storage.store, 400, 1);
      const failing = ledger({ failOnCall: 137 });
      const r = runner({ projections: [failing, streamStats], batchSize: 50 });
      await r.start();

      const failure = await r.waitUntilCaughtUp().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProjectionApplyError);
      const failed = r.status().find((s) => s.name === 'ledger')!;
      expect(failed.state).toBe('failed');
      expect(failed.error).toContain('injected failure on call 137');
      expect(failed.eventsApplied).toBeLessThan(137);
      // Events of the failing batch before the failing one were applied, then rolled back with it.
      expect(failing.calls() - 1).toBeGreaterThan(failed.eventsApplied);
      // The other projection is unaffected.
      await r.waitUntilCaughtUp(undefined, ['stream-stats']);

      // What was committed is exactly the batches before the failing one, checkpoint included.
      const events = await readWholeLog(storage.store);
      expect(await readLedger(db)).toEqual(foldLedger(events, failed.position));
      const row = await checkpointRow(db, 'ledger');
      expect(row.last_error).toContain('injected failure');
      expect(Number(row.events_applied)).toBe(failed.eventsApplied);

      await r.start();
      await r.waitUntilCaughtUp();
      expect(await readLedger(db)).toEqual(foldLedger(events));
      const restarted = r.status().find((s) => s.name === 'ledger')!;
      expect(restarted).toMatchObject({ state: 'live', error: null, eventsApplied: handledCount(events) });
      expect((await checkpointRow(db, 'ledger')).last_error).toBeNull();
    });

    it('moves the checkpoint with the writes: stopped mid-stream and restarted by another runner, nothing is counted twice', async () => {
      const first = runner({ projections: [ledger(), streamStats, eventLog], batchSize: 7 });
      await first.start();
      const appending = (async () => {
        for (let seed = 10; seed < 16; seed++) await appendActivity(storage.store, 40, seed);
      })();
      await appendActivity(storage.store, 30, 2);
      await first.waitUntilCaughtUp();
      await first.stop(); // while the appends go on
      await appending;

      const second = runner({ projections: [ledger(), streamStats, eventLog], batchSize: 7 });
      await second.start();
      await second.waitUntilCaughtUp();

      const events = await readWholeLog(storage.store);
      expect(events.length).toBe(270);
      expect(await readLedger(db)).toEqual(foldLedger(events));
      expect(await readStreamStats(db)).toEqual(foldStreamStats(events));
      const logged = await sql<{ event_id: string }>`select event_id from event_log order by position_commit, position_prepare`.execute(db);
      expect(logged.rows.map((row) => row.event_id)).toEqual(events.map((event) => event.id));
      for (const status of second.status()) expect(status.position).toEqual(lastHandled(events, status.name)?.position);
    });

    it('brings events appended after start to the read table, and is caught up when the log ends with events it does not handle', async () => {
      const r = runner({ projections: [ledger()] });
      await r.start();
      await r.waitUntilCaughtUp();
      expect(await readLedger(db)).toEqual([]);

      const deposited = await storage.store.append('wallet-live', [newEvent('Deposited', { amount: 250 })], { expectedRevision: 'no_stream' });
      await r.waitUntilCaughtUp(deposited.position);
      expect(await readLedger(db)).toEqual([{ wallet: 'wallet-live', balance: 250n }]);

      await storage.store.append('wallet-live', [newEvent('Withdrawn', { amount: 100 }), newEvent('LimitChanged', { amount: 1 })], { expectedRevision: 0n });
      for (let i = 0; i < 30; i++) await storage.store.append(`coupon-${i}`, [newEvent('CouponPlaced', { amount: i })], { expectedRevision: 'no_stream' });
      await r.waitUntilCaughtUp();
      expect(await readLedger(db)).toEqual([{ wallet: 'wallet-live', balance: 150n }]);
      const [lag] = await r.lag();
      expect(lag).toMatchObject({ state: 'live', eventsApplied: 2, lag: 0 });
    });

    it('builds a new version into fresh tables while the old one serves, and swaps it in when caught up', async () => {
      await appendActivity(storage.store, 200, 3);
      const v1 = runner({ projections: [ledger({ version: 1 })] });
      await v1.start();
      await v1.waitUntilCaughtUp();
      await v1.stop();
      const before = await readWholeLog(storage.store);
      expect(await readLedger(db)).toEqual(foldLedger(before));

      // Version 2 fails on its first event: it is building, so version 1 must keep serving.
      const v2 = runner({ projections: [ledger({ version: 2, failOnCall: 1 })], batchSize: 25 });
      await v2.start();
      await expect(v2.waitUntilCaughtUp()).rejects.toBeInstanceOf(ProjectionApplyError);
      expect(await readLedger(db)).toEqual(foldLedger(before));
      expect(await builds(db)).toEqual([
        { version: 1, build: 0, status: 'live' },
        { version: 2, build: 0, status: 'building' },
      ]);
      expect(await tableExists(db, 'ledger_balances_v2')).toBe(true);
      // Readers' indexes: the serving build has them from its start; the build filling behind it not yet.
      expect([await tableExists(db, 'ledger_balances_v1_by_balance'), await tableExists(db, 'ledger_balances_v2_by_balance')]).toEqual([true, false]);

      await appendActivity(storage.store, 60, 4);
      await v2.start();
      await v2.waitUntilCaughtUp();
      const after = await readWholeLog(storage.store);
      expect(await readLedger(db)).toEqual(foldLedger(after, undefined, true));
      expect(await builds(db)).toEqual([{ version: 2, build: 0, status: 'live' }]);
      expect(await tableExists(db, 'ledger_balances_v1')).toBe(false);
      expect(await tableExists(db, 'ledger_balances_v2_by_balance')).toBe(true);

      // Live after the swap.
      await storage.store.append('wallet-after-swap', [newEvent('Deposited', { amount: 7 })], { expectedRevision: 'no_stream' });
      await v2.waitUntilCaughtUp();
      expect((await readLedger(db)).find((row) => row.wallet === 'wallet-after-swap')).toEqual({ wallet: 'wallet-after-swap', balance: 7n, entries: 1n });

      // The old code, started again, finds itself superseded and writes nothing.
      const stale = runner({ projections: [ledger({ version: 1 })] });
      await stale.start();
      expect(stale.status()[0]).toMatchObject({ state: 'superseded' });
      await expect(stale.waitUntilCaughtUp()).rejects.toThrow(/superseded/);
    });

    it('replays a projection nothing has built yet: its first build goes live at once and the replay ends when caught up', async () => {
      await appendActivity(storage.store, 120, 7);
      const result = await rebuildProjection({ store: storage.store, pool: storage.pool, projection: ledger() });
      const events = await readWholeLog(storage.store);
      expect(result).toMatchObject({ state: 'live', build: 0, eventsApplied: handledCount(events) });
      expect(await builds(db)).toEqual([{ version: 1, build: 0, status: 'live' }]);
      expect(await readLedger(db)).toEqual(foldLedger(events));
    });

    it('replays several projections together from one read of the log, each into fresh tables behind the one serving, each equal to its own fold', async () => {
      await appendActivity(storage.store, 300, 8);
      const first = runner({ projections: [ledger(), streamStats, eventLog], batchSize: 40 });
      await first.start();
      await first.waitUntilCaughtUp();
      await first.stop();
      await appendActivity(storage.store, 200, 9);

      const statuses = await rebuildProjections({ store: storage.store, pool: storage.pool, projections: [{ projection: ledger() }, { projection: streamStats }, { projection: eventLog }], batchSize: 25 });
      const events = await readWholeLog(storage.store);
      expect(statuses.map((s) => [s.name, s.state, s.build, s.eventsApplied])).toEqual([
        ['ledger', 'live', 1, handledCount(events)],
        ['stream-stats', 'live', 1, events.length],
        ['event-log', 'live', 1, events.length],
      ]);
      expect(await readLedger(db)).toEqual(foldLedger(events));
      expect(await readStreamStats(db)).toEqual(foldStreamStats(events));
      const logged = await sql<{ event_id: string }>`select event_id from event_log order by position_commit, position_prepare`.execute(db);
      expect(logged.rows.map((row) => row.event_id)).toEqual(events.map((event) => event.id));
    });

    it('replays a projection into fresh tables next to a running runner, which then follows the new build', async () => {
      await appendActivity(storage.store, 300, 5);
      const r = runner({ projections: [ledger(), streamStats] });
      await r.start();
      await r.waitUntilCaughtUp();

      const events = await readWholeLog(storage.store);
      let total = -1;
      const progress: number[] = [];
      const result = await rebuildProjection({
        store: storage.store,
        pool: storage.pool,
        projection: ledger(),
        batchSize: 40,
        onStart: (plan) => (total = plan.total),
        onProgress: (status) => progress.push(status.eventsApplied),
      });
      expect(total).toBe(handledCount(events));
      expect(result).toMatchObject({ state: 'live', build: 1, eventsApplied: total });
      expect(progress.at(-1)).toBe(total);
      expect(await builds(db)).toEqual([{ version: 1, build: 1, status: 'live' }]);
      expect(await tableExists(db, 'ledger_balances_v1')).toBe(false);
      expect(await tableExists(db, 'ledger_balances_v1_r1_by_balance')).toBe(true);
      expect(await readLedger(db)).toEqual(foldLedger(events));

      await appendActivity(storage.store, 80, 6);
      await r.waitUntilCaughtUp();
      expect(await readLedger(db)).toEqual(foldLedger(await readWholeLog(storage.store)));
      expect(r.status().find((s) => s.name === 'ledger')).toMatchObject({ state: 'live', build: 1 });
    });

    it('what a projection carries from batch to batch never outlives a batch that rolled back: restarted, it counts every event once', async () => {
      await appendActivity(storage.store, 300, 3);
      const counter = carriedCounter(4);
      const r = runner({ projections: [counter], batchSize: 40 });
      await r.start();
      expect(await r.waitUntilCaughtUp().catch((error: unknown) => error)).toBeInstanceOf(ProjectionApplyError);
      // Not every batch read the table: streams met before were in the carry.
      const readBefore = counter.batchesThatRead();
      expect(readBefore).toBeLessThan(4);

      await r.start();
      await r.waitUntilCaughtUp();
      const perStream = new Map<string, number>();
      for (const event of await readWholeLog(storage.store)) perStream.set(event.streamName, (perStream.get(event.streamName) ?? 0) + 1);
      const rows = (await db.selectFrom('carried_counts').selectAll().execute()) as { stream: string; n: number }[];
      expect(new Map(rows.map((row) => [row.stream, row.n]))).toEqual(perStream);
      // The restart began with an empty carry and read the table again.
      expect(counter.batchesThatRead()).toBeGreaterThan(readBefore);
    });

    it('folds the next batch while the database writes this one; a write that fails with a batch folded ahead loses nothing and counts nothing twice', async () => {
      await appendActivity(storage.store, 600, 4);
      const counter = carriedCounter(Number.POSITIVE_INFINITY, { foldAhead: true, failWriteOnBatch: 6 });
      const r = runner({ projections: [counter], batchSize: 40 });
      await r.start();
      const failure = await r.waitUntilCaughtUp().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProjectionApplyError);
      const failed = r.status().find((s) => s.name === 'carried-counter')!;
      expect(failed.state).toBe('failed');
      // Batches were folded before their transaction (the next one while the database wrote the last, when the log had it).
      expect(counter.batchesFoldedAhead()).toBeGreaterThan(1);
      const events = await readWholeLog(storage.store);
      // The table holds exactly the batches committed before the failed write, checkpoint included.
      expect(await readCounts(db)).toEqual(countPerStream(events, failed.position));

      await r.start();
      await r.waitUntilCaughtUp();
      expect(await readCounts(db)).toEqual(countPerStream(events));
      expect(r.status().find((s) => s.name === 'carried-counter')).toMatchObject({ state: 'live', eventsApplied: events.length });
    });

    it('two runners folding ahead over one build: a batch whose checkpoint the other runner moved first writes nothing, so every event counts once', async () => {
      await appendActivity(storage.store, 400, 5);
      const first = addingCounter();
      const second = addingCounter();
      const a = runner({ projections: [first], batchSize: 20 });
      const b = runner({ projections: [second], batchSize: 20 });
      await Promise.all([a.start(), b.start()]);
      await Promise.all([a.waitUntilCaughtUp(), b.waitUntilCaughtUp()]);
      // Both raced for the same batches and both folded ahead; each batch was written once.
      expect(first.foldedAhead() + second.foldedAhead()).toBeGreaterThan(400 / 20);
      expect(await readCounts(db)).toEqual(countPerStream(await readWholeLog(storage.store)));
    });
  });
}

/**
 * Counts events per stream by adding each batch's counts to the table's, every batch folded ahead:
 * a batch written twice would count its events twice.
 */
function addingCounter() {
  let foldedAhead = 0;
  const added = (events: readonly RecordedEvent[]) => [...countPerStream(events)].map(([stream, n]) => ({ stream, n }));
  const projection: Projection = {
    name: 'carried-counter',
    version: 1,
    handles: 'all',
    tables: ['carried_counts'],
    createTables: createCountsTable,
    apply: (tx, event) => projection.applyBatch!(tx, [event], new Map()),
    async applyBatch(tx, events) {
      await tx.insertInto('carried_counts').values(added(events)).onConflict((oc) => oc.column('stream').doUpdateSet({ n: sql`carried_counts.n + excluded.n` })).execute();
    },
    prepareBatch(events, _carry, checkpointMoved) {
      foldedAhead += 1;
      return { writes: [sql`${insertJsonRows('carried_counts', COUNTS_COLUMNS, added(events), checkpointMoved)} on conflict (stream) do update set n = ${sql.ref('carried_counts.n')} + excluded.n`] };
    },
  };
  return { ...projection, foldedAhead: () => foldedAhead };
}

const COUNTS_COLUMNS = { stream: 'text', n: 'integer' } as const;

/** The counting test projections' one table: a count per stream. */
async function createCountsTable(tx: Transaction<any>): Promise<void> {
  await tx.schema.createTable('carried_counts').addColumn('stream', 'text', (c) => c.primaryKey()).addColumn('n', 'integer', (c) => c.notNull()).execute();
}

async function readCounts(db: Kysely<any>): Promise<Map<string, number>> {
  const rows = (await db.selectFrom('carried_counts').selectAll().execute()) as { stream: string; n: number }[];
  return new Map(rows.map((row) => [row.stream, row.n]));
}

function countPerStream(events: readonly RecordedEvent[], upTo?: Position): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    if (upTo && comparePositions(event.position, upTo) > 0) break;
    counts.set(event.streamName, (counts.get(event.streamName) ?? 0) + 1);
  }
  return counts;
}

/**
 * Counts events per stream, keeping the counts in the worker's carry so a batch reads only streams it
 * has not met; its `failOnBatch`th batch fails after it has already counted in the carry.
 */
function carriedCounter(failOnBatch: number, options: { readonly foldAhead?: boolean; readonly failWriteOnBatch?: number } = {}) {
  let batches = 0;
  let batchesThatRead = 0;
  let batchesFoldedAhead = 0;
  let writes = 0;
  /** The count of every stream the batch touched, as the table is to hold it. */
  const touchedCounts = (events: readonly RecordedEvent[], counts: Map<string, number>) => [...new Set(events.map((e) => e.streamName))].map((stream) => ({ stream, n: counts.get(stream)! }));
  const write = async (tx: Transaction<any>, touched: { stream: string; n: number }[]) => {
    if (++writes === options.failWriteOnBatch) throw new Error('injected failure writing a batch');
    await tx.insertInto('carried_counts').values(touched).onConflict((oc) => oc.column('stream').doUpdateSet({ n: sql`excluded.n` })).execute();
  };
  const applyBatch = async (tx: Transaction<any>, events: readonly RecordedEvent[], carry: BatchCarry) => {
    let counts = carry.get('counts') as Map<string, number> | undefined;
    if (!counts) carry.set('counts', (counts = new Map()));
    const missing = [...new Set(events.map((e) => e.streamName))].filter((stream) => !counts.has(stream));
    if (missing.length > 0) {
      const rows = await tx.selectFrom('carried_counts').selectAll().where('stream', 'in', missing).execute();
      batchesThatRead += 1;
      for (const row of rows as { stream: string; n: number }[]) counts.set(row.stream, row.n);
    }
    for (const event of events) counts.set(event.streamName, (counts.get(event.streamName) ?? 0) + 1);
    if (++batches === failOnBatch) throw new Error('injected failure after counting');
    await write(tx, touchedCounts(events, counts));
  };
  // Folding ahead (Projection.prepareBatch): only when every stream of the batch is carried; the
  // runner sends the writes with the checkpoint's move as one statement.
  const prepareBatch = (events: readonly RecordedEvent[], carry: BatchCarry, checkpointMoved: RawBuilder<boolean>): PreparedBatch | null => {
    const counts = carry.get('counts') as Map<string, number> | undefined;
    if (!counts || events.some((e) => !counts.has(e.streamName))) return null;
    batchesFoldedAhead += 1;
    for (const event of events) counts.set(event.streamName, counts.get(event.streamName)! + 1);
    const upsert = sql`${insertJsonRows('carried_counts', COUNTS_COLUMNS, touchedCounts(events, counts), checkpointMoved)} on conflict (stream) do update set n = excluded.n`;
    // The injected failure: a write the database refuses when the statement runs.
    const failing = sql`insert into ${sql.table('carried_counts')} (stream, n) select 'injected failure writing a batch', 1 / (random() * 0)::int where ${checkpointMoved}`;
    return { writes: ++writes === options.failWriteOnBatch ? [upsert, failing] : [upsert] };
  };
  const projection: Projection = {
    name: 'carried-counter',
    version: 1,
    handles: 'all',
    tables: ['carried_counts'],
    createTables: createCountsTable,
    apply: (tx, event) => applyBatch(tx, [event], new Map()),
    applyBatch,
    ...(options.foldAhead ? { prepareBatch } : {}),
  };
  return { ...projection, batchesThatRead: () => batchesThatRead, batchesFoldedAhead: () => batchesFoldedAhead };
}

async function checkpointRow(db: Kysely<any>, projection: string) {
  return db.selectFrom('projection_checkpoints').selectAll().where('projection', '=', projection).executeTakeFirstOrThrow();
}

async function builds(db: Kysely<any>, projection = 'ledger') {
  return db.selectFrom('projection_checkpoints').select(['version', 'build', 'status']).where('projection', '=', projection).orderBy('version').orderBy('build').execute();
}

async function tableExists(db: Kysely<any>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(db);
  return rows[0]?.found !== null;
}

function handledCount(events: readonly RecordedEvent[]): number {
  return events.filter((event) => (LEDGER_TYPES as readonly string[]).includes(event.type)).length;
}

function lastHandled(events: readonly RecordedEvent[], projection: string): RecordedEvent | undefined {
  return projection === 'ledger' ? events.filter((event) => (LEDGER_TYPES as readonly string[]).includes(event.type)).at(-1) : events.at(-1);
}

async function readStreamStats(db: Kysely<any>) {
  const categories = await sql<{ category: string; streams: string; events: string }>`select category, streams, events from stream_categories`.execute(db);
  const heads = await sql<{ stream_name: string; revision: string }>`select stream_name, revision from stream_heads`.execute(db);
  return {
    categories: categories.rows.map((row) => ({ category: row.category, streams: Number(row.streams), events: Number(row.events) })).sort(byKey((row) => row.category)),
    heads: heads.rows.map((row) => ({ stream: row.stream_name, revision: BigInt(row.revision) })).sort(byKey((row) => row.stream)),
  };
}

function foldStreamStats(events: readonly RecordedEvent[]) {
  const categories = new Map<string, { streams: Set<string>; events: number }>();
  const heads = new Map<string, bigint>();
  for (const event of events) {
    const category = streamCategory(event.streamName);
    const entry = categories.get(category) ?? { streams: new Set(), events: 0 };
    entry.streams.add(event.streamName);
    entry.events++;
    categories.set(category, entry);
    heads.set(event.streamName, event.streamRevision);
  }
  return {
    categories: [...categories].map(([category, entry]) => ({ category, streams: entry.streams.size, events: entry.events })).sort(byKey((row) => row.category)),
    heads: [...heads].map(([stream, revision]) => ({ stream, revision })).sort(byKey((row) => row.stream)),
  };
}
