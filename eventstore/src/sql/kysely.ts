import type { SqlPool } from '../postgres/sql-pool';
import { Kysely, PostgresDialect, type PostgresPool } from 'kysely';

/**
 * The pool as kysely's PostgresDialect takes it. SqlPool is pg-Pool-shaped; only its `rowCount` is
 * typed `number | null` (pg's own type) where kysely's type says `number`, and kysely reads it only
 * for INSERT / UPDATE / DELETE / MERGE, where it is always a number.
 */
export function asPostgresPool(pool: SqlPool): PostgresPool {
  return pool as unknown as PostgresPool;
}

/** kysely over `pool`. The pool stays the caller's: never destroy this instance (it would end the pool). */
export function kyselyOver<DB = any>(pool: SqlPool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: asPostgresPool(pool) }) });
}
