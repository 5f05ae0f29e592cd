import {
  type AllStreamRecordedEvent,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  type ReadPosition,
  START as ESDB_START,
  type WrongExpectedVersionError,
  jsonEvent,
} from '@eventstore/db-client';
import { chainHash, GENESIS_HASH, hashTail } from '../hash/hash-chain';
import { StreamChainVerifier } from '../hash/verify';
import {
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  IdempotencyConflict,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  START,
  type SubscribeOptions,
  type Subscription,
  type VerifyFailure,
  type VerifyReport,
  WrongExpectedRevision,
} from '../port';
import {
  checkRetry,
  expectationHolds,
  isAfter,
  isClientError,
  isSystemRecord,
  matchesFilter,
  type RetryCheck,
  serverFilter,
  toActualRevision,
  toReadPosition,
  toRecordedEvent,
} from './mapping';
import { EventStoreDbSubscription } from './subscription';

export interface EventStoreDbEventStoreOptions {
  /**
   * How many of a stream's latest events, beyond the batch's own size, an append searches for the
   * batch's event ids. A retry that arrives after more events than this were appended to the same
   * stream is written again: EventStoreDB has no index by event id to look further cheaply.
   */
  readonly idempotencyWindow?: number;
  /** Read-and-append attempts of an 'any' / 'stream_exists' append while other writers move the stream. */
  readonly maxAppendAttempts?: number;
}

/** An append lost the race for the revision it read: the stream is now at `actual`. */
interface Moved {
  readonly moved: bigint | 'no_stream';
}

