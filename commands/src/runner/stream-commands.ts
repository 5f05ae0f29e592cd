import { type Decider, type DomainError, isDomainError } from '@kupon/domain';
import { type EventStore, type JsonObject, type NewEvent, WrongExpectedRevision } from '@kupon/eventstore';
import type { CommandMeta } from './meta';

/** What a decider returns: `{ type, data }` (the store adds id and metadata). */
export interface DecidedEvent {
  readonly type: string;
  readonly data: object;
}

/** A refusal is a domain error, never a throw; `revision` is the stream's revision after the command (its next expected revision). */
export type Outcome<Event> =
  | { readonly ok: true; readonly events: readonly Event[]; readonly revision: bigint }
  | { readonly ok: false; readonly error: DomainError };

interface Folded {
  readonly state: unknown;
  /** Revision of the last event folded; -1n for none. */
  readonly revision: bigint;
}

const MAX_ATTEMPTS = 20;
const CACHE_LIMIT = 20_000;
const PAGE = 5000;

/**
 * ARCHITECTURE.md's command handler, the one write path of the server: runs any decider against one
 * stream: fold (from a cache kept by revision, so a 100,000-event wallet is never replayed per
 * command), decide, append with the revision read, retry a bounded number of times on a concurrency
 * error. One instance serves every decider (one cache per stream), so the use cases and the reactors
 * of a process keep a wallet's folded state once.
 */
export class StreamCommands {
  private readonly cache = new Map<string, Folded>();
  /** The decider each cached stream was folded with: a stream is always folded by one decider. */
  private readonly folders = new Map<string, Decider<any, any, any, any>>();

  constructor(readonly store: EventStore) {}

  /** The tail of each stream's queue: commands on one stream in this process run one at a time. */
  private readonly queues = new Map<string, Promise<unknown>>();

  /**
   * Decides and appends `command` on `stream`. Commands on one stream are queued in this process (a
   * busy wallet takes 200 stakes in a row, not 200 racing appends that mostly lose); other processes
   * are caught by the expected revision and retried.
   */
  run<State, Command, Event extends DecidedEvent, Context>(
    stream: string,
    decider: Decider<State, Command, Event, Context>,
    command: Command,
    meta: CommandMeta,
    context?: Context | (() => Context | Promise<Context>),
  ): Promise<Outcome<Event>> {
    const previous = this.queues.get(stream) ?? Promise.resolve();
    const next = previous.then(
      () => this.decideAndAppend(stream, decider, command, meta, context),
      () => this.decideAndAppend(stream, decider, command, meta, context),
    );
    const tail = next.catch(() => undefined);
    this.queues.set(stream, tail);
    void tail.then(() => {
      if (this.queues.get(stream) === tail) this.queues.delete(stream);
    });
    return next;
  }

  /**
   * Like `run`, for a stream this command normally creates (a coupon opened from its stake): decided
   * against the empty state and appended with 'no_stream', no read first. If the stream exists after
   * all (a twin request, the reactor), it falls back to `run`, which reads and decides again.
   */
  async runNew<State, Command, Event extends DecidedEvent, Context>(stream: string, decider: Decider<State, Command, Event, Context>, command: Command, meta: CommandMeta, context?: Context): Promise<Outcome<Event>> {
    if (this.cached(stream, decider)) return this.run(stream, decider, command, meta, context);
    const decided = decider.decide(command, decider.initialState, context as Context);
    if (isDomainError(decided) || decided.length === 0) return this.run(stream, decider, command, meta, context);
    const events: NewEvent[] = decided.map((event, index) => ({
      id: meta.eventId(index),
      type: event.type,
      data: event.data as JsonObject,
      metadata: { correlationId: meta.correlationId, causationId: meta.causationId, actor: meta.actor, at: meta.at, schemaVersion: 1 },
    }));
    try {
      const result = await this.store.append(stream, events, { expectedRevision: 'no_stream' });
      if (result.nextExpectedRevision === BigInt(events.length - 1)) this.remember(stream, decider, { state: decided.reduce(decider.evolve, decider.initialState), revision: result.nextExpectedRevision });
      return { ok: true, events: decided, revision: result.nextExpectedRevision };
    } catch (error) {
      if (error instanceof WrongExpectedRevision) return this.run(stream, decider, command, meta, context);
      throw error;
    }
  }

