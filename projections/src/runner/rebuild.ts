import { type EventStore, type Position, type SqlPool, START } from '@kupon/eventstore';
import { kyselyOver } from './database';
import { logProbeFor, type LogProbe } from './log-probe';
import { assertValidProjection, type Projection } from './projection';
import { DEFAULT_BATCH_SIZE } from './projection-runner';
import { ProjectionWorker, type ProjectionStatus } from './worker';

export interface RebuildOptions {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly projection: Projection;
  readonly batchSize?: number;
  readonly probe?: LogProbe;
  /** Called once before the first batch: how many events it will apply to catch up to `head`. */
  readonly onStart?: (plan: { readonly total: number; readonly head: Position }) => void;
  /** After every committed batch, and once more when the build has swapped in. */
  readonly onProgress?: (status: ProjectionStatus) => void;
}

/**
 * Builds `projection` again from position 0 into fresh tables while the current build keeps
 * serving, and swaps it in (views moved, old tables dropped, one transaction) once it has caught up
 * with every event committed when the rebuild started. A runner following the projection elsewhere
 * moves over to the new build at its next batch.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<ProjectionStatus> {
  assertValidProjection(options.projection);
  const probe = options.probe ?? logProbeFor(options.store, options.pool);
  const db = kyselyOver(options.pool);
  const head = await probe.lastCommitted();
  if (options.onStart) {
    const filter = options.projection.handles === 'all' ? undefined : { eventTypes: options.projection.handles };
    options.onStart({ total: await probe.countBetween(filter, START, head), head });
  }
  let last: ProjectionStatus | null = null;
  const worker = new ProjectionWorker(options.projection, {
    store: options.store,
    db,
    probe,
    batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE,
    mode: 'rebuild',
    onBatch: (status) => {
      last = status;
      options.onProgress?.(status);
    },
  });
  await worker.start();
  // A rebuild ends by itself once its build is live, or on a failure.
  await worker.finished();
  const status = worker.status();
  if (status.error) throw new Error(status.error);
  const swapped = last as ProjectionStatus | null;
  if (swapped?.state !== 'live') throw new Error(`rebuild of ${options.projection.name} stopped before it swapped in`);
  return swapped;
}
