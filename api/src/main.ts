import { openEventStore, openSqlPool, storageConfigFromEnv } from '@kupon/eventstore';
import { migrateToLatest, ProjectionRunner, projections } from '@kupon/projections';
import { buildApp } from './app';

/**
 * `npm start`: one process on the embedded store by default (PGlite is single-process), PostgreSQL
 * when DATABASE_URL is set, EventStoreDB for events when EVENTSTORE_URL is set. The projection
 * runner follows the log in the same process.
 */
const config = storageConfigFromEnv();
const pool = await openSqlPool(config);
const { applied } = await migrateToLatest(pool);
const store = await openEventStore(config, pool);
const runner = new ProjectionRunner({ store, pool, projections });
await runner.start();
const app = buildApp({ store, pool, logger: process.env.LOG_LEVEL !== 'silent' });

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
await app.listen({ port, host });
const address = app.server.address();
const boundPort = typeof address === 'object' && address ? address.port : port;

const where = config.eventStoreUrl ? 'EventStoreDB' : config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`;
// One write, so a reader that waits for the "listening" line also has the rest.
process.stdout.write(
  [
    '',
    `Storage: ${where}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`,
    `Projections: ${projections.map((p) => `${p.name} v${p.version}`).join(', ')}`,
    `Kupon api listening on http://${host}:${boundPort}  (health: http://${host}:${boundPort}/health)`,
    '',
    '',
  ].join('\n'),
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await runner.stop();
    await store.close();
    await pool.end();
    process.exit(0);
  });
}
