import { type Decider, type DomainError, isDomainError } from '@kupon/domain';
import { type Actor, type EventMetadata, type EventStore, type JsonObject, type NewEvent, type RecordedEvent, WrongExpectedRevision } from '@kupon/eventstore';
import { createHash } from 'node:crypto';

/** What a decider returns: `{ type, data }` (the store adds id and metadata). */
export interface DecidedEvent {
  readonly type: string;
  readonly data: object;
}

export interface CommandMeta {
  readonly actor: Actor;
  readonly correlationId: string;
  readonly causationId: string;
  /** ISO instant the command is decided at. */
  readonly at: string;
  /** Event ids by index: deterministic, so a retried command appends nothing new. */
  readonly eventId: (index: number) => string;
}

export type Outcome<Event> =
  | { readonly ok: true; readonly events: readonly Event[]; readonly revision: bigint }
  | { readonly ok: false; readonly error: DomainError };

interface Folded {
  readonly state: unknown;
  readonly revision: bigint;
}

/** Fixed namespace for every id Kupon derives (uuid v5): a redelivered cause derives the same ids. */
export const KUPON_NAMESPACE = '6f1c8a52-3c1e-4f0e-9a57-5b1f3d8e2a90';

const NAMESPACE_BYTES = Buffer.from(KUPON_NAMESPACE.replaceAll('-', ''), 'hex');

/**
 * The uuid v5 (RFC 4122 §4.3: SHA-1 of namespace and name) of the parts joined by '/', with
 * node:crypto's native SHA-1: reactors derive one per event they write, and the `uuid` package's
 * portable SHA-1 showed in settlement profiles. The same ids as `uuid`'s v5 (tested).
 */
export function derivedId(...parts: readonly string[]): string {
  const hash = createHash('sha1').update(NAMESPACE_BYTES).update(parts.join('/'), 'utf8').digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * What a command caused by an event needs of it: a stored event, or one a reactor has just appended
 * and knows without reading it back (its id is derived, its revision returned by the append).
 */
export type Cause = Pick<RecordedEvent, 'id' | 'type' | 'data' | 'streamRevision'> & { readonly metadata: Pick<EventMetadata, 'correlationId' | 'at'> };

/** The metadata of a command a reactor issues because of `cause`: ids and time derive from it, so a redelivery is the same command. */
export function metaFromCause(reactor: string, cause: Cause): CommandMeta {
  return {
    actor: { userId: 'system', role: 'reactor' },
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    at: cause.metadata.at,
    eventId: (index) => derivedId(reactor, cause.id, String(index)),
  };
}

const MAX_ATTEMPTS = 20;
const CACHE_LIMIT = 20_000;
const PAGE = 5000;

/**
 * Runs any decider against one stream: fold (from a cache kept by revision, so a 100,000-event wallet
 * is never replayed per command), decide, append with the revision read, retry on a concurrency
 * error. The twin of api's CommandHandler, for every decider at once (one cache per stream): the
 * reactors and the money routes share it, so a wallet's folded state is kept once per process.
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
