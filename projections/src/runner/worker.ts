import { type AllFilter, comparePositions, type EventStore, type LogProbe, type Position, type RecordedEvent, START, type SubscribeOptions, type Subscription } from '@kupon/eventstore';
import { type Kysely, sql, type Transaction } from 'kysely';
import { advanceCheckpoint, attachBuild, type Build, buildTables, type CheckpointDatabase, checkpointMove, ProjectionSuperseded, readBuild, recordFailure, startRebuild, swapIn } from './builds';
import { namedWrites } from './json-rows';
import type { BatchCarry, PreparedBatch, Projection } from './projection';

export type ProjectionState =
  /** Not running: never started, or stopped. */
  | 'stopped'
  /** Finding or creating its build. */
  | 'starting'
  /** Filling a build while an older one serves; swaps in when caught up. */
  | 'building'
  /** Its build is the one readers see. */
  | 'live'
  /** apply (or the database) failed; the batch was rolled back. start() again to retry. */
  | 'failed'
  /** A newer version is live: this one will not write again. */
  | 'superseded';

export interface ProjectionStatus {
  readonly name: string;
  readonly version: number;
  /** The build it writes to (0 unless replayed), null before it found one. */
  readonly build: number | null;
  readonly state: ProjectionState;
  /** Events applied into the current build since it started from position 0. */
  readonly eventsApplied: number;
  /** Its checkpoint: the last event applied. */
  readonly position: Position;
  readonly error: string | null;
}

