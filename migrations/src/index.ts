import { Kysely, Migrator, PostgresDialect, type PostgresPool, sql } from 'kysely';
import { migrations } from './migrations';

export { migrations } from './migrations';

/**
 * Anything shaped like pg's Pool: pg itself, or the SqlPool of @kupon/eventstore (PostgreSQL or
 * PGlite). Kysely's own type also asks for cursor support, which nothing here uses.
 */
export interface MigrationPool {
  connect(): Promise<{
    query(sql: string, parameters?: readonly unknown[]): Promise<{ rows: unknown[]; rowCount: number; command: string }>;
    release(): void;
  }>;
  end(): Promise<void>;
}

/** A Kysely over such a pool. Destroying it ends the pool, which belongs to the caller: don't. */
export function kyselyOver<Database>(pool: MigrationPool): Kysely<Database> {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as unknown as PostgresPool }) });
}

export interface MigrationOutcome {
  readonly applied: readonly string[];
}

/** Brings the database behind `pool` to the latest migration; throws on the first failure. */
export async function migrateToLatest(pool: MigrationPool): Promise<MigrationOutcome> {
  const db = kyselyOver<unknown>(pool);
  // The bookkeeping tables live in the schema being migrated (search_path), not wherever another
  // schema of the same database happens to have them.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    // The pool belongs to the caller: do not destroy the Kysely instance (it would end the pool).
    if (!error) return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
    // Kysely asks whether its bookkeeping table exists by listing the tables of every schema in the
    // database; a schema another client drops meanwhile fails that listing (3F000) though it is not
    // ours. Nothing was migrated then: look again.
    if (attempt < 3 && isAnotherSchemaGone(error, schema)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

function isAnotherSchemaGone(error: unknown, ours: string): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '3F000' && typeof message === 'string' && !message.includes(`"${ours}"`);
}
