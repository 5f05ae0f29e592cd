import { Readable } from 'node:stream';
import {
  type AllStreamRecordedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type EventStoreDBClient,
  type Filter,
  type Position,
  type ReadPosition,
  type ReadRevision,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';

/*
 * TEST DOUBLE. An in-memory stand-in for the few EventStoreDBClient calls the adapter makes, so the
 * adapter's own logic (chaining, retries, idempotency, paging, exclusivity, system-record skipping)
 * runs under the conformance suite where no server is available. It copies EventStoreDB's documented
 * behaviour and, where unsure, the less convenient reading of it:
 * - $all reads are inclusive of fromPosition; subscriptions are too (the server may be exclusive).
 * - Events of one append share a commit position and have their own prepare positions.
 * - An append's acknowledged position is (commit, first prepare), not the last event's.
 * - The server writes its own records ($stats-…, $$… metadata) between user events.
 * - A stream is written atomically after a random delay, so concurrent callers interleave.
 * It is not EventStoreDB: what it proves is the adapter's logic, not the server's behaviour.
 */

interface StoredRecord {
  readonly streamId: string;
  readonly id: string;
  readonly revision: bigint;
  type: string;
  data: string;
  metadata: string;
  readonly created: Date;
  readonly position: Position;
}

type Listener = (record: StoredRecord) => void;

export class FakeEventStoreDbClient {
  private readonly log: StoredRecord[] = [];
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly listeners = new Set<Listener>();
  private nextLogPosition = 1000n;
  private appends = 0;

  /** The adapter's view: it only calls what is implemented here. */
  asClient(): EventStoreDBClient {
    return this as unknown as EventStoreDBClient;
  }

  async appendToStream(streamName: string, events: EventData | EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}): Promise<AppendResult> {
    const batch = Array.isArray(events) ? events : [events];
    await pause();
    const stored = this.streams.get(streamName) ?? [];
    const current = stored.at(-1)?.revision;
    const expected = options.expectedRevision ?? 'any';
    const holds =
      expected === 'any' ||
      (expected === 'no_stream' && current === undefined) ||
      (expected === 'stream_exists' && current !== undefined) ||
      (typeof expected === 'bigint' && expected === current);
    if (!holds) {
      // EventStoreDB's own idempotency: the same ids at the same expected position succeed again.
      const from = typeof expected === 'bigint' ? Number(expected) + 1 : expected === 'no_stream' ? 0 : -1;
      const again = from >= 0 ? stored.slice(from, from + batch.length) : [];
      if (again.length === batch.length && again.every((record, i) => record.id === batch[i]!.id)) {
        const last = again.at(-1)!;
        return { success: true, nextExpectedRevision: last.revision, position: last.position };
      }
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current: current ?? 'no_stream' });
    }
    const commit = this.nextLogPosition;
    let revision = current ?? -1n;
    const written: StoredRecord[] = batch.map((event) => {
      revision++;
      const position = { commit, prepare: this.nextLogPosition };
      this.nextLogPosition += 137n;
      return {
        streamId: streamName,
        id: event.id,
        revision,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(event.metadata ?? {}),
        created: new Date(0),
        position,
      };
    });
    this.streams.set(streamName, [...stored, ...written]);
    for (const record of written) this.publish(record);
    if (++this.appends % 7 === 0) this.writeSystemRecord('$stats-127.0.0.1:2113', '$statsCollected');
    if (this.appends % 11 === 0) this.writeSystemRecord(`$$${streamName}`, '$metadata');
    return { success: true, nextExpectedRevision: revision, position: { commit, prepare: commit } };
  }

  private writeSystemRecord(streamId: string, type: string): void {
    const stored = this.streams.get(streamId) ?? [];
    const position = { commit: this.nextLogPosition, prepare: this.nextLogPosition };
    this.nextLogPosition += 89n;
    const record: StoredRecord = { streamId, id: crypto.randomUUID(), revision: BigInt(stored.length), type, data: '{}', metadata: '{}', created: new Date(0), position };
    this.streams.set(streamId, [...stored, record]);
    this.publish(record);
  }

  private publish(record: StoredRecord): void {
    this.log.push(record);
    for (const listener of this.listeners) listener(record);
  }

  readStream(streamName: string, options: { direction?: string; fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) {
    const backwards = options.direction === 'backwards';
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? (backwards ? 'end' : 'start');
    const streams = this.streams;
    return streamingRead(
      (async function* () {
        await pause();
        const stored = streams.get(streamName);
        if (!stored || stored.length === 0) throw new StreamNotFoundError(undefined, streamName);
        let records: StoredRecord[];
        if (backwards) {
          const upTo = from === 'end' ? Infinity : from === 'start' ? -1 : Number(from);
          records = stored.filter((r) => Number(r.revision) <= upTo).reverse();
        } else {
          const after = from === 'start' ? -1 : from === 'end' ? Infinity : Number(from) - 1;
          records = stored.filter((r) => Number(r.revision) > after);
        }
        for (const record of records.slice(0, maxCount)) yield { event: toClientRecord(record) };
      })(),
    );
  }

  readAll(options: { direction?: string; fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) {
    const backwards = options.direction === 'backwards';
    const maxCount = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromPosition ?? (backwards ? 'end' : 'start');
    const log = this.log;
    return streamingRead(
      (async function* () {
        await pause();
        let records: StoredRecord[];
        if (backwards) {
          records = (from === 'end' ? [...log] : from === 'start' ? [] : log.filter((r) => compare(r.position, from) < 0)).reverse();
        } else {
          records = from === 'start' ? [...log] : from === 'end' ? [] : log.filter((r) => compare(r.position, from) >= 0);
        }
        for (const record of records.slice(0, maxCount)) yield { event: toClientRecord(record) };
      })(),
    );
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
    const from = options.fromPosition ?? 'start';
    const filter = options.filter;
    const listeners = this.listeners;
    const passes = (record: StoredRecord) => {
      if (from === 'end') return false;
      if (from !== 'start' && compare(record.position, from) < 0) return false;
      return filter === undefined || filterPasses(filter, record);
    };
    const readable = new Readable({ objectMode: true, read() {} });
    const listener: Listener = (record) => {
      if (passes(record)) readable.push({ event: toClientRecord(record) });
    };
    for (const record of this.log) listener(record);
    listeners.add(listener);
    return Object.assign(readable, {
      async unsubscribe() {
        listeners.delete(listener);
        await new Promise((resolve) => setImmediate(resolve));
        readable.push(null);
      },
    });
  }

  async dispose(): Promise<void> {
    this.listeners.clear();
  }

  /** What an intruder with disk access could do: change a stored record in place. */
  tamper(streamName: string, revision: bigint, change: (record: StoredRecord) => void): void {
    const record = this.streams.get(streamName)?.find((r) => r.revision === revision);
    if (!record) throw new Error(`no ${streamName}@${revision}`);
    change(record);
  }

  /** What only an intruder editing the files could do: drop one event from a stream's index. */
  removeEvent(streamName: string, revision: bigint): void {
    const stored = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, stored.filter((r) => r.revision !== revision));
  }

  /** A soft delete: the stream stops being readable while $all still holds its records (until a scavenge). */
  deleteStream(streamName: string): void {
    this.streams.delete(streamName);
  }

  /** What EventStoreDB's $tb (truncate before) metadata does: earlier events stop being readable. */
  truncateBefore(streamName: string, revision: bigint): void {
    const stored = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, stored.filter((r) => r.revision >= revision));
  }
}

function streamingRead<T>(source: AsyncGenerator<T>) {
  return Object.assign(Readable.from(source, { objectMode: true }), { cancel: async () => undefined });
}

function toClientRecord(record: StoredRecord): AllStreamRecordedEvent {
  return {
    streamId: record.streamId,
    id: record.id,
    revision: record.revision,
    type: record.type,
    data: JSON.parse(record.data) as Record<string, unknown>,
    metadata: JSON.parse(record.metadata) as Record<string, unknown>,
    isJson: true,
    created: record.created,
    position: { ...record.position },
  };
}

function filterPasses(filter: Filter, record: StoredRecord): boolean {
  const subject = filter.filterOn === 'streamName' ? record.streamId : record.type;
  if ('prefixes' in filter) return filter.prefixes.some((prefix) => subject.startsWith(prefix));
  return new RegExp(filter.regex).test(subject);
}

function compare(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** A random sub-millisecond pause, so concurrent calls interleave as they would over the network. */
function pause(): Promise<void> {
  return new Promise((resolve) => (Math.random() < 0.5 ? setImmediate(resolve) : setTimeout(resolve, 0)));
}
