import { type StorageConfig, storageConfigFromEnv } from '@kupon/eventstore';

/** Storage as every process of the app finds it (ARCHITECTURE.md; the api's `npm start` too). */
export function cliStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  return storageConfigFromEnv(env);
}

export function describeStorage(config: StorageConfig): string {
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    url.password = '';
    return `PostgreSQL ${url.toString()}${config.schema ? ` (schema ${config.schema})` : ''}`;
  }
  return `PGlite ${config.dataDir}`;
}
