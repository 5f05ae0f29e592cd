import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '@kupon/migrations';
import { afterAll, describe, expect, it } from 'vitest';
import { newEvent } from '../conformance/suite';
import { allCommittedVisible, IdempotencyConflict, START, WrongExpectedRevision } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { createPglitePool, createPgPool, type SqlPool } from './sql-pool';

/**
 * The adapter groups appends that arrive in the same event-loop turn into one es_append round trip
 * (one transaction). These tests pin that down: the grouping happens, and every append in the group
 * is still decided on its own, on the set-based path and on the append-by-append fallback alike.
 */

interface Opened {
  readonly store: PostgresEventStore;
  /** es_append calls so far, with the number of appends in each. */
  readonly calls: number[];
  /** Stream reads so far, with the number of streams each statement read. */
  readonly reads: number[];
  close(): Promise<void>;
}

function counting(pool: SqlPool, calls: number[], reads: number[]): SqlPool {
  return {
    ...pool,
    query(text, params) {
      if (text.includes('es_append(')) calls.push((params?.[0] as unknown[]).length);
      if (/from es_events where stream_name = (\$1|r\.stream)/.test(text)) reads.push(text.includes('unnest(') ? (params?.[0] as unknown[]).length : 1);
      return pool.query(text, params);
    },
  };
}

const backends: Array<{ name: string; open(): Promise<Opened> }> = [
  {
    name: 'PGlite',
    async open() {
      const pool = await createPglitePool();
      await migrateToLatest(pool);
      const calls: number[] = [];
      const reads: number[] = [];
      const store = new PostgresEventStore(counting(pool, calls, reads));
      return {
        store,
        calls,
        reads,
        async close() {
          await store.close();
          await pool.end();
        },
      };
    },
  },
];

