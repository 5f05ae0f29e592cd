import { randomUUID } from 'node:crypto';
import { createPglitePool, createPgPool, type EventStore, kyselyOver, PostgresEventStore, type SqlPool } from '@kupon/eventstore';
import { sql } from 'kysely';
import { migrateToLatest } from '../migrate';

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

/** Every row of `tables`, each as its row text, sorted: two builds from one log must hold the same. */
export async function tableRows(storage: TestStorage, tables: readonly string[]): Promise<Record<string, string[]>> {
  const db = kyselyOver(storage.pool);
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const result = await sql<{ row: string }>`select t::text as row from ${sql.table(table)} t`.execute(db);
    rows[table] = result.rows.map((r) => r.row).sort();
  }
  return rows;
}
