import { type DatabaseIntrospector, type DatabaseMetadata, Kysely, Migrator, PostgresDialect, type PostgresPool, type SchemaMetadata, sql, type TableMetadata } from 'kysely';
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
  const db = new Kysely<unknown>({ dialect: new MigrationDialect({ pool: pool as unknown as PostgresPool }) });
  // The bookkeeping tables live in the schema being migrated (search_path), not wherever another
  // schema of the same database happens to have them.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema: schema });
  const { error, results } = await migrator.migrateToLatest();
  // The pool belongs to the caller: do not destroy the Kysely instance (it would end the pool).
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return { applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName) };
}

/**
 * Kysely's own PostgreSQL introspector, which the migrator asks whether its bookkeeping table
 * exists, lists the columns of every table of every schema in the database and looks each one up
 * by name: a table or schema another client drops meanwhile (a test's schema, a projection's old
 * version) fails that listing although it is not ours. This one looks at the current schema only,
 * by oid, and answers no more than the migrator asks: tables and views, without columns.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
       order by c.relname`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }

  async getMetadata(): Promise<DatabaseMetadata> {
    return { tables: await this.getTables() };
  }
}

class MigrationDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
