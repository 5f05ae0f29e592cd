import { asPostgresPool, type SqlPool } from '@kupon/eventstore';
import { type MigrationOutcome, migrateToLatest as migrateKysely } from '@kupon/migrations';

/** Brings the database behind `pool` (event tables, checkpoints, read tables) to the latest migration. */
export function migrateToLatest(pool: SqlPool): Promise<MigrationOutcome> {
  return migrateKysely(asPostgresPool(pool));
}
