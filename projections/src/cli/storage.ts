import { resolve } from 'node:path';
import { type StorageConfig, storageConfigFromEnv } from '@kupon/eventstore';

/**
 * Storage as every process of the app finds it (ARCHITECTURE.md). `npm run <script> -w …` runs in the
 * workspace folder, so the embedded database's default place is taken from where npm was invoked
 * (INIT_CWD, the repository root for `npm run replay`), not from projections/.
 */
export function cliStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return storageConfigFromEnv({ ...env, KUPON_DATA_DIR: env.KUPON_DATA_DIR ?? resolve(env.INIT_CWD ?? process.cwd(), 'data/pglite') });
}

export function describeStorage(config: StorageConfig): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return `PostgreSQL ${url.toString()}${config.schema ? ` (schema ${config.schema})` : ''}`;
  }
  return `PGlite ${config.dataDir}`;
}
