import { openSqlPool } from '@kupon/eventstore';
import { migrateToLatest } from '../migrate';
import { cliStorageConfig, describeStorage } from './storage';

/** `npm run migrate`: brings the database (DATABASE_URL, else PGlite under ./data) to the latest migration. */
const config = cliStorageConfig();
const pool = await openSqlPool(config);
try {
  console.log(`migrating ${describeStorage(config)}`);
  const { applied } = await migrateToLatest(pool);
  if (applied.length === 0) console.log('already up to date');
  for (const name of applied) console.log(`applied ${name}`);
} catch (error) {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
