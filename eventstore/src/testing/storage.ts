import { randomUUID } from 'node:crypto';
import { type MigrationOutcome, migrateToLatest as migrateKysely } from '@kupon/migrations';
import type { EventStore } from '../port';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { createPglitePool, createPgPool, type SqlPool } from '../postgres/sql-pool';
import { asPostgresPool } from '../sql/kysely';

/**
 * Test storage for every workspace's tests (`@kupon/eventstore/testing`): a migrated, empty database
 * with an event store on it, on PGlite always and on PostgreSQL (a schema of its own) with DATABASE_URL.
 */

/** Brings the database behind `pool` (event tables, checkpoints, the tables reactors read) to the latest migration. */
export function migrateToLatest(pool: SqlPool): Promise<MigrationOutcome> {
  return migrateKysely(asPostgresPool(pool));
}

/** A migrated, empty database with an event store on it. */
export interface TestStorage {
  readonly pool: SqlPool;
  readonly store: EventStore;
  close(): Promise<void>;
}

export interface TestBackend {
  readonly name: string;
  open(): Promise<TestStorage>;
}

const pglite: TestBackend = {
  name: 'PGlite',
  async open() {
    const pool = await createPglitePool();
    return migrated(pool, async () => undefined);
  },
};

/** Each storage in a schema of its own on DATABASE_URL, dropped on close. */
function postgres(databaseUrl: string): TestBackend {
  return {
    name: 'PostgreSQL',
    async open() {
      const schema = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
      await admin.query(`create schema ${schema}`);
      const pool = createPgPool({ connectionString: databaseUrl, schema, max: 8 });
      return migrated(pool, async () => {
        await admin.query(`drop schema ${schema} cascade`);
        await admin.end();
      });
    },
  };
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set. */
export const testBackends: readonly TestBackend[] = process.env.DATABASE_URL ? [pglite, postgres(process.env.DATABASE_URL)] : [pglite];

async function migrated(pool: SqlPool, dispose: () => Promise<void>): Promise<TestStorage> {
  await migrateToLatest(pool);
  const store = new PostgresEventStore(pool);
  return {
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
      await dispose();
    },
  };
}
