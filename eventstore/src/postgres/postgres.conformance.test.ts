import { randomUUID } from 'node:crypto';
import { migrateToLatest } from '@kupon/migrations';
import { describe, it } from 'vitest';
import { type ConformanceHarness, runConformanceSuite, type TamperKind } from '../conformance/suite';
import type { EventStore } from '../port';
import { PostgresEventStore } from './postgres-event-store';
import { createPglitePool, createPgPool, type SqlPool } from './sql-pool';

/** Changes what is stored for one event straight in the table, as an intruder with SQL access would. */
async function tamperRow(pool: SqlPool, stream: string, revision: bigint, kind: TamperKind): Promise<void> {
  const where = 'where stream_name = $1 and stream_revision = $2';
  const params = [stream, revision.toString()];
  const statements: Record<TamperKind, string> = {
    data: `update es_events set data = jsonb_set(data, '{amount}', to_jsonb((data->>'amount')::int + 1)) ${where}`,
    type: `update es_events set event_type = event_type || 'X' ${where}`,
    metadata: `update es_events set metadata = jsonb_set(metadata, '{actor,ip}', '"10.0.0.1"') ${where}`,
    remove: `delete from es_events ${where}`,
  };
  const result = await pool.query(statements[kind], params);
  if (result.rowCount !== 1) throw new Error(`tamper touched ${result.rowCount} rows`);
}

const pools = new WeakMap<EventStore, SqlPool>();

runConformanceSuite({
  name: 'PGlite (embedded)',
  async open() {
    const pool = await createPglitePool();
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    pools.set(store, pool);
    return withPoolClose(store, pool);
  },
  tamper: (store, stream, revision, kind) => tamperRow(pools.get(store)!, stream, revision, kind),
});

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schemas: string[] = [];
  const admin = createPgPool({ connectionString: databaseUrl, max: 2 });
  const schemaOf = new WeakMap<EventStore, string>();
  const harness: ConformanceHarness = {
    name: 'PostgreSQL (DATABASE_URL)',
    async open() {
      const schema = `conformance_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      await admin.query(`create schema ${schema}`);
      schemas.push(schema);
      const pool = createPgPool({ connectionString: databaseUrl, schema, max: 24 });
      await migrateToLatest(pool);
      const store = new PostgresEventStore(pool);
      pools.set(store, pool);
      schemaOf.set(store, schema);
      return withPoolClose(store, pool);
    },
    async openSlowWriter(store) {
      const pool = slowAppends(createPgPool({ connectionString: databaseUrl, schema: schemaOf.get(store)!, max: 8 }));
      return withPoolClose(new PostgresEventStore(pool, { maxConcurrentBatches: 4 }), pool);
    },
    tamper: (store, stream, revision, kind) => tamperRow(pools.get(store)!, stream, revision, kind),
    async close() {
      for (const schema of schemas) await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
  runConformanceSuite(harness);
} else {
  describe('event store conformance: PostgreSQL', () => {
    it.skip('skipped: DATABASE_URL is not set (bash .ci/run sets it; export DATABASE_URL=postgres://root@127.0.0.1:5432/test to run it)', () => undefined);
  });
  console.warn('[conformance PostgreSQL] skipped: DATABASE_URL is not set');
}

function withPoolClose(store: PostgresEventStore, pool: SqlPool): EventStore {
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    await pool.end();
  };
  return store;
}

/**
 * Holds every append's transaction open for 0–8 ms after es_append has run and before COMMIT, so
 * transactions that started later commit earlier: the case where a naive "order by position"
 * subscriber skips events.
 */
function slowAppends(pool: SqlPool): SqlPool {
  return {
    ...pool,
    async query(text, params) {
      if (!text.includes('es_append(')) return pool.query(text, params);
      const connection = await pool.connect();
      try {
        await connection.query('begin');
        const result = await connection.query(text, params);
        await connection.query(`select pg_sleep(${(Math.random() * 0.008).toFixed(4)})`);
        await connection.query('commit');
        return result as never;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}
