import { mkdirSync } from 'node:fs';
import pg from 'pg';
import { resolve } from 'node:path';
import type { EventStore } from './port';
import { PostgresEventStore } from './postgres/postgres-event-store';
import { createPglitePool, createPgPool, type SqlPool } from './postgres/sql-pool';

export interface StorageConfig {
  /** EventStoreDB connection string: events go there (read tables still need PostgreSQL or PGlite). */
  readonly eventStoreUrl?: string;
  /** PostgreSQL connection string. */
  readonly databaseUrl?: string;
  /** Embedded PGlite directory, used when there is no databaseUrl. */
  readonly dataDir: string;
  readonly schema?: string;
}

/**
 * ARCHITECTURE.md: EVENTSTORE_URL → EventStoreDB; DATABASE_URL → PostgreSQL; else PGlite under ./data.
 * `npm run <script> -w …` runs in the workspace folder, so ./data is taken from where npm was invoked
 * (INIT_CWD: the repository root for `npm start` and `npm run replay` alike), and every process of the
 * app finds the same embedded database.
 */
export function storageConfigFromEnv(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return {
    ...(env.EVENTSTORE_URL ? { eventStoreUrl: env.EVENTSTORE_URL } : {}),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    dataDir: resolve(env.KUPON_DATA_DIR ?? resolve(env.INIT_CWD ?? process.cwd(), 'data/pglite')),
    ...(env.DATABASE_SCHEMA ? { schema: env.DATABASE_SCHEMA } : {}),
  };
}

/** The SQL side: PostgreSQL when configured, otherwise embedded PGlite on disk. */
export async function openSqlPool(config: StorageConfig): Promise<SqlPool> {
  if (config.databaseUrl) {
    if (config.schema) await ensureSchema(config.databaseUrl, config.schema);
    return createPgPool({ connectionString: config.databaseUrl, ...(config.schema ? { schema: config.schema } : {}) });
  }
  mkdirSync(config.dataDir, { recursive: true });
  return createPglitePool({ dataDir: config.dataDir });
}

/**
 * DATABASE_SCHEMA names the schema every connection works in (its search_path): created here when it
 * does not exist yet, so a fresh database starts instead of failing on its first table.
 */
export async function ensureSchema(connectionString: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(`create schema if not exists "${schema.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

export async function openEventStore(config: StorageConfig, pool: SqlPool): Promise<EventStore> {
  if (config.eventStoreUrl) {
    const { openEventStoreDb } = await import('./eventstoredb/eventstoredb-event-store');
    return openEventStoreDb(config.eventStoreUrl);
  }
  return new PostgresEventStore(pool);
}
