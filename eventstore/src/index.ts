export * from './port';
export { canonicalJson } from './hash/canonical-json';
export { GENESIS_HASH, chainHash, eventHash, hashTail, hashedMetadata } from './hash/hash-chain';
export { StreamChainVerifier } from './hash/verify';
export { PostgresEventStore, type PostgresEventStoreOptions, EVENTS_CHANNEL } from './postgres/postgres-event-store';
export { createPgPool, createPglitePool, pglitePool, inTransaction, type QueryOptions, type SqlPool, type SqlConnection, type SqlResult } from './postgres/sql-pool';
export { openEventStore, openSqlPool, storageConfigFromEnv, type StorageConfig } from './open';
export { kyselyOver, asPostgresPool } from './sql/kysely';
export { type LogProbe, sqlLogProbe, scanLogProbe, logProbeFor } from './sql/log-probe';