  private async decideAndAppend<State, Command, Event extends DecidedEvent, Context>(
    stream: string,
    decider: Decider<State, Command, Event, Context>,
    command: Command,
    meta: CommandMeta,
    context?: Context | (() => Context | Promise<Context>),
  ): Promise<Outcome<Event>> {
    for (let attempt = 1; ; attempt++) {
      // First attempt: the state this process folded last (no read); the append's expected revision
      // catches another process's write, and every retry reads the stream's tail first.
      const cached = attempt === 1 ? this.cached(stream, decider) : undefined;
      const folded = cached ?? (await this.load(stream, decider));
      // A context read per attempt: a retry after another process's append sees the state it made.
      const ctx = typeof context === 'function' ? await (context as () => Context | Promise<Context>)() : (context as Context);
      const decided = decider.decide(command, folded.state, ctx);
      // A refusal or a no-op is only answered from state read just now: a cached fold may predate another process's write.
      if (cached && (isDomainError(decided) || decided.length === 0)) continue;
      if (isDomainError(decided)) return { ok: false, error: decided };
      if (decided.length === 0) return { ok: true, events: [], revision: folded.revision };
      const events: NewEvent[] = decided.map((event, index) => ({
        id: meta.eventId(index),
        type: event.type,
        data: event.data as JsonObject,
        metadata: { correlationId: meta.correlationId, causationId: meta.causationId, actor: meta.actor, at: meta.at, schemaVersion: 1 },
      }));
      try {
        const result = await this.store.append(stream, events, { expectedRevision: folded.revision < 0n ? 'no_stream' : folded.revision });
        if (result.nextExpectedRevision === folded.revision + BigInt(events.length)) {
          this.remember(stream, decider, { state: decided.reduce(decider.evolve, folded.state), revision: result.nextExpectedRevision });
        } else {
          this.forget(stream);
        }
        return { ok: true, events: decided, revision: result.nextExpectedRevision };
      } catch (error) {
        this.forget(stream);
        if (error instanceof WrongExpectedRevision && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** What this process last folded of `stream`, without reading it (may be behind other processes' writes). */
  peek<State>(stream: string, decider: Decider<State, any, any, any>): { state: State; revision: bigint } | undefined {
    return this.cached(stream, decider);
  }

  private cached(stream: string, decider: Decider<any, any, any, any>): { state: any; revision: bigint } | undefined {
    const folder = this.folders.get(stream);
    return folder === decider || folder?.evolve === decider.evolve ? this.cache.get(stream) : undefined;
  }

  /** The stream's state as of its last event, folded by `decider`. */
  async load<State>(stream: string, decider: Decider<State, any, any, any>): Promise<{ state: State; revision: bigint }> {
    let folded: Folded = this.cached(stream, decider) ?? { state: decider.initialState, revision: -1n };
    for (;;) {
      const page = await this.store.readStream(stream, { fromRevision: folded.revision + 1n, maxCount: PAGE });
      let state = folded.state as State;
      for (const event of page) state = decider.evolve(state, { type: event.type, data: event.data });
      if (page.length > 0) folded = { state, revision: page.at(-1)!.streamRevision };
      if (page.length < PAGE) break;
    }
    this.remember(stream, decider, folded);
    return folded as { state: State; revision: bigint };
  }

  private remember(stream: string, decider: Decider<any, any, any, any>, folded: Folded): void {
    this.cache.delete(stream);
    this.cache.set(stream, folded);
    this.folders.set(stream, decider);
    if (this.cache.size > CACHE_LIMIT) this.forget(this.cache.keys().next().value!);
  }

  /**
   * Drops what this process folded of `stream`: for a caller that is done with a stream it will not
   * touch again soon (a settled coupon), so it does not push busier streams (wallets) out of the cache.
   */
  release(stream: string): void {
    if (!this.queues.has(stream)) this.forget(stream);
  }

  private forget(stream: string): void {
    this.cache.delete(stream);
    this.folders.delete(stream);
  }
}
