import { createPglitePool, createPgPool, type EventStore, PostgresEventStore, type PostgresEventStoreOptions, type QueryOptions, type SqlPool, START, type Position, type RecordedEvent } from '@kupon/eventstore';
import { migrateToLatest, type MigrationPool } from '@kupon/migrations';
import pg from 'pg';
import { ConflictSignal, log, now, percentile, runWindow, sleep, sortNumbers, walletEvent, type WindowOptions, type WindowResult, WriterStreams } from './common';

export type Backend = { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite' };

/** What the es_append round trips looked like: batch sizes reached and their duration. */
export class AppendCallStats {
  /** Only calls that end inside [from, to) count (performance.now() clock). */
  from = Number.POSITIVE_INFINITY;
  to = Number.NEGATIVE_INFINITY;
  readonly durations: number[] = [];
  readonly batchSizes: number[] = [];

  record(ms: number, appends: number): void {
    const t = now();
    if (t < this.from || t >= this.to) return;
    this.durations.push(ms);
    this.batchSizes.push(appends);
  }

  /** Hands the window's figures over and starts empty. */
  take(seconds: number): CallSample {
    const sample = { durations: this.durations.splice(0), batchSizes: this.batchSizes.splice(0), seconds };
    this.from = Number.POSITIVE_INFINITY;
    this.to = Number.NEGATIVE_INFINITY;
    return sample;
  }
}

export interface CallSample {
  readonly durations: number[];
  readonly batchSizes: number[];
  readonly seconds: number;
}

export interface AppendCallSummary {
  readonly callsPerSec: number;
  readonly meanBatch: number;
  readonly maxBatch: number;
  readonly p50Batch: number;
  readonly callP50: number;
  readonly callP99: number;
}

export function summariseCalls(samples: readonly CallSample[]): AppendCallSummary {
  const d = sortNumbers(samples.flatMap((s) => s.durations));
  const b = sortNumbers(samples.flatMap((s) => s.batchSizes));
  const seconds = samples.reduce((a, s) => a + s.seconds, 0);
  const appends = b.reduce((a, x) => a + x, 0);
  return {
    callsPerSec: b.length / seconds,
    meanBatch: b.length ? appends / b.length : Number.NaN,
    maxBatch: b.at(-1) ?? Number.NaN,
    p50Batch: percentile(b, 50),
    callP50: percentile(d, 50),
    callP99: percentile(d, 99),
  };
}

/** Wraps a pool so every es_append call is timed and its batch size counted; nothing else changes. */
export function instrument(pool: SqlPool, stats: AppendCallStats): SqlPool {
  return {
    dialect: pool.dialect,
    async query<Row>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      if (!text.includes('es_append(')) return pool.query<Row>(text, params, options);
      const started = now();
      try {
        return await pool.query<Row>(text, params, options);
      } finally {
        stats.record(now() - started, (params?.[0] as unknown[] | undefined)?.length ?? 0);
      }
    },
    connect: () => pool.connect(),
    listen: (channel, onNotify) => pool.listen(channel, onNotify),
    end: () => pool.end(),
  };
}

export interface OpenedStore {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly stats: AppendCallStats;
  close(): Promise<void>;
}

