import { type EventStore, kyselyOver, type LogProbe, logProbeFor, type Position, type RecordedEvent, type SqlPool, START, type Subscription } from '@kupon/eventstore';
import { type Kysely, sql } from 'kysely';
import type { StreamCommands } from '../runner/stream-commands';

/**
 * A process manager: follows the log and issues the next command for each event it handles. It runs
 * at least once per event (a crash between acting and checkpointing redelivers), so every command it
 * issues derives its reference and event ids from the causing event and acts once.
 */
export interface Reactor {
  /** kebab-case, unique. */
  readonly name: string;
  readonly handles: readonly string[];
  /** Resolves when the event's commands are appended, or refused (a refusal is recorded, not retried). */
  react(event: RecordedEvent, commands: StreamCommands): Promise<ReactorOutcome>;
}

export type ReactorOutcome = { readonly ok: true } | { readonly ok: false; readonly error: string };

interface ReactorTables {
  reactor_checkpoints: { reactor: string; commit_position: string; prepare_position: string; events_handled: string; updated_at: Date };
  reactor_failures: { reactor: string; event_id: string; stream_name: string; event_type: string; error: string; failed_at: Date };
}

export interface ReactorRunnerOptions {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly commands: StreamCommands;
  readonly reactors: readonly Reactor[];
  /** Called on an unexpected error (database down…); the reactor restarts from its checkpoint after `retryMs`. */
  readonly onError?: (reactor: string, error: unknown) => void;
  readonly retryMs?: number;
}

interface Running {
  readonly reactor: string;
  subscription: Subscription | null;
  /** The last event handled (what a wait for catching up compares with). */
  position: Position;
  /** Events handled since the stored checkpoint was last written. */
  unsaved: number;
  /** The checkpoint writes, one after another. */
  saving: Promise<void>;
  timer: NodeJS.Timeout | null;
  stopped: boolean;
  done: Promise<void>;
}

/**
 * The stored checkpoint is written after this many events, or this long after the last unsaved one,
 * and when the reactor stops: not once per event (a committed write each, which made a reactor
 * following 100,000 settlements mostly wait for its own checkpoints). A crash redelivers at most what
 * was not yet written; every reactor acts once per event however often it sees it.
 */
const CHECKPOINT_EVERY = 256;
const CHECKPOINT_AFTER_MS = 100;

/** Runs each reactor on its own subscription and checkpoint (migration 2026-11-22T30-00-reactor-checkpoints). */
export class ReactorRunner {
  private readonly db: Kysely<ReactorTables>;
  private readonly running = new Map<string, Running>();
  private readonly probe: LogProbe;

  constructor(private readonly options: ReactorRunnerOptions) {
    this.db = kyselyOver<ReactorTables>(options.pool);
    this.probe = logProbeFor(options.store, options.pool);
    const names = new Set(options.reactors.map((r) => r.name));
    if (names.size !== options.reactors.length) throw new RangeError('reactor names must be unique');
  }

  async start(): Promise<void> {
    for (const reactor of this.options.reactors) {
      if (this.running.has(reactor.name)) continue;
      const position = await this.checkpoint(reactor.name);
      const run: Running = { reactor: reactor.name, subscription: null, position, unsaved: 0, saving: Promise.resolve(), timer: null, stopped: false, done: Promise.resolve() };
      this.running.set(reactor.name, run);
      run.done = this.follow(reactor, run);
    }
  }

  async stop(): Promise<void> {
    const runs = [...this.running.values()];
    this.running.clear();
    for (const run of runs) {
      run.stopped = true;
      await run.subscription?.close();
    }
    await Promise.all(runs.map((run) => run.done));
    await Promise.all(runs.map((run) => this.flushCheckpoint(run)));
  }

  /**
   * Resolves when every reactor has handled what it handles up to `target` (default: the last event
   * committed now, which on PostgreSQL can lie beyond what a reader sees while an older transaction of
   * any other client is open: waiting for it waits for everything written before the call).
   */
  async waitUntilCaughtUp(target?: Position): Promise<void> {
    const goal = target ?? (await this.probe.lastCommitted());
    for (const reactor of this.options.reactors) {
      while (await this.pendingFor(reactor, goal)) await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Whether an event `reactor` handles lies after its position, at or before `goal`. */
  private async pendingFor(reactor: Reactor, goal: Position): Promise<boolean> {
    const run = this.running.get(reactor.name);
    if (!run) throw new Error(`reactor ${reactor.name} is not running`);
    return this.probe.anyBetween({ eventTypes: reactor.handles }, run.position, goal);
  }

  private async follow(reactor: Reactor, run: Running): Promise<void> {
    while (!run.stopped) {
      try {
        run.subscription = this.options.store.subscribeToAll({ fromPosition: run.position, filter: { eventTypes: reactor.handles } });
        for await (const event of run.subscription) {
          const outcome = await reactor.react(event, this.options.commands);
          if (!outcome.ok) await this.recordFailure(reactor.name, event, outcome.error);
          run.position = event.position;
          run.unsaved++;
          if (run.unsaved >= CHECKPOINT_EVERY) await this.flushCheckpoint(run);
          else run.timer ??= setTimeout(() => void this.flushCheckpoint(run).catch((error: unknown) => this.options.onError?.(reactor.name, error)), CHECKPOINT_AFTER_MS).unref();
          if (run.stopped) break;
        }
      } catch (error) {
        if (run.stopped) break;
        this.options.onError?.(reactor.name, error);
        await run.subscription?.close().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 500));
        // Back to what is stored: what was handled since is redelivered, and acts once.
        await run.saving.catch(() => undefined);
        run.position = await this.checkpoint(reactor.name).catch(() => run.position);
        run.unsaved = 0;
      }
    }
  }

  /** Writes the position handled so far, after any write still in flight (positions only move on). */
  private flushCheckpoint(run: Running): Promise<void> {
    if (run.timer) clearTimeout(run.timer);
    run.timer = null;
    if (run.unsaved === 0) return run.saving;
    const position = run.position;
    const handled = run.unsaved;
    run.unsaved = 0;
    run.saving = run.saving.catch(() => undefined).then(() => this.saveCheckpoint(run.reactor, position, handled));
    return run.saving;
  }

  private async checkpoint(reactor: string): Promise<Position> {
    const row = await this.db.selectFrom('reactor_checkpoints').select(['commit_position', 'prepare_position']).where('reactor', '=', reactor).executeTakeFirst();
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : START;
  }

  private async saveCheckpoint(reactor: string, position: Position, handled: number): Promise<void> {
    await this.db
      .insertInto('reactor_checkpoints')
      .values({ reactor, commit_position: position.commit.toString(), prepare_position: position.prepare.toString(), events_handled: String(handled), updated_at: new Date() })
      .onConflict((oc) =>
        oc.column('reactor').doUpdateSet({
          commit_position: position.commit.toString(),
          prepare_position: position.prepare.toString(),
          events_handled: sql`reactor_checkpoints.events_handled + ${handled}`,
          updated_at: new Date(),
        }),
      )
      .execute();
  }

  private async recordFailure(reactor: string, event: RecordedEvent, error: string): Promise<void> {
    await this.db
      .insertInto('reactor_failures')
      .values({ reactor, event_id: event.id, stream_name: event.streamName, event_type: event.type, error, failed_at: new Date() })
      .onConflict((oc) => oc.columns(['reactor', 'event_id']).doNothing())
      .execute();
  }
}
