import { openEventStore, openSqlPool } from '@kupon/eventstore';
import cliProgress from 'cli-progress';
import { projectionNamed, projections } from '../registry';
import { rebuildProjections } from '../runner/rebuild';
import { cliStorageConfig, describeStorage } from './storage';

/**
 * `npm run replay -- <projection> [<projection> …]`: rebuilds each projection from position 0 into
 * fresh tables while the current ones keep serving, then swaps each in once caught up. Several named
 * together read the log once for all of them (rebuildProjections). A runner following a projection
 * in another process moves to the new tables at its next batch.
 */
const names = process.argv.slice(2);
const chosen = names.map((name) => projectionNamed(name));
if (names.length === 0 || chosen.some((projection) => !projection)) {
  const unknown = names.filter((_, i) => !chosen[i]);
  console.error(`${unknown.length ? `unknown projection: ${unknown.join(', ')}\n` : ''}usage: npm run replay -- <projection> [<projection> …]\nprojections: ${projections.map((p) => p.name).join(', ')}`);
  process.exit(2);
}
const toReplay = chosen.map((projection) => projection!);

const config = cliStorageConfig();
const pool = await openSqlPool(config);
const store = await openEventStore(config, pool);
// Progress bars on a terminal; elsewhere (a CI log) only the lines before and after.
const bars = process.stdout.isTTY
  ? new cliProgress.MultiBar({ format: '{name} |{bar}| {value}/{total} events | {rate} events/s | ETA {eta_formatted}', hideCursor: true, clearOnComplete: false }, cliProgress.Presets.shades_classic)
  : null;
let startedAt = performance.now();
const rate = (done: number) => Math.round(done / Math.max((performance.now() - startedAt) / 1000, 0.001));
try {
  console.log(`replaying ${toReplay.map((p) => `${p.name} v${p.version}`).join(', ')} on ${describeStorage(config)}`);
  const results = await rebuildProjections({
    store,
    pool,
    projections: toReplay.map((projection) => {
      let bar: cliProgress.SingleBar | null = null;
      let total = 0;
      return {
        projection,
        onStart: (plan) => {
          total = plan.total;
          startedAt = performance.now();
          bar = bars?.create(total, 0, { name: `${projection.name} v${projection.version}`, rate: 0 }) ?? null;
        },
        onProgress: (status) => {
          // Events appended during the replay come on top of what the head held when it started.
          if (status.eventsApplied > total) bar?.setTotal((total = status.eventsApplied));
          bar?.update(status.eventsApplied, { rate: rate(status.eventsApplied) });
        },
      };
    }),
  });
  bars?.stop();
  const seconds = (performance.now() - startedAt) / 1000;
  for (const result of results) console.log(`${result.name} v${result.version} build ${result.build} is live: ${result.eventsApplied} events`);
  console.log(`in ${seconds.toFixed(1)} s; the previous tables are dropped`);
} catch (error) {
  bars?.stop();
  console.error(`replay failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await store.close();
  await pool.end();
}