/** apply threw: which event, which projection. The batch it was in has been rolled back. */
export class ProjectionApplyError extends Error {
  override readonly name = 'ProjectionApplyError';
  constructor(
    readonly projection: string,
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(`${projection} failed on ${event.type} ${event.streamName}@${event.streamRevision} (${event.id}): ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Thrown by a projection's applyBatch to name the event it failed on. */
export class BatchEventError extends Error {
  override readonly name = 'BatchEventError';
  constructor(
    readonly event: RecordedEvent,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

/** A batch fold's loop: `apply` on each event in log order, a throw naming the event it failed on. */
export function foldEach(events: readonly RecordedEvent[], apply: (event: RecordedEvent) => void): void {
  for (const event of events) {
    try {
      apply(event);
    } catch (error) {
      throw new BatchEventError(event, error);
    }
  }
}

export interface WorkerOptions {
  readonly store: EventStore;
  readonly db: Kysely<any>;
  readonly probe: LogProbe;
  readonly batchSize: number;
  /** 'follow': write to the projection's live build (or build one). 'rebuild': a fresh build from position 0, ending once it is live. */
  readonly mode: 'follow' | 'rebuild';
  readonly onBatch?: (status: ProjectionStatus) => void;
  /** Where it reads the log from: the store's own subscription unless given (SharedLog, for rebuilds together). */
  readonly subscribe?: (options: SubscribeOptions) => Subscription;
}

interface Waiter {
  readonly target: Position;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

type Outcome = 'ended' | 'resync';

/** In a batch written as one statement: its first part moved the checkpoint (see Projection.prepareBatch). */
const CHECKPOINT_MOVED = sql<boolean>`exists (select from batch_checkpoint)`;

const TICK = Symbol('tick');
/** Resolves after pending I/O callbacks: an iterator that has not answered by then is waiting on the database. */
const tick = () => new Promise<typeof TICK>((resolve) => setImmediate(() => resolve(TICK)));

/**
 * Runs one projection: subscribes from its checkpoint, applies events in batches, and moves the
 * checkpoint in each batch's transaction, so the read tables and the checkpoint always agree.
 */
export class ProjectionWorker {
  private state: ProjectionState = 'stopped';
  private build: Build | null = null;
  private checkpoint: Position = START;
  private eventsApplied = 0;
  private error: Error | null = null;
  /** Where a building build swaps in (and a rebuild ends): the last committed event when the build was attached. */
  private swapTarget: Position | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private requestStop: () => void = () => undefined;
  private stopRequested: Promise<IteratorReturnResult<undefined>> = new Promise(() => undefined);
  private waiters: Waiter[] = [];
  /** The subscription's filter: the event types it handles, or none for 'all'. */
  readonly filter: AllFilter | undefined;
  private readonly db: Kysely<CheckpointDatabase>;
  /** The projection's carry between this worker's consecutive batches on one build (see BatchCarry). */
  private readonly carry: BatchCarry = new Map();

  constructor(
    readonly projection: Projection,
    private readonly options: WorkerOptions,
  ) {
    this.filter = projection.handles === 'all' ? undefined : { eventTypes: projection.handles };
    this.db = options.db as Kysely<CheckpointDatabase>;
  }

  /** Starts it unless it is running; resolves once it has found its build (or failed to). */
  start(): Promise<void> {
    if (this.running) return Promise.resolve();
    this.stopping = false;
    this.stopRequested = new Promise((resolve) => (this.requestStop = () => resolve({ done: true, value: undefined })));
    this.error = null;
    this.state = 'starting';
    let attached!: () => void;
    const ready = new Promise<void>((resolve) => (attached = resolve));
    this.running = this.run(attached).finally(() => {
      this.running = null;
      attached();
    });
    return ready;
  }

  /** Lets the batch in flight commit, then stops. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.requestStop();
    await this.running;
  }

  /** Resolves when it has stopped running: stopped, failed, superseded, or (a rebuild) swapped in. */
  async finished(): Promise<void> {
    await this.running;
  }

  /** Resolves once it is live and has applied every event it handles up to `target`. */
  waitUntilCaughtUp(target: Position): Promise<void> {
    if (this.state === 'failed' || this.state === 'superseded') return Promise.reject(this.error ?? new Error(`${this.projection.name} ${this.state}`));
    if (this.state === 'stopped') return Promise.reject(new Error(`${this.projection.name} is not running`));
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { target, resolve, reject };
      this.waiters.push(waiter);
      void this.settle([waiter], true).catch(() => undefined);
    });
  }

  status(): ProjectionStatus {
    return {
      name: this.projection.name,
      version: this.projection.version,
      build: this.build?.build ?? null,
      state: this.state,
      eventsApplied: this.eventsApplied,
      position: this.checkpoint,
      error: this.error?.message ?? null,
    };
  }

  private async run(attached: () => void): Promise<void> {
    try {
      let outcome: Outcome = 'resync';
      while (outcome === 'resync' && !this.stopping) outcome = await this.follow(attached);
      this.state = 'stopped';
      this.rejectWaiters(new Error(`${this.projection.name} stopped`));
    } catch (error) {
      await this.fail(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Follows the log into the current build until stopped, or until the build changes under it. */
  private async follow(attached: () => void): Promise<Outcome> {
    await this.attach();
    attached();
    const settled = await this.afterBatch(true);
    if (settled !== 'continue') return settled;
    if (this.stopping) return 'ended';
    const options: SubscribeOptions = { fromPosition: this.checkpoint, ...(this.filter ? { filter: this.filter } : {}) };
    const subscription = this.options.subscribe ? this.options.subscribe(options) : this.options.store.subscribeToAll(options);
    const iterator = subscription[Symbol.asyncIterator]();
    const pull = () => {
      const next = iterator.next();
      next.catch(() => undefined); // awaited below; this only keeps a close-time rejection from going unhandled
      return next;
    };
    try {
      // stop() ends the wait for the next event at once, whatever the subscription is doing.
      let next = pull();
      const nextOrStop = () => Promise.race([next, this.stopRequested]);
      /** Adds to `batch`, up to a batch's size, what the subscription delivers before `until` resolves. */
      const takeMore = async (batch: RecordedEvent[], until: () => Promise<typeof TICK>) => {
        while (batch.length < this.options.batchSize) {
          const more = await Promise.race([next, until()]);
          if (more === TICK || more.done) return;
          batch.push(more.value);
          next = pull();
        }
      };
      // A batch taken and folded while the one before it was being written (see prepare).
      let ahead: { batch: RecordedEvent[]; prepared: PreparedBatch | null } | null = null;
      for (;;) {
        let batch: RecordedEvent[];
        let prepared: PreparedBatch | null;
        if (ahead) {
          ({ batch, prepared } = ahead);
          ahead = null;
        } else {
          let first = await Promise.race([nextOrStop(), tick()]);
          if (first === TICK) {
            // Nothing buffered: the moment to ask whether it is caught up.
            const idle = await this.afterBatch(true);
            if (idle !== 'continue') return idle;
            first = await nextOrStop();
          }
          if (first.done) return 'ended';
          batch = [first.value];
          next = pull();
          await takeMore(batch, tick);
          prepared = this.prepare(batch);
        }
        let writeSent: () => void = () => undefined;
        const sent = new Promise<typeof TICK>((resolve) => (writeSent = () => resolve(TICK)));
        const committing = this.commit(batch, prepared, writeSent);
        if (prepared) {
          // Folded before its transaction, so the next batch may fold while the database writes it:
          // take what the subscription delivers until then, up to a batch, and fold it.
          committing.catch(() => undefined);
          const written: Promise<typeof TICK> = committing.then(
            () => TICK,
            () => TICK,
          );
          try {
            const following: RecordedEvent[] = [];
            await takeMore(following, () => written);
            // Stopping: the write in flight ends the run, nothing after it is folded.
            if (following.length > 0 && !this.stopping) {
              // Fold once the write has gone to the database (its statements before need Node to answer them).
              await Promise.race([sent, written]);
              await tick();
              ahead = { batch: following, prepared: this.prepare(following) };
            }
          } catch (error) {
            // The batch being written ends as it ends (committed or not) before this run fails.
            await written;
            throw error;
          }
        }
        const committed = await committing;
        if (!committed) return 'resync';
        const after = await this.afterBatch(false);
        if (after !== 'continue' || this.stopping) {
          // What was folded ahead will not be written by this run: it must not stay in the carry.
          if (ahead) this.carry.clear();
          return after !== 'continue' ? after : 'ended';
        }
      }
    } finally {
      await subscription.close();
    }
  }

  /**
   * Folds a batch in memory before its transaction when the projection can (Projection.prepareBatch),
   * so the next batch can fold while this one is written; null when it cannot. A batch that fails to
   * fold fails the projection as applying it would, and the carry it left half-changed is emptied.
   */
  private prepare(batch: readonly RecordedEvent[]): PreparedBatch | null {
    const { projection } = this;
    if (!projection.prepareBatch || !projection.applyBatch) return null;
    try {
      return projection.prepareBatch(batch, this.carry, CHECKPOINT_MOVED);
    } catch (error) {
      this.carry.clear();
      throw this.batchFailed(batch, error);
    }
  }

  /** A batch's fold or write failed: on the event a BatchEventError names, else on the batch's first. */
  private batchFailed(batch: readonly RecordedEvent[], error: unknown): ProjectionApplyError {
    const event = error instanceof BatchEventError ? error.event : batch[0]!;
    return new ProjectionApplyError(this.projection.name, event, error instanceof BatchEventError ? error.cause : error);
  }

  private async attach(): Promise<void> {
    const { db } = this;
    let build: Build;
    if (this.options.mode === 'follow') build = await attachBuild(db, this.projection);
    else if (!this.build) build = await startRebuild(db, this.projection);
    else {
      const mine = await readBuild(db, this.build);
      if (!mine) throw new Error(`${this.projection.name} v${this.projection.version} build ${this.build.build} was replaced by another build`);
      build = mine;
    }
    this.build = build;
    this.carry.clear();
    this.checkpoint = build.checkpoint;
    this.eventsApplied = build.eventsApplied;
    this.state = build.status;
    // A rebuild also ends there when its build went live at once (nothing served before it).
    this.swapTarget = build.status === 'building' || this.options.mode === 'rebuild' ? await this.options.probe.lastCommitted() : null;
  }

  /**
   * The checkpoint moves from where this worker left it and every event applies, atomically: a batch
   * folded ahead is one statement, any other one transaction.
   */
  private async commit(batch: readonly RecordedEvent[], prepared: PreparedBatch | null, writeSent?: () => void): Promise<boolean> {
    const build = this.build!;
    const from = this.checkpoint;
    const to = batch.at(-1)!.position;
    let committed = false;
    try {
      committed = prepared ? await this.writePrepared(build, batch, from, to, prepared, writeSent) : await this.applyInTransaction(build, batch, from, to);
    } finally {
      // The carry holds only what this worker's own consecutive batches left: a batch rolled back, or
      // one whose checkpoint had moved under it (another worker's batch committed), empties it.
      if (!committed) this.carry.clear();
    }
    if (!committed) return false;
    this.checkpoint = to;
    this.eventsApplied += batch.length;
    this.options.onBatch?.(this.status());
    return true;
  }

  /**
   * A batch folded ahead, in one round trip: `with batch_checkpoint as (<move>), w0 as (<write>), …`,
   * each write guarded by CHECKPOINT_MOVED. A statement is its own transaction, so the rows and the
   * checkpoint commit together or not at all; when the checkpoint had moved, nothing is written.
   */
  private async writePrepared(build: Build, batch: readonly RecordedEvent[], from: Position, to: Position, prepared: PreparedBatch, writeSent?: () => void): Promise<boolean> {
    const parts = [sql`batch_checkpoint as (${checkpointMove(this.db, build, from, to, batch.length)})`, ...namedWrites(prepared.writes)];
    // A build nobody reads yet need not wait for its commits to reach the disk (see applyInTransaction).
    const durability = this.state === 'building' ? sql`, set_config('synchronous_commit', 'off', true)` : sql``;
    const statement = sql<{ moved: boolean }>`with ${sql.join(parts)} select ${CHECKPOINT_MOVED} as moved${durability}`;
    try {
      const writing = statement.execute(this.db.withPlugin(buildTables(build)));
      writeSent?.();
      const { rows } = await writing;
      return rows[0]?.moved === true;
    } catch (error) {
      throw this.batchFailed(batch, error);
    }
  }

  private applyInTransaction(build: Build, batch: readonly RecordedEvent[], from: Position, to: Position): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      // A build nobody reads yet need not wait for its commits to reach the disk: a crash loses at most
      // its last batches, checkpoint and writes together, and it replays them. The swap commits durably,
      // and PostgreSQL flushes every earlier commit before a later durable one.
      if (this.state === 'building') await sql`set local synchronous_commit = off`.execute(tx);
      if (!(await advanceCheckpoint(tx, build, from, to, batch.length))) return false;
      const tables = tx.withPlugin(buildTables(build)) as Transaction<any>;
      if (this.projection.applyBatch) {
        try {
          await this.projection.applyBatch(tables, batch, this.carry);
        } catch (error) {
          throw this.batchFailed(batch, error);
        }
        return true;
      }
      for (const event of batch) {
        try {
          await this.projection.apply(tables, event);
        } catch (error) {
          throw new ProjectionApplyError(this.projection.name, event, error);
        }
      }
      return true;
    });
  }

  /** Swaps a building build in once it has caught up, then answers waiters. `idle`: may ask the log. */
  private async afterBatch(idle: boolean): Promise<Outcome | 'continue'> {
    if (this.swapTarget && (await this.caughtUpTo(this.swapTarget, idle))) {
      if (this.state === 'building') {
        if (!(await swapIn(this.db, this.build!, this.projection))) {
          if (this.options.mode === 'rebuild') throw new Error(`${this.projection.name}: a newer build swapped in first`);
          return 'resync';
        }
        this.build = { ...this.build!, status: 'live' };
        this.state = 'live';
      }
      this.swapTarget = null;
      if (this.options.mode === 'rebuild') {
        this.options.onBatch?.(this.status());
        return 'ended';
      }
    }
    await this.settle(this.waiters, idle);
    return 'continue';
  }

  private async settle(waiters: readonly Waiter[], idle: boolean): Promise<void> {
    if (this.state !== 'live') return;
    const build = this.build;
    for (const waiter of [...waiters]) {
      if (!(await this.caughtUpTo(waiter.target, idle))) continue;
      // A resync while the log was being asked may have moved it to another build: ask again later.
      if (this.build !== build || this.state !== 'live') return;
      this.waiters = this.waiters.filter((w) => w !== waiter);
      waiter.resolve();
    }
  }

  /** Every event it handles up to `target` is applied: its checkpoint is there, or none lies between. */
  private async caughtUpTo(target: Position, mayAskTheLog: boolean): Promise<boolean> {
    const checkpoint = this.checkpoint;
    if (comparePositions(checkpoint, target) >= 0) return true;
    return mayAskTheLog && !(await this.options.probe.anyBetween(this.filter, checkpoint, target));
  }

  private async fail(error: Error): Promise<void> {
    this.error = error;
    if (error instanceof ProjectionSuperseded) this.state = 'superseded';
    else {
      this.state = 'failed';
      if (this.build) await recordFailure(this.db, this.build, error.message).catch(() => undefined);
    }
    this.rejectWaiters(error);
  }

  private rejectWaiters(error: Error): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter.reject(error);
  }
}