/** A fresh, migrated store: its own schema on PostgreSQL (dropped on close), a new in-memory PGlite. */
export async function openOurs(backend: Backend, tag: string, schema: string, options: PostgresEventStoreOptions = {}): Promise<OpenedStore> {
  const stats = new AppendCallStats();
  if (backend.kind === 'pglite') {
    const raw = await createPglitePool();
    await migrateToLatest(raw as unknown as MigrationPool);
    const pool = instrument(raw, stats);
    const store = new PostgresEventStore(pool, options);
    return {
      store,
      pool,
      stats,
      async close() {
        await store.close();
        await raw.end();
      },
    };
  }
  const admin = new pg.Client({ connectionString: backend.databaseUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const raw = createPgPool({ connectionString: backend.databaseUrl, schema, max: 20 });
  await migrateToLatest(raw as unknown as MigrationPool);
  const pool = instrument(raw, stats);
  const store = new PostgresEventStore(pool, options);
  log(`  ${tag}: schema ${schema} migrated`);
  return {
    store,
    pool,
    stats,
    async close() {
      await store.close();
      await raw.end();
      await dropSchema(backend.databaseUrl, schema);
    },
  };
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
  } finally {
    await admin.end();
  }
}

export interface OursAppendResult extends WindowResult {
  readonly calls: CallSample;
}

/** `writers` writers, each appending single events to its own 16 streams with explicit revisions. */
export async function oursDistinct(opened: OpenedStore, window: WindowOptions, prefix: string): Promise<OursAppendResult> {
  const streams = new WriterStreams(prefix, window.writers, 16);
  const { store, stats } = opened;
  const result = await measured(stats, window, async (writer) => {
    const { stream, revision } = streams.next(writer);
    const appended = await store.append(stream, [walletEvent(now())], { expectedRevision: revision ?? 'no_stream' });
    streams.set(writer, stream, appended.nextExpectedRevision);
    return 1;
  });
  return result;
}

/** `writers` writers appending single events to one stream with expectedRevision 'any'. */
export async function oursHot(opened: OpenedStore, window: WindowOptions, stream: string): Promise<OursAppendResult> {
  const { store, stats } = opened;
  return measured(stats, window, async () => {
    await store.append(stream, [walletEvent(now())], { expectedRevision: 'any' });
    return 1;
  });
}

async function measured(stats: AppendCallStats, window: WindowOptions, step: (writer: number) => Promise<number>): Promise<OursAppendResult> {
  const result = await runWindow(
    window,
    async (writer) => {
      try {
        return await step(writer);
      } catch (error) {
        if ((error as Error).name === 'WrongExpectedRevision') throw new ConflictSignal();
        throw error;
      }
    },
    (from, to) => {
      stats.from = from;
      stats.to = to;
    },
  );
  return { ...result, calls: stats.take(window.measureMs / 1000) };
}

/** Fills the log with `total` events: 16 writers, appends of `perAppend` events to their own streams. */
export async function fill(opened: OpenedStore, total: number, perAppend: number, prefix: string): Promise<{ seconds: number }> {
  const started = now();
  const streams = new WriterStreams(prefix, 16, 64);
  let remaining = Math.ceil(total / perAppend);
  let lastReport = started;
  let done = 0;
  const loop = async (writer: number) => {
    while (remaining > 0) {
      remaining--;
      const { stream, revision } = streams.next(writer);
      const events = Array.from({ length: perAppend }, () => walletEvent(now()));
      const appended = await opened.store.append(stream, events, { expectedRevision: revision ?? 'no_stream' });
      streams.set(writer, stream, appended.nextExpectedRevision);
      done += perAppend;
      if (now() - lastReport > 5000) {
        lastReport = now();
        log(`    filled ${done} / ${total}`);
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, w) => loop(w)));
  return { seconds: (now() - started) / 1000 };
}

/** Reads the whole log from START in pages of `pageSize`; events/s for each pass. */
export async function replay(opened: OpenedStore, pageSize: number): Promise<{ events: number; seconds: number; eventsPerSec: number; pages: number; slowestPageMs: number }> {
  let from: Position = START;
  let events = 0;
  let pages = 0;
  let slowest = 0;
  const started = now();
  for (;;) {
    const t = now();
    const page: RecordedEvent[] = await opened.store.readAll({ fromPosition: from, maxCount: pageSize });
    slowest = Math.max(slowest, now() - t);
    if (page.length === 0) break;
    pages++;
    events += page.length;
    from = page.at(-1)!.position;
    if (page.length < pageSize) break;
  }
  const seconds = (now() - started) / 1000;
  return { events, seconds, eventsPerSec: events / seconds, pages, slowestPageMs: slowest };
}

export interface LagResult {
  readonly written: number;
  readonly received: number;
  /** Written in the window but never delivered (still missing 3 s after the writers stopped). */
  readonly missed: number;
  /** ms from append() resolving to the subscriber's iterator yielding it (negative clamped to 0). */
  readonly fromResolveP50: number;
  readonly fromResolveP99: number;
  /** Share of events yielded before their append() promise resolved. */
  readonly beforeResolve: number;
  /** ms from just before append() was called (data.t) to the subscriber yielding it. */
  readonly fromCallP50: number;
  readonly fromCallP99: number;
  readonly appendP99: number;
  readonly eventsPerSec: number;
}

/**
 * A subscribeToAll subscriber in this process while `writers` writers append single events to
 * distinct streams for warm-up + measure. Lag counts only events whose append was called inside the
 * measured window.
 */
export async function lag(opened: OpenedStore, window: WindowOptions, prefix: string): Promise<LagResult> {
  const { store } = opened;
  const head = await store.headPosition();
  const subscription = store.subscribeToAll({ fromPosition: head });
  const received = new Map<string, number>();
  const consumer = (async () => {
    for await (const event of subscription) received.set(event.id, now());
  })();
  await sleep(200);
  const resolvedAt = new Map<string, { called: number; resolved: number }>();
  const streams = new WriterStreams(prefix, window.writers, 16);
  const measureStart = now() + window.warmupMs;
  const measureEnd = measureStart + window.measureMs;
  const result = await runWindow(window, async (writer) => {
    const { stream, revision } = streams.next(writer);
    const called = now();
    const event = walletEvent(called);
    const appended = await store.append(stream, [event], { expectedRevision: revision ?? 'no_stream' });
    const resolved = now();
    streams.set(writer, stream, appended.nextExpectedRevision);
    if (called >= measureStart && called < measureEnd) resolvedAt.set(event.id, { called, resolved });
    return 1;
  });
  const deadline = now() + 3000;
  while (now() < deadline && [...resolvedAt.keys()].some((id) => !received.has(id))) await sleep(50);
  await subscription.close();
  await Promise.race([consumer, sleep(2000)]);
  const fromResolve: number[] = [];
  const fromCall: number[] = [];
  let before = 0;
  let missed = 0;
  for (const [id, { called, resolved }] of resolvedAt) {
    const at = received.get(id);
    if (at === undefined) {
      missed++;
      continue;
    }
    if (at < resolved) before++;
    fromResolve.push(Math.max(0, at - resolved));
    fromCall.push(at - called);
  }
  const r = sortNumbers(fromResolve);
  const c = sortNumbers(fromCall);
  return {
    written: resolvedAt.size,
    received: resolvedAt.size - missed,
    missed,
    fromResolveP50: percentile(r, 50),
    fromResolveP99: percentile(r, 99),
    beforeResolve: resolvedAt.size ? before / resolvedAt.size : 0,
    fromCallP50: percentile(c, 50),
    fromCallP99: percentile(c, 99),
    appendP99: result.p99,
    eventsPerSec: result.eventsPerSec,
  };
}