/**
 * The event store over EventStoreDB (ARCHITECTURE.md, "The event store contract"), see README.md
 * beside this file for how the port's semantics map onto EventStoreDB's.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly idempotencyWindow: number;
  private readonly maxAppendAttempts: number;
  private readonly subscriptions = new Set<EventStoreDbSubscription>();

  constructor(
    private readonly client: EventStoreDBClient,
    options: EventStoreDbEventStoreOptions = {},
  ) {
    this.idempotencyWindow = options.idempotencyWindow ?? 100;
    this.maxAppendAttempts = options.maxAppendAttempts ?? 20;
  }

  /**
   * Reads the stream's last events, answers a retry from them, checks the caller's expectation
   * against the last revision, chains the batch onto the last hash and appends with exactly that
   * revision: a writer that read an older head gets WrongExpectedVersion from the server instead
   * of forking the chain, and re-reads.
   */
  async append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { expectedRevision } = options;
    if (events.length === 0) throw new RangeError('append needs at least one event');
    if (!/^[^-\s$]+-.+$/.test(stream)) throw new RangeError(`stream name must be category-id: ${stream}`);
    if (typeof expectedRevision === 'bigint' && expectedRevision < 0n) throw new RangeError(`expectedRevision must be >= 0, got ${expectedRevision}`);
    const ids = events.map((event) => event.id);
    // The PostgreSQL adapter refuses these through its unique index; here nothing would.
    if (new Set(ids).size !== ids.length) throw new IdempotencyConflict(stream, ids);

    for (let attempt = 1; ; attempt++) {
      const recent = await this.readRecent(stream, events.length);
      const retry = await this.checkRetryAgainst(stream, ids, recent);
      if (retry.kind === 'stored') return { nextExpectedRevision: retry.last.streamRevision, position: retry.last.position };
      if (retry.kind === 'partly_stored') throw new IdempotencyConflict(stream, ids);

      const head = recent[0];
      const actual = head?.streamRevision ?? 'no_stream';
      if (!expectationHolds(expectedRevision, actual)) throw new WrongExpectedRevision(stream, expectedRevision, actual);

      const outcome = await this.write(stream, events, head);
      if (!('moved' in outcome)) return outcome;
      // Explicit expectations fail on the next read (the head moved) unless the winner was our own retry.
      if (attempt >= this.maxAppendAttempts) throw new WrongExpectedRevision(stream, expectedRevision, outcome.moved);
      if (expectedRevision === 'any' || expectedRevision === 'stream_exists') await backOff(attempt);
    }
  }

  /** The stream's last events, newest first: the head to chain onto and the window a retry is searched in. */
  private readRecent(stream: string, batchSize: number): Promise<RecordedEvent[]> {
    return this.readStream(stream, { direction: 'backwards', maxCount: batchSize + this.idempotencyWindow });
  }

  /**
   * A batch is written whole, so a retried batch lies on contiguous revisions: when the window cuts
   * through it, one more read just before the window settles it.
   */
  private async checkRetryAgainst(stream: string, ids: readonly string[], recent: readonly RecordedEvent[]): Promise<RetryCheck> {
    const check = checkRetry(ids, recent);
    const oldest = recent.at(-1);
    if (check.kind !== 'partly_stored' || recent.length < ids.length + this.idempotencyWindow || !oldest || oldest.streamRevision === 0n) {
      return check;
    }
    const before = await this.readStream(stream, { direction: 'backwards', fromRevision: oldest.streamRevision - 1n, maxCount: ids.length });
    return checkRetry(ids, [...recent, ...before]);
  }

  private async write(stream: string, events: readonly NewEvent[], head: RecordedEvent | undefined): Promise<AppendResult | Moved> {
    let prevHash = head ? headHash(head) : GENESIS_HASH;
    const proposed = events.map((event) => {
      const hash = chainHash(prevHash, hashTail(event));
      const metadata: EventMetadata = { ...event.metadata, prevHash, hash };
      prevHash = hash;
      return jsonEvent({ id: event.id, type: event.type, data: event.data, metadata });
    });
    try {
      const result = await this.client.appendToStream(stream, proposed, { expectedRevision: head ? head.streamRevision : NO_STREAM });
      // success is false only when the connection string sets throwOnAppendFailure=false.
      if (!result.success) return { moved: toActualRevision(result.nextExpectedRevision) };
      // The acknowledgement's position belongs to the write as a whole (a multi-event write shares
      // one commit position); the port promises the last event's own, so read that event back.
      const [last] = await this.readStream(stream, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
      if (!last) throw new Error(`EventStoreDB acknowledged the append to ${stream} but ${stream}@${result.nextExpectedRevision} cannot be read`);
      return { nextExpectedRevision: result.nextExpectedRevision, position: last.position };
    } catch (error) {
      if (isClientError(error, ErrorType.WRONG_EXPECTED_VERSION)) {
        return { moved: toActualRevision((error as WrongExpectedVersionError).actualVersion) };
      }
      throw error;
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    if (maxCount <= 0) return [];
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision ?? (backwards ? END : ESDB_START),
        maxCount,
      });
      for await (const resolved of read) {
        const event = toRecordedEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (isClientError(error, ErrorType.STREAM_NOT_FOUND)) return [];
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? 1000;
    const events: RecordedEvent[] = [];
    if (maxCount <= 0) return events;
    // $all cannot be filtered on a read with this client (only on subscriptions): a filtered page
    // scans in larger steps to save round trips.
    const pageSize = options.filter?.streamCategories?.length || options.filter?.eventTypes?.length ? Math.max(maxCount + 1, 1000) : maxCount + 1;
    for await (const recorded of this.scanAll(options.fromPosition ?? START, pageSize)) {
      if (!matchesFilter(options.filter, recorded.streamId, recorded.type)) continue;
      const event = toRecordedEvent({ event: recorded });
      if (event) events.push(event);
      if (events.length === maxCount) break;
    }
    return events;
  }

  /**
   * Every user record of $all strictly after `from`, in log order. EventStoreDB reads from a
   * position inclusively, so each page starts with the record the previous one ended on: skipped.
   */
  private async *scanAll(from: Position, pageSize: number): AsyncGenerator<AllStreamRecordedEvent> {
    let cursor = from;
    for (;;) {
      let read = 0;
      let last: Position | null = null;
      const page = this.client.readAll({ direction: FORWARDS, fromPosition: toReadPosition(cursor), maxCount: pageSize });
      let finished = false;
      try {
        for await (const resolved of page) {
          read++;
          const recorded = resolved.event;
          if (!recorded || !isAfter(recorded.position, cursor)) continue;
          last = recorded.position;
          if (!isSystemRecord(recorded.streamId, recorded.type)) yield recorded;
        }
        finished = true;
      } finally {
        // The consumer stopped mid-page: end the server-side read as well.
        if (!finished) await page.cancel();
      }
      if (read < pageSize || last === null) return;
      cursor = last;
    }
  }

  /** EventStoreDB shows a write to every reader once it is acknowledged: the head is the last commit. */
  lastCommittedPosition(): Promise<Position> {
    return this.headPosition();
  }

  async headPosition(): Promise<Position> {
    const pageSize = 64;
    let from: ReadPosition = END;
    for (;;) {
      let read = 0;
      let last: Position | null = null;
      let found: Position | null = null;
      const page = this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: pageSize });
      for await (const resolved of page) {
        read++;
        const recorded: AllStreamRecordedEvent | undefined = resolved.event;
        if (!recorded) continue;
        last = recorded.position;
        if (!isSystemRecord(recorded.streamId, recorded.type)) {
          found = { commit: recorded.position.commit, prepare: recorded.position.prepare };
          break;
        }
      }
      if (found) {
        await page.cancel();
        return found;
      }
      if (read < pageSize || last === null) return START;
      from = last;
    }
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const from = options.fromPosition ?? START;
    const source = this.client.subscribeToAll({ fromPosition: toReadPosition(from), filter: serverFilter(options.filter) });
    const subscription = new EventStoreDbSubscription(source, from, options.filter, () => {
      this.subscriptions.delete(subscription);
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  async verifyStream(stream: string): Promise<VerifyReport> {
    const verifier = new StreamChainVerifier(stream);
    const failure = await this.verifyInto(verifier, false);
    return { ok: failure === null, streamsChecked: 1, eventsChecked: verifier.eventsChecked, firstFailure: failure };
  }

  /** Stream names come from $all (EventStoreDB keeps no list of user streams without projections). */
  async verifyAll(): Promise<VerifyReport> {
    const names = new Set<string>();
    for await (const recorded of this.scanAll(START, 4096)) names.add(recorded.streamId);
    let eventsChecked = 0;
    let streamsChecked = 0;
    for (const name of [...names].sort()) {
      const verifier = new StreamChainVerifier(name);
      const failure = await this.verifyInto(verifier, true);
      streamsChecked++;
      eventsChecked += verifier.eventsChecked;
      if (failure) return { ok: false, streamsChecked, eventsChecked, firstFailure: failure };
    }
    return { ok: true, streamsChecked, eventsChecked, firstFailure: null };
  }

  /**
   * Truncation ($tb, $maxCount, $maxAge) surfaces as a stream that no longer starts at revision 0,
   * which the verifier reports as missing_event at 0. There is no head to pass to checkHead: the
   * stream's last revision is EventStoreDB's own bookkeeping, not a record this adapter writes, and
   * EventStoreDB cannot drop a stream's last events short of deleting the stream, which verifyAll
   * catches while $all still holds the deleted stream's records (until a scavenge).
   */
  private async verifyInto(verifier: StreamChainVerifier, seenInLog: boolean): Promise<VerifyFailure | null> {
    const pageSize = 1000;
    let from = 0n;
    for (;;) {
      let page: RecordedEvent[];
      try {
        page = await this.readStream(verifier.streamName, { fromRevision: from, maxCount: pageSize });
      } catch (error) {
        if (!isClientError(error, ErrorType.STREAM_DELETED)) throw error;
        page = [];
      }
      if (page.length === 0 && verifier.eventsChecked === 0 && seenInLog) {
        // $all holds events of a stream that can no longer be read: it was deleted.
        return { streamName: verifier.streamName, streamRevision: 0n, eventId: null, reason: 'missing_event' };
      }
      for (const event of page) {
        const failure = verifier.check(event);
        if (failure) return failure;
      }
      if (page.length < pageSize) break;
      from = page.at(-1)!.streamRevision + 1n;
    }
    return verifier.checkHead(null);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }
}

export function openEventStoreDb(connectionString: string, options: EventStoreDbEventStoreOptions = {}): EventStore {
  return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), options);
}

function headHash(head: RecordedEvent): string {
  const hash: unknown = head.metadata.hash;
  if (typeof hash !== 'string') {
    throw new Error(`${head.streamName}@${head.streamRevision} carries no hash: it was not written through this event store`);
  }
  return hash;
}

/** A short random pause so writers that keep colliding on one stream spread out. */
function backOff(attempt: number): Promise<void> {
  const ceiling = Math.min(50, 2 ** attempt);
  return new Promise((resolve) => setTimeout(resolve, Math.random() * ceiling));
}
