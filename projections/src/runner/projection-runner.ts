import { type EventStore, kyselyOver, type LogProbe, logProbeFor, type Position, type SqlPool } from '@kupon/eventstore';
import { assertValidProjection, type Projection } from './projection';
import { ProjectionWorker, type ProjectionStatus } from './worker';

export interface ProjectionRunnerOptions {
  /** Where the events are. */
  readonly store: EventStore;
  /** Where the read tables and checkpoints are (migrated). */
  readonly pool: SqlPool;
  readonly projections: readonly Projection[];
  /** Most events applied in one transaction. */
  readonly batchSize?: number;
  /** Default: SQL on `pool` for the PostgreSQL store, a log scan for EventStoreDB. */
  readonly probe?: LogProbe;
}

export interface ProjectionLag extends ProjectionStatus {
  /** Events it handles between its checkpoint and the head of the log. */
  readonly lag: number;
  readonly head: Position;
}

export const DEFAULT_BATCH_SIZE = 500;

/**
 * Keeps every registered projection following the log, each on its own subscription, checkpoint and
 * failure: one failing projection stops alone, with its error, until start() is called again.
 */
export class ProjectionRunner {
  private readonly workers: ProjectionWorker[];
  private readonly probe: LogProbe;

  constructor(private readonly options: ProjectionRunnerOptions) {
    const names = new Set<string>();
    for (const projection of options.projections) {
      assertValidProjection(projection);
      if (names.has(projection.name)) throw new RangeError(`projection ${projection.name} is registered twice`);
      names.add(projection.name);
    }
    this.probe = options.probe ?? logProbeFor(options.store, options.pool);
    // The pool belongs to the caller: this Kysely instance is never destroyed (that would end it).
    const db = kyselyOver(options.pool);
    this.workers = options.projections.map(
      (projection) => new ProjectionWorker(projection, { store: options.store, db, probe: this.probe, batchSize: options.batchSize ?? DEFAULT_BATCH_SIZE, mode: 'follow' }),
    );
  }

  /** Starts every projection that is not running (first start, stopped, failed); resolves once each found its tables. */
  async start(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.start()));
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }

  /**
   * Resolves when every projection (or the named ones) is live and has applied what it handles up to
   * `position` (say, an append's), by default the last event committed before the call. Rejects if
   * one fails or stops first.
   */
  async waitUntilCaughtUp(position?: Position, names?: readonly string[]): Promise<void> {
    const target = position ?? (await this.probe.lastCommitted());
    await Promise.all(this.select(names).map((worker) => worker.waitUntilCaughtUp(target)));
  }

  status(): ProjectionStatus[] {
    return this.workers.map((worker) => worker.status());
  }

  /** status() plus how many events each is behind the last committed event. */
  async lag(): Promise<ProjectionLag[]> {
    const head = await this.probe.lastCommitted();
    return Promise.all(
      this.workers.map(async (worker) => {
        const status = worker.status();
        return { ...status, head, lag: await this.probe.countBetween(worker.filter, status.position, head) };
      }),
    );
  }

  private select(names: readonly string[] | undefined): ProjectionWorker[] {
    if (!names) return this.workers;
    return names.map((name) => {
      const worker = this.workers.find((w) => w.projection.name === name);
      if (!worker) throw new RangeError(`no projection named ${name}`);
      return worker;
    });
  }
}