const databaseUrl = process.env.DATABASE_URL;
const schemas: string[] = [];
if (databaseUrl) {
  backends.push({
    name: 'PostgreSQL',
    async open() {
      const schema = `batching_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
      await admin.query(`create schema ${schema}`);
      await admin.end();
      schemas.push(schema);
      const pool = createPgPool({ connectionString: databaseUrl, schema, max: 8 });
      await migrateToLatest(pool);
      const calls: number[] = [];
      const reads: number[] = [];
      const store = new PostgresEventStore(counting(pool, calls, reads));
      return {
        store,
        calls,
        reads,
        async close() {
          await store.close();
          await pool.end();
        },
      };
    },
  });
} else {
  console.warn('[batching PostgreSQL] skipped: DATABASE_URL is not set (PGlite runs)');
}

afterAll(async () => {
  if (!databaseUrl || schemas.length === 0) return;
  const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
  for (const schema of schemas) await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
});

const name = (category = 'batch') => `${category}-${randomUUID()}`;

for (const backend of backends) {
  describe(`append batching: ${backend.name}`, () => {
    it('appends made in one turn share one round trip; a wrong revision among them fails alone', async () => {
      // Up to 16 appends go whole; a longer queue is shared among the free batch slots.
      const { store, calls, close } = await backend.open();
      try {
        const streams = Array.from({ length: 12 }, () => name());
        const outcomes = await Promise.allSettled(streams.map((s, i) => store.append(s, [newEvent('Opened', { i })], { expectedRevision: i === 5 ? 0n : 'no_stream' })));
        expect(calls).toEqual([12]);
        expect(outcomes.map((o) => o.status)).toEqual(streams.map((_, i) => (i === 5 ? 'rejected' : 'fulfilled')));
        expect((outcomes[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
        for (const [i, s] of streams.entries()) expect(await store.readStream(s)).toHaveLength(i === 5 ? 0 : 1);
        expect((await store.verifyAll()).ok).toBe(true);
      } finally {
        await close();
      }
    });

    it('appends to one stream are applied in the order they were asked for, also when two batches run at once', async () => {
      const { store, calls, close } = await backend.open();
      try {
        // Forty appends in one turn: twenty streams opened, then one more event on each of them.
        const streams = Array.from({ length: 20 }, () => name('order'));
        const opened = streams.map((s) => store.append(s, [newEvent('Opened')], { expectedRevision: 'no_stream' }));
        const moved = streams.map((s) => store.append(s, [newEvent('Moved')], { expectedRevision: 0n }));
        const outcomes = await Promise.allSettled([...opened, ...moved]);
        expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
        // PostgreSQL would share the queue by two calls at once: the second waits for the first's
        // streams, then the twenty are shared (16 at least per call).
        expect(calls).toEqual(backend.name === 'PGlite' ? [40] : [20, 16, 4]);
        for (const s of streams) expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Opened', 'Moved']);
      } finally {
        await close();
      }
    });

    it('a large batch (over 64 appends per call) decides each append on its own and chains every stream', async () => {
      const { store, calls, close } = await backend.open();
      try {
        const streams = Array.from({ length: 148 }, () => name());
        const twice = streams[70]!;
        const appends = [
          ...streams.map((s, i) => store.append(s, [newEvent('Opened', { i }), newEvent('Moved', { i })], { expectedRevision: i === 100 ? 5n : 'no_stream' })),
          store.append(twice, [newEvent('Again')], { expectedRevision: 1n }),
          store.append(streams[10]!, [newEvent('Late')], { expectedRevision: 'stream_exists' }),
        ];
        const outcomes = await Promise.allSettled(appends);
        // PGlite: one call of 150. PostgreSQL: the queue is shared by two calls of 75 and 73 that run
        // at once; the two appends to streams the first call opens wait for it and go last.
        expect(calls).toEqual(backend.name === 'PGlite' ? [150] : [75, 73, 2]);
        expect(outcomes.map((o) => o.status)).toEqual(appends.map((_, i) => (i === 100 ? 'rejected' : 'fulfilled')));
        expect((outcomes[100] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
        expect((await store.readStream(twice)).map((e) => e.type)).toEqual(['Opened', 'Moved', 'Again']);
        expect((await store.readStream(streams[10]!)).map((e) => e.type)).toEqual(['Opened', 'Moved', 'Late']);
        expect(await store.readStream(streams[100]!)).toEqual([]);
        expect((await store.append(streams[99]!, [newEvent('Next')], { expectedRevision: 1n })).nextExpectedRevision).toBe(2n);
        expect((await store.verifyAll()).ok).toBe(true);
      } finally {
        await close();
      }
    });

    it('two appends to one stream in the same round trip chain one after the other', async () => {
      const { store, calls, close } = await backend.open();
      try {
        const s = name();
        const [first, second, third] = await Promise.all([
          store.append(s, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' }),
          store.append(s, [newEvent('C')], { expectedRevision: 1n }),
          store.append(s, [newEvent('D')], { expectedRevision: 'stream_exists' }),
        ]);
        expect(calls).toEqual([3]);
        expect([first.nextExpectedRevision, second.nextExpectedRevision, third.nextExpectedRevision]).toEqual([1n, 2n, 3n]);
        const events = await store.readStream(s);
        expect(events.map((e) => e.type)).toEqual(['A', 'B', 'C', 'D']);
        expect(events.map((e) => e.metadata.prevHash).slice(1)).toEqual(events.map((e) => e.metadata.hash).slice(0, -1));
        expect((await store.verifyStream(s)).ok).toBe(true);
      } finally {
        await close();
      }
    });

    it('a retry, an id taken by another stream and fresh appends in one round trip are each decided on their own', async () => {
      const { store, calls, close } = await backend.open();
      try {
        const retried = name();
        const original = [newEvent('Placed'), newEvent('Reserved')];
        const firstTime = await store.append(retried, original, { expectedRevision: 'no_stream' });
        const owner = name();
        const taken = newEvent('Owned');
        await store.append(owner, [taken], { expectedRevision: 'no_stream' });
        calls.length = 0;

        const fresh = [name(), name()];
        const [retry, conflict, wrong, ...created] = await Promise.allSettled([
          store.append(retried, original, { expectedRevision: 'no_stream' }),
          store.append(name(), [taken], { expectedRevision: 'no_stream' }),
          store.append(owner, [newEvent('Late')], { expectedRevision: 5n }),
          ...fresh.map((s) => store.append(s, [newEvent('Opened')], { expectedRevision: 'no_stream' })),
        ]);
        expect(calls).toEqual([5]);
        expect(retry).toEqual({ status: 'fulfilled', value: firstTime });
        expect(conflict!.status === 'rejected' && conflict.reason).toBeInstanceOf(IdempotencyConflict);
        expect(wrong!.status === 'rejected' && wrong.reason).toBeInstanceOf(WrongExpectedRevision);
        expect(created.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled']);
        expect(await store.readStream(retried)).toHaveLength(2);
        expect((await store.readStream(owner)).map((e) => e.type)).toEqual(['Owned']);
        for (const s of fresh) expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Opened']);
        expect((await store.verifyAll()).ok).toBe(true);
      } finally {
        await close();
      }
    });
  });
}

for (const backend of backends) {
  describe(`read batching: ${backend.name}`, () => {
    it('forward reads asked for in one turn are one statement, each answered with its own stream, revision and count', async () => {
      const { store, reads, close } = await backend.open();
      try {
        const streams = Array.from({ length: 5 }, () => name('read'));
        await Promise.all(streams.map((s, i) => store.append(s, Array.from({ length: i + 1 }, (_, n) => newEvent('Step', { stream: i, n })), { expectedRevision: 'no_stream' })));
        reads.length = 0;
        const [whole, fromTwo, firstOnly, missing, tail, backwards] = await Promise.all([
          store.readStream(streams[4]!),
          store.readStream(streams[3]!, { fromRevision: 2n }),
          store.readStream(streams[2]!, { maxCount: 1 }),
          store.readStream(name('read')),
          store.readStream(streams[4]!, { fromRevision: 3n, maxCount: 1 }),
          store.readStream(streams[1]!, { direction: 'backwards' }),
        ]);
        // Five forward reads in one statement; the backward read goes on its own.
        expect(reads.toSorted()).toEqual([1, 5]);
        expect(whole.map((e) => e.data.n)).toEqual([0, 1, 2, 3, 4]);
        expect(whole.every((e) => e.streamName === streams[4])).toBe(true);
        expect(fromTwo.map((e) => [e.data.stream, e.data.n, e.streamRevision])).toEqual([
          [3, 2, 2n],
          [3, 3, 3n],
        ]);
        expect(firstOnly.map((e) => e.data.n)).toEqual([0]);
        expect(missing).toEqual([]);
        expect(tail.map((e) => e.data.n)).toEqual([3]);
        expect(backwards.map((e) => e.data.n)).toEqual([1, 0]);
        // A lone read is a plain query.
        reads.length = 0;
        expect((await store.readStream(streams[0]!)).map((e) => e.data.n)).toEqual([0]);
        expect(reads).toEqual([1]);
      } finally {
        await close();
      }
    });
  });
}

for (const backend of backends) {
  describe(`filtered pages of the log: ${backend.name}`, () => {
    it('a page of a common type ends at its last match; a rare type’s page says how far its window looked', async () => {
      const { store, close } = await backend.open();
      try {
        // 100 events, one of them (the 58th) of a rare type.
        const s = name('page');
        await store.append(s, Array.from({ length: 100 }, (_, i) => newEvent(i === 57 ? 'Rare' : 'Common', { i })), { expectedRevision: 'no_stream' });
        // A reader sees an event once no older transaction is open anywhere in the cluster (another test file's).
        await allCommittedVisible(store);
        const all = await store.readAll({ maxCount: 1000 });
        const at = (n: number) => all[n - 1]!.position;

        const common = await store.readAllPage(START, 10, { eventTypes: ['Common'] });
        expect([common.events.length, common.scannedTo, common.more]).toEqual([10, at(10), true]);

        // Pages of 2 look through windows of 40 events.
        const pages = [];
        for (let from = START, more = true; more; ) {
          const page = await store.readAllPage(from, 2, { eventTypes: ['Rare'] });
          pages.push({ found: page.events.map((e) => e.data.i), scannedTo: page.scannedTo, more: page.more });
          ({ scannedTo: from, more } = page);
        }
        expect(pages).toEqual([
          { found: [], scannedTo: at(40), more: true },
          { found: [57], scannedTo: at(80), more: true },
          { found: [], scannedTo: at(100), more: false },
        ]);
        const nothingAfter = await store.readAllPage(at(100), 2, { eventTypes: ['Rare'] });
        expect(nothingAfter).toEqual({ events: [], scannedTo: at(100), more: false });
      } finally {
        await close();
      }
    });
  });
}
