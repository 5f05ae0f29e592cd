/**
 * The event-store port: the one contract every adapter (PostgreSQL / PGlite, EventStoreDB) honours.
 * See ../shared/ARCHITECTURE.md, "The event store contract".
 */

/** JSON that survives a round trip through jsonb and EventStoreDB unchanged (no bigint, no undefined). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * `'no_stream'`: the stream must not exist. `'stream_exists'`: it must have at least one event.
 * `'any'`: no check. A bigint: the revision (0-based) of the stream's last event.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

/**
 * A place in the global log. Ordered by `commit`, then `prepare`.
 * PostgreSQL: commit = the writing transaction's xid8, prepare = the global_position sequence.
 * EventStoreDB: its own commit / prepare positions.
 */
export interface Position {
  readonly commit: bigint;
  readonly prepare: bigint;
}

/** Before the first event: reading "from" START (exclusive) returns everything. */
export const START: Position = Object.freeze({ commit: -1n, prepare: -1n });

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

export interface Actor {
  readonly userId: string;
  readonly role: string;
  readonly ip?: string;
}

/** What the writer supplies; the store adds `prevHash` and `hash`. */
export interface EventMetadataInput {
  readonly correlationId: string;
  readonly causationId: string;
  readonly actor: Actor;
  /** ISO-8601 UTC instant at which the command was decided (never the store's clock). */
  readonly at: string;
  readonly schemaVersion: number;
  readonly [extra: string]: Json | Actor | undefined;
}

export interface EventMetadata extends EventMetadataInput {
  /** `hash` of the previous event in the same stream; GENESIS_HASH for revision 0. */
  readonly prevHash: string;
  /** sha-256 (hex) of the canonical JSON `[prevHash, id, type, data, metadata-without-hashes]`. */
  readonly hash: string;
}

export interface NewEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  /** uuid; appending an id that is already in the stream is a no-op. */
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadataInput;
}

export interface RecordedEvent<Type extends string = string, Data extends JsonObject = JsonObject> {
  readonly id: string;
  readonly type: Type;
  readonly data: Data;
  readonly metadata: EventMetadata;
  readonly streamName: string;
  /** 0-based position of the event inside its stream. */
  readonly streamRevision: bigint;
  readonly position: Position;
}

export interface AppendOptions {
  readonly expectedRevision: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append: pass it as the next expectedRevision. */
  readonly nextExpectedRevision: bigint;
  /** Position of the last event written (or of the already-stored last event on an idempotent retry). */
  readonly position: Position;
}

export interface ReadStreamOptions {
  readonly direction?: 'forwards' | 'backwards';
  /** Inclusive. Default: the first event (forwards) or the last (backwards). */
  readonly fromRevision?: bigint;
  readonly maxCount?: number;
}

export interface AllFilter {
  /** Stream categories: the part of the stream name before the first '-' (`coupon`, `wallet`…). */
  readonly streamCategories?: readonly string[];
  readonly eventTypes?: readonly string[];
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Default START. */
  readonly fromPosition?: Position;
  readonly maxCount?: number;
  readonly filter?: AllFilter;
}

export interface SubscribeOptions {
  /** Exclusive, like readAll. */
  readonly fromPosition?: Position;
  readonly filter?: AllFilter;
}

/** Catch-up then live. Iterate it; `close()` ends the iteration. */
export interface Subscription extends AsyncIterable<RecordedEvent> {
  close(): Promise<void>;
}

export type VerifyFailureReason =
  /** The stored hash is not the hash of the stored content. */
  | 'hash_mismatch'
  /** prevHash does not equal the hash of the event before it. */
  | 'broken_link'
  /** A revision is missing (an event was removed) or the stream head disagrees with its last event. */
  | 'missing_event';

export interface VerifyFailure {
  readonly streamName: string;
  readonly streamRevision: bigint;
  readonly eventId: string | null;
  readonly reason: VerifyFailureReason;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly streamsChecked: number;
  readonly eventsChecked: number;
  /** The first event whose hash does not hold, in stream order (verifyAll: in stream-name order). */
  readonly firstFailure: VerifyFailure | null;
}

export interface EventStore {
  readonly kind: 'postgres' | 'pglite' | 'eventstoredb';
  append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One page of the global log in global order. Loop with the last position to read on. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** The position of the last event a reader can see now (START when empty). */
  headPosition(): Promise<Position>;
  /**
   * The position of the last event committed so far. On PostgreSQL it can lie beyond headPosition()
   * while an older transaction of any client is still open; a reader waiting until it has seen this
   * position has seen everything committed before the call. Elsewhere it equals headPosition().
   */
  lastCommittedPosition(): Promise<Position>;
  subscribeToAll(options?: SubscribeOptions): Subscription;
  verifyStream(stream: string): Promise<VerifyReport>;
  verifyAll(): Promise<VerifyReport>;
  close(): Promise<void>;
}

export class WrongExpectedRevision extends Error {
  override readonly name = 'WrongExpectedRevision';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    /** The stream's actual last revision, or 'no_stream'. */
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Wrong expected revision on ${stream}: expected ${String(expected)}, actual ${String(actual)}`);
  }
}

/** Some, but not all, of the appended event ids are already stored: not a clean retry. */
export class IdempotencyConflict extends Error {
  override readonly name = 'IdempotencyConflict';
  constructor(readonly stream: string, readonly eventIds: readonly string[]) {
    super(`Events ${eventIds.join(', ')} of ${stream} were partly appended before, or belong to another stream`);
  }
}

export function streamCategory(stream: string): string {
  const dash = stream.indexOf('-');
  return dash === -1 ? stream : stream.slice(0, dash);
}

/**
 * Resolves once a reader sees everything committed before the call. On PostgreSQL an event that
 * committed stays invisible while an older transaction of any client of the server is open; a reader
 * that must see the whole log (an audit, a test's fold of every event) waits for it first.
 */
export async function allCommittedVisible(store: EventStore, pollMs = 5): Promise<void> {
  const committed = await store.lastCommittedPosition();
  while (comparePositions(await store.headPosition(), committed) < 0) await new Promise((resolve) => setTimeout(resolve, pollMs));
}
