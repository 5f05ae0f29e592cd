import { openEventStore, openSqlPool } from '@kupon/eventstore';
import cliProgress from 'cli-progress';
import { projectionNamed, projections } from '../registry';
import { rebuildProjection } from '../runner/rebuild';
import { cliStorageConfig, describeStorage } from './storage';

/**
 * `npm run replay -- <projection>`: rebuilds one projection from position 0 into fresh tables while
 * the current ones keep serving, then swaps them in. A runner following the projection in another
 * process moves to the new tables at its next batch.
 */
const name = process.argv[2];
const projection = name ? projectionNamed(name) : undefined;
if (!projection) {
  console.error(`usage: npm run replay -- <projection>\nprojections: ${projections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}

const config = cliStorageConfig();
const pool = await openSqlPool(config);
const store = await openEventStore(config, pool);
const bar = new cliProgress.SingleBar(
  { format: `${projection.name} v${projection.version} |{bar}| {value}/{total} events | {rate} events/s | ETA {eta_formatted}`, hideCursor: true },
  cliProgress.Presets.shades_classic,
);
let startedAt = performance.now();
const rate = (done: number) => Math.round(done / Math.max((performance.now() - startedAt) / 1000, 0.001));
let total = 0;
try {
  console.log(`replaying ${projection.name} v${projection.version} on ${describeStorage(config)}`);
  const result = await rebuildProjection({
    store,
    pool,
    projection,
    onStart: (plan) => {
      total = plan.total;
      startedAt = performance.now();
      bar.start(total, 0, { rate: 0 });
    },
    onProgress: (status) => {
      // Events appended during the replay come on top of what the head held when it started.
      if (status.eventsApplied > total) bar.setTotal((total = status.eventsApplied));
      bar.update(status.eventsApplied, { rate: rate(status.eventsApplied) });
    },
  });
  bar.stop();
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(`${projection.name} v${result.version} build ${result.build} is live: ${result.eventsApplied} events in ${seconds.toFixed(1)} s; the previous tables are dropped`);
} catch (error) {
  bar.stop();
  console.error(`replay failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await store.close();
  await pool.end();
}
