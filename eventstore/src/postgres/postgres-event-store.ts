import { hashTail } from '../hash/hash-chain';
import { StreamChainVerifier } from '../hash/verify';
import {
  type AllFilter,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  IdempotencyConflict,
  type JsonObject,
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
import type { SqlPool } from './sql-pool';
import { PollingSubscription, WakeSignal } from './subscription';

export interface PostgresEventStoreOptions {
  /**
   * How many batched es_append calls may run at once. Concurrent appends queue while these run and
   * go together in the next call: one transaction, one commit, each append decided on its own.
   */
  readonly maxConcurrentBatches?: number;
  /** Upper bound of appends in one batch. */
  readonly maxBatchSize?: number;
}

interface PendingAppend {
  readonly stream: string;
  readonly expected: bigint;
  readonly events: readonly NewEvent[];
  readonly expectedRevision: ExpectedRevision;
  readonly resolve: (result: AppendResult) => void;
  readonly reject: (error: unknown) => void;
}

interface AppendRow {
  append_index: number;
  status: 'ok' | 'duplicate' | 'wrong_revision' | 'conflict';
  revision: string | null;
  transaction_id: string | null;
  global_position: string | null;
}

interface EventRow {
  global_position: string;
  tx: string;
  stream_name: string;
  stream_revision: string;
  event_id: string;
  event_type: string;
  data: JsonObject;
  metadata: EventMetadata;
}

// transaction_id leaves as text under another name: ORDER BY would otherwise sort the text alias.
const EVENT_COLUMNS = 'global_position, transaction_id::text as tx, stream_name, stream_revision, event_id, event_type, data, metadata';
const VISIBLE = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';
export const EVENTS_CHANNEL = 'es_events';

/**
 * The event store over PostgreSQL or PGlite: the same SQL on both (see migrations' es_append).
 * Appends from concurrent callers are grouped into shared transactions without waiting: the first
 * goes at once, those that arrive while it runs go together in the next round trip.
 */
export class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  private readonly queue: PendingAppend[] = [];
  private batchesInFlight = 0;
  private readonly maxConcurrentBatches: number;
  private readonly maxBatchSize: number;
  private wake: WakeSignal | null = null;
  private readonly subscriptions = new Set<PollingSubscription>();

  constructor(
    private readonly pool: SqlPool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.kind = pool.dialect;
    this.maxConcurrentBatches = options.maxConcurrentBatches ?? (pool.dialect === 'pglite' ? 1 : 4);
    this.maxBatchSize = options.maxBatchSize ?? 256;
  }

  append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
    if (!/^[^-\s]+-.+$/.test(stream)) return Promise.reject(new RangeError(`stream name must be category-id: ${stream}`));
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, expectedRevision: options.expectedRevision, expected: encodeExpected(options.expectedRevision), resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.batchesInFlight < this.maxConcurrentBatches && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatchSize);
      this.batchesInFlight++;
      void this.runBatch(batch).finally(() => {
        this.batchesInFlight--;
        this.pump();
      });
    }
  }

  private async runBatch(batch: PendingAppend[]): Promise<void> {
    // Lock streams in one order across batches so two batches can never deadlock.
    const ordered = batch.map((append, index) => ({ append, index })).sort((a, b) => (a.append.stream < b.append.stream ? -1 : a.append.stream > b.append.stream ? 1 : a.index - b.index)).map((x) => x.append);
    let rows: AppendRow[];
    try {
      rows = await this.callAppend(ordered);
    } catch (error) {
      if (ordered.length === 1) {
        ordered[0]!.reject(await this.explain(ordered[0]!, error));
        return;
      }
      // One bad append (say, an event id taken by another stream) must not fail the others.
      await Promise.all(ordered.map((append) => this.runBatch([append])));
      return;
    }
    for (const row of rows) {
      const append = ordered[row.append_index - 1]!;
      settle(append, row);
    }
    if (rows.some((row) => row.status === 'ok')) this.announceAppended();
  }

  private notifyInFlight = false;
  private notifyAgain = false;

  /**
   * Wakes this store's subscribers at once and everyone else's (other processes, other store
   * instances) by NOTIFY. The
   * NOTIFY goes in a transaction of its own after the append committed (a notifying transaction holds
   * a database-wide lock through its commit flush), at most one at a time: what commits meanwhile
   * rides on the next one.
   */
  private announceAppended(): void {
    this.wake?.notify();
    if (this.notifyInFlight) {
      this.notifyAgain = true;
      return;
    }
    this.notifyInFlight = true;
    void this.pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .catch(() => undefined)
      .finally(() => {
        this.notifyInFlight = false;
        if (this.notifyAgain) {
          this.notifyAgain = false;
          this.announceAppended();
        }
      });
  }

  private async callAppend(appends: readonly PendingAppend[]): Promise<AppendRow[]> {
    const streams: string[] = [];
    const expected: string[] = [];
    const counts: number[] = [];
    const ids: string[] = [];
    const types: string[] = [];
    const data: string[] = [];
    const metadata: string[] = [];
    const tails: string[] = [];
    for (const append of appends) {
      streams.push(append.stream);
      expected.push(append.expected.toString());
      counts.push(append.events.length);
      for (const event of append.events) {
        ids.push(event.id);
        types.push(event.type);
        data.push(JSON.stringify(event.data));
        metadata.push(JSON.stringify(event.metadata));
        tails.push(hashTail(event));
      }
    }
    const result = await this.pool.query<AppendRow>(
      'select append_index, status, revision::text as revision, transaction_id, global_position::text as global_position from es_append($1::text[], $2::bigint[], $3::int[], $4::uuid[], $5::text[], $6::text[], $7::text[], $8::text[])',
      [streams, expected, counts, ids, types, data, metadata, tails],
    );
    return result.rows;
  }

  /** A lone append failed with a database error: an event id stored in another stream is a conflict. */
  private async explain(append: PendingAppend, error: unknown): Promise<unknown> {
    if ((error as { code?: string }).code === '23505') {
      return new IdempotencyConflict(append.stream, append.events.map((e) => e.id));
    }
    return error;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision ?? (backwards ? BigInt(Number.MAX_SAFE_INTEGER) : 0n);
    const limit = options.maxCount ?? 2_147_483_647;
    const result = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from es_events where stream_name = $1 and stream_revision ${backwards ? '<=' : '>='} $2::bigint
       order by stream_revision ${backwards ? 'desc' : 'asc'} limit $3`,
      [stream, from.toString(), limit],
    );
    return result.rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return (await this.readAllPage(options.fromPosition ?? START, options.maxCount ?? 1000, options.filter)).events;
  }

  /**
   * One page of visible events after `from`. `scannedTo` is where the next page starts even when the
   * filter kept nothing; `pendingBeyond` says an event exists that is not yet visible (a transaction
   * below it is still open), so a subscriber should look again soon rather than wait for a NOTIFY.
   */
  async readAllPage(from: Position, maxCount: number, filter: AllFilter | undefined): Promise<{ events: RecordedEvent[]; scannedTo: Position; more: boolean }> {
    const params: unknown[] = [from.commit < 0n ? '0' : from.commit.toString(), from.prepare.toString(), maxCount];
    const conditions = [`(transaction_id, global_position) > ($1::xid8, $2::bigint)`, VISIBLE];
    if (filter?.streamCategories?.length) {
      params.push(filter.streamCategories);
      conditions.push(`category = any($${params.length}::text[])`);
    }
    if (filter?.eventTypes?.length) {
      params.push(filter.eventTypes);
      conditions.push(`event_type = any($${params.length}::text[])`);
    }
    const filtered = params.length > 3;
    if (!filtered) {
      const result = await this.pool.query<EventRow>(
        `select ${EVENT_COLUMNS} from es_events where ${conditions.join(' and ')} order by transaction_id, global_position limit $3`,
        params,
      );
      const events = result.rows.map(toRecorded);
      return { events, scannedTo: events.at(-1)?.position ?? from, more: events.length === maxCount };
    }
    // Filtered: bound the scan window so a rare category does not rescan the whole log each poll;
    // the window's last row comes back too, to say how far it looked.
    const result = await this.pool.query<EventRow & { matches: boolean; scanned: string }>(
      `with scanned as (
         select ${EVENT_COLUMNS}, transaction_id as xid, (${conditions.slice(2).join(' and ')}) as matches from es_events
         where ${conditions.slice(0, 2).join(' and ')}
         order by transaction_id, global_position limit $3 * 20),
       marked as (select *, row_number() over (order by xid desc, global_position desc) = 1 as is_last, count(*) over () as scanned from scanned)
       select * from marked where matches or is_last order by xid, global_position`,
      params,
    );
    const rows = result.rows;
    const matching = rows.filter((row) => row.matches).slice(0, maxCount).map(toRecorded);
    if (matching.length === maxCount) return { events: matching, scannedTo: matching.at(-1)!.position, more: true };
    const last = rows.at(-1);
    return { events: matching, scannedTo: last ? positionOf(last) : from, more: Number(last?.scanned ?? 0) === maxCount * 20 };
  }

  async hasInvisibleEvents(): Promise<boolean> {
    const result = await this.pool.query<{ pending: boolean }>(
      `select exists (select 1 from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())) as pending`,
    );
    return result.rows[0]?.pending ?? false;
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ tx: string; global_position: string }>(
      `select transaction_id::text as tx, global_position from es_events where ${VISIBLE}
       order by transaction_id desc, global_position desc limit 1`,
    );
    const row = result.rows[0];
    return row ? positionOf(row) : START;
  }

  subscribeToAll(options: SubscribeOptions = {}): Subscription {
    const subscription = new PollingSubscription(this, this.wakeSignal(), options.fromPosition ?? START, options.filter, () => {
      this.subscriptions.delete(subscription);
    });
    this.subscriptions.add(subscription);
    return subscription;
  }

  private wakeSignal(): WakeSignal {
    if (!this.wake) {
      const wake = new WakeSignal();
      this.wake = wake;
      wake.attach(this.pool.listen(EVENTS_CHANNEL, () => wake.notify()));
    }
    return this.wake;
  }

  async verifyStream(stream: string): Promise<VerifyReport> {
    const verifier = new StreamChainVerifier(stream);
    const failure = await this.verifyInto(verifier);
    return { ok: failure === null, streamsChecked: 1, eventsChecked: verifier.eventsChecked, firstFailure: failure };
  }

  async verifyAll(): Promise<VerifyReport> {
    const names = await this.pool.query<{ stream_name: string }>(
      `select stream_name from es_streams where revision >= 0 union select distinct stream_name from es_events order by stream_name`,
    );
    let eventsChecked = 0;
    let streamsChecked = 0;
    for (const { stream_name } of names.rows) {
      const verifier = new StreamChainVerifier(stream_name);
      const failure = await this.verifyInto(verifier);
      streamsChecked++;
      eventsChecked += verifier.eventsChecked;
      if (failure) return { ok: false, streamsChecked, eventsChecked, firstFailure: failure };
    }
    return { ok: true, streamsChecked, eventsChecked, firstFailure: null };
  }

  private async verifyInto(verifier: StreamChainVerifier): Promise<VerifyFailure | null> {
    const pageSize = 1000;
    let from = 0n;
    for (;;) {
      const page = await this.readStream(verifier.streamName, { fromRevision: from, maxCount: pageSize });
      for (const event of page) {
        const failure = verifier.check(event);
        if (failure) return failure;
      }
      if (page.length < pageSize) break;
      from = page.at(-1)!.streamRevision + 1n;
    }
    const head = await this.pool.query<{ revision: string; last_hash: string }>(
      'select revision::text as revision, last_hash from es_streams where stream_name = $1',
      [verifier.streamName],
    );
    const row = head.rows[0];
    return verifier.checkHead(row && BigInt(row.revision) >= 0n ? { revision: BigInt(row.revision), hash: row.last_hash } : verifier.eventsChecked > 0 ? { revision: -1n, hash: '' } : null);
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    await this.wake?.close();
    this.wake = null;
  }
}

function encodeExpected(expected: ExpectedRevision): bigint {
  switch (expected) {
    case 'no_stream':
      return -1n;
    case 'stream_exists':
      return -2n;
    case 'any':
      return -3n;
    default:
      if (expected < 0n) throw new RangeError(`expectedRevision must be >= 0, got ${expected}`);
      return expected;
  }
}

function settle(append: PendingAppend, row: AppendRow): void {
  switch (row.status) {
    case 'ok':
    case 'duplicate':
      append.resolve({
        nextExpectedRevision: BigInt(row.revision!),
        position: { commit: BigInt(row.transaction_id!), prepare: BigInt(row.global_position!) },
      });
      return;
    case 'wrong_revision': {
      const actual = BigInt(row.revision!);
      append.reject(new WrongExpectedRevision(append.stream, append.expectedRevision, actual < 0n ? 'no_stream' : actual));
      return;
    }
    case 'conflict':
      append.reject(new IdempotencyConflict(append.stream, append.events.map((e) => e.id)));
      return;
  }
}

function positionOf(row: { tx: string; global_position: string }): Position {
  return { commit: BigInt(row.tx), prepare: BigInt(row.global_position) };
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    streamName: row.stream_name,
    streamRevision: BigInt(row.stream_revision),
    position: positionOf(row),
  };
}
