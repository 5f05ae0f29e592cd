import { hashTail } from '../hash/hash-chain';
import { StreamChainVerifier } from '../hash/verify';
import {
  type AllFilter,
  type AppendOptions,
  type AppendResult,
  comparePositions,
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
   * How many batched es_append calls may run at once (default 2 on PostgreSQL, 1 on PGlite).
   * Concurrent appends queue while these run and go together in the next call: one transaction, one
   * commit, each append decided on its own.
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

interface PendingRead {
  readonly stream: string;
  readonly from: bigint;
  readonly limit: number;
  readonly resolve: (events: RecordedEvent[]) => void;
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
/** The newest event first: the order of the (transaction_id, global_position) index, backwards. */
const NEWEST = 'order by transaction_id desc, global_position desc limit 1';
/** The newest event a reader may see: the visible head. */
const VISIBLE_HEAD = `select transaction_id::text as tx, global_position from es_events where ${VISIBLE} ${NEWEST}`;
export const EVENTS_CHANNEL = 'es_events';
/** A queue is split among free batch slots only into batches of at least this many appends. */
const MIN_SHARED_BATCH = 16;
/** A newer event exists but an older transaction is still open: the watcher looks again this soon. */
const VISIBILITY_RECHECK_MS = 5;
/** Cross-process wake-ups (NOTIFY) under a steady stream of appends: at most one per this many ms. */
const NOTIFY_INTERVAL_MS = 5;
/** A batch is taken from the queue's front passing over at most this many appends that must wait. */
const MAX_PASSED_OVER = 1024;
/** Upper bound of forward stream reads answered by one statement. */
const MAX_READ_BATCH = 512;

/**
 * The event store over PostgreSQL or PGlite: the same SQL on both (see migrations' es_append).
 * Appends from concurrent callers are grouped into shared transactions without a timer: an append
 * waits for the end of the current event-loop turn (setImmediate), so everything that became ready in
 * that turn (typically every caller whose previous append just resolved in the same batch) goes in one
 * es_append call, and while all batch slots are busy the queue grows into the next call.
 */
export class PostgresEventStore implements EventStore {
  readonly kind: 'postgres' | 'pglite';
  private readonly queue: PendingAppend[] = [];
  private batchesInFlight = 0;
  /** The streams the running batches write (a stream is in at most one running batch). */
  private readonly streamsInFlight = new Set<string>();
  private readonly maxConcurrentBatches: number;
  private readonly maxBatchSize: number;
  private wake: WakeSignal | null = null;
  private readonly subscriptions = new Set<PollingSubscription>();
  private visibilityWatch: Promise<void> | null = null;
  private watchFloor: Position | null = null;

  constructor(
    private readonly pool: SqlPool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.kind = pool.dialect;
    this.maxConcurrentBatches = options.maxConcurrentBatches ?? (pool.dialect === 'pglite' ? 1 : 2);
    this.maxBatchSize = options.maxBatchSize ?? 256;
  }

  append(stream: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new RangeError('append needs at least one event'));
    if (!/^[^-\s]+-.+$/.test(stream)) return Promise.reject(new RangeError(`stream name must be category-id: ${stream}`));
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ stream, events, expectedRevision: options.expectedRevision, expected: encodeExpected(options.expectedRevision), resolve, reject });
      this.schedulePump();
    });
  }

  private pumpScheduled = false;

  /**
   * Hands the queue to free batch slots at the end of this event-loop turn, not at once: a lone
   * append taking a slot at once would leave the callers right behind it for the next round trip.
   * Measured (bench/, 8 and 64 single-event writers on PostgreSQL): 1.6 → 8 and 5 → 64 appends per
   * batch, ~2–3× the events/s.
   */
  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.batchesInFlight < this.maxConcurrentBatches && this.queue.length > 0) {
      // A long queue is shared among the free slots, so two backends work at once; a short one goes
      // whole, as a bigger batch costs the database less per event.
      const free = this.maxConcurrentBatches - this.batchesInFlight;
      const size = Math.min(this.maxBatchSize, Math.max(MIN_SHARED_BATCH, Math.ceil(this.queue.length / free)));
      const batch = this.takeBatch(size);
      // Every append at the front waits for a stream a running batch writes.
      if (batch.length === 0) return;
      for (const append of batch) this.streamsInFlight.add(append.stream);
      this.batchesInFlight++;
      void this.runBatch(batch).finally(() => {
        for (const append of batch) this.streamsInFlight.delete(append.stream);
        this.batchesInFlight--;
        if (this.queue.length > 0) this.schedulePump();
      });
    }
  }

  /**
   * Up to `size` appends from the front of the queue, passing over those to a stream a running batch
   * writes: two batches run at once, so an append in the second could otherwise reach the database
   * before the one asked for earlier in the first. Appends to one stream are applied in the order
   * they were asked for; the ones passed over keep their place at the front.
   */
  private takeBatch(size: number): PendingAppend[] {
    if (this.streamsInFlight.size === 0) return this.queue.splice(0, size);
    const batch: PendingAppend[] = [];
    const waiting: PendingAppend[] = [];
    let scanned = 0;
    while (scanned < this.queue.length && batch.length < size && waiting.length < MAX_PASSED_OVER) {
      const append = this.queue[scanned++]!;
      (this.streamsInFlight.has(append.stream) ? waiting : batch).push(append);
    }
    this.queue.splice(0, scanned, ...waiting);
    return batch;
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
      // One bad append (say, an event id taken by another stream) must not fail the others. Each goes
      // alone, the streams side by side and one stream's appends one after another, in order.
      const byStream = new Map<string, PendingAppend[]>();
      for (const append of ordered) {
        const appends = byStream.get(append.stream);
        if (appends) appends.push(append);
        else byStream.set(append.stream, [append]);
      }
      await Promise.all(
        [...byStream.values()].map(async (appends) => {
          for (const append of appends) await this.runBatch([append]);
        }),
      );
      return;
    }
    for (const row of rows) {
      const append = ordered[row.append_index - 1]!;
      settle(append, row);
    }
    if (rows.some((row) => row.status === 'ok')) this.announceAppended();
  }

  /** A NOTIFY is running or waiting for its turn: what commits meanwhile rides on it or the next one. */
  private notifyBusy = false;
  private notifyAgain = false;
  private lastNotifyAt = -Infinity;

  /**
   * Wakes this store's subscribers at once and everyone else's (other processes, other store
   * instances) by NOTIFY. The NOTIFY goes in a transaction of its own after the append committed (a
   * notifying transaction holds a database-wide lock through its commit flush), one at a time and at
   * most one per NOTIFY_INTERVAL_MS: the first append after a quiet spell is announced at once, and
   * under a steady stream of appends one NOTIFY covers all that committed since the last. Measured
   * (bench/, 8 writers): a NOTIFY after every batch cost ~20% of the events/s.
   */
  private announceAppended(): void {
    this.wake?.notify();
    if (this.notifyBusy) {
      this.notifyAgain = true;
      return;
    }
    this.notifyBusy = true;
    const wait = this.lastNotifyAt + NOTIFY_INTERVAL_MS - performance.now();
    if (wait > 0) setTimeout(() => this.sendNotify(), wait);
    else this.sendNotify();
  }

  private sendNotify(): void {
    this.lastNotifyAt = performance.now();
    void this.pool
      .query(`select pg_notify('${EVENTS_CHANNEL}', '')`)
      .catch(() => undefined)
      .finally(() => {
        this.notifyBusy = false;
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
    // Each event once, as the tail its hash is taken over (the canonical JSON of [id, type, data,
    // metadata] after the hash before it): the database reads the row from the same text. Joined by
    // newlines, which canonical JSON holds only escaped, so no quoting is added on either side.
    let tails = '';
    for (const append of appends) {
      streams.push(append.stream);
      expected.push(append.expected.toString());
      counts.push(append.events.length);
      for (const event of append.events) tails += (tails === '' ? '' : '\n') + hashTail(event);
    }
    const result = await this.pool.query<AppendRow>(
      'select append_index, status, revision::text as revision, transaction_id, global_position::text as global_position from es_append($1::text[], $2::bigint[], $3::int[], $4::text)',
      [streams, expected, counts, tails],
      // Saves parsing and planning the call each time (~50–80 µs of a ~0.75 ms call of 8 appends).
      { name: 'kupon_es_append' },
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

  /**
   * Forward reads (the fold of a command handler, by far the most common) are grouped like appends:
   * every read asked for in one event-loop turn is answered by one statement (a lateral read per
   * stream), so a reactor deciding hundreds of streams at once reads them in a few round trips, not
   * hundreds. A lone read, and every backward read, is one plain query as before.
   */
  readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.maxCount ?? 2_147_483_647;
    if (options.direction === 'backwards') return this.readStreamNow(stream, options.fromRevision ?? BigInt(Number.MAX_SAFE_INTEGER), limit, true);
    return new Promise<RecordedEvent[]>((resolve, reject) => {
      this.readQueue.push({ stream, from: options.fromRevision ?? 0n, limit, resolve, reject });
      if (this.readsScheduled) return;
      this.readsScheduled = true;
      setImmediate(() => {
        this.readsScheduled = false;
        const queued = this.readQueue.splice(0);
        for (let start = 0; start < queued.length; start += MAX_READ_BATCH) void this.readBatch(queued.slice(start, start + MAX_READ_BATCH));
      });
    });
  }

  private readonly readQueue: PendingRead[] = [];
  private readsScheduled = false;

  private async readBatch(batch: readonly PendingRead[]): Promise<void> {
    try {
      if (batch.length === 1) {
        const read = batch[0]!;
        read.resolve(await this.readStreamNow(read.stream, read.from, read.limit, false));
        return;
      }
      const result = await this.pool.query<EventRow & { read_index: string }>(
        `select r.read_index::text as read_index, e.* from unnest($1::text[], $2::bigint[], $3::bigint[]) with ordinality as r(stream, from_revision, max_count, read_index)
         cross join lateral (select ${EVENT_COLUMNS} from es_events where stream_name = r.stream and stream_revision >= r.from_revision
                             order by stream_revision limit r.max_count) e
         order by r.read_index, e.stream_revision`,
        [batch.map((r) => r.stream), batch.map((r) => r.from.toString()), batch.map((r) => String(r.limit))],
        { name: 'kupon_es_read_streams' },
      );
      const answers: RecordedEvent[][] = batch.map(() => []);
      for (const row of result.rows) answers[Number(row.read_index) - 1]!.push(toRecorded(row));
      batch.forEach((read, index) => read.resolve(answers[index]!));
    } catch (error) {
      for (const read of batch) read.reject(error);
    }
  }

  private async readStreamNow(stream: string, from: bigint, limit: number, backwards: boolean): Promise<RecordedEvent[]> {
    const result = await this.pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from es_events where stream_name = $1 and stream_revision ${backwards ? '<=' : '>='} $2::bigint
       order by stream_revision ${backwards ? 'desc' : 'asc'} limit $3`,
      [stream, from.toString(), limit],
      { name: backwards ? 'kupon_es_read_stream_back' : 'kupon_es_read_stream' },
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
        // Unnamed on purpose: planned with the actual position, the planner sees how few rows lie beyond
        // it; a generic plan cannot, and may choose to scan and sort.
        params,
      );
      const events = result.rows.map(toRecorded);
      return { events, scannedTo: events.at(-1)?.position ?? from, more: events.length === maxCount };
    }
    // Filtered: the scan is bounded by a window of positions, so a rare category does not rescan the
    // whole log each poll, and it stops as soon as the page is full, so a common one does not scan the
    // whole window for a page it fills early (14× faster paging when nearly every event matches).
    // Only when the page is not full does the statement also read the window's last row (to say how
    // far it looked): that branch is gated by a one-time filter, so PostgreSQL never runs it otherwise.
    // One statement, one snapshot: the page and the window's end always agree.
    // The window carries each matching row whole (`e`) and only the positions of the rest, so a
    // subscriber to a rare category never reads the payload of what it skips, and one whose filter
    // matches nearly everything reads each row once. Joining the hits back by position read each
    // twice: 1,000,000 events that all match, in pages of 1,000, took 4.1–4.6 s that way against
    // 3.7–3.9 s now (2.9–3.2 s unfiltered).
    const columns = EVENT_COLUMNS.split(', ');
    const nulls = columns.map(() => 'null').join(', ');
    const matches = conditions.slice(2).join(' and ');
    const result = await this.pool.query<EventRow & { edge_tx: string | null; edge_gp: string | null; scanned: string | null }>(
      `with scanned as (
         select transaction_id as xid, global_position as gp, (${matches}) as matches, case when ${matches} then e end as e
         from es_events e
         where ${conditions.slice(0, 2).join(' and ')}
         order by transaction_id, global_position limit $3 * 20),
       hits as (select e from scanned where matches limit $3)
       select ${columns.map((c) => c.replace(/^(\w+)/, '(e).$1')).join(', ')}, null::text as edge_tx, null::text as edge_gp, null::text as scanned from hits
       union all
       select ${nulls}, w.xid::text, w.gp::text, w.n::text
       from (select xid, gp, count(*) over () as n from scanned order by xid desc, gp desc limit 1) w
       where (select count(*) from hits) < $3`,
      params,
    );
    const matching = result.rows
      .filter((row) => row.edge_tx === null)
      .map(toRecorded)
      .sort((a, b) => comparePositions(a.position, b.position));
    if (matching.length === maxCount) return { events: matching, scannedTo: matching.at(-1)!.position, more: true };
    const edge = result.rows.find((row) => row.edge_tx !== null);
    if (!edge?.edge_tx || !edge.edge_gp) return { events: matching, scannedTo: from, more: false };
    return { events: matching, scannedTo: positionOf({ tx: edge.edge_tx, global_position: edge.edge_gp }), more: Number(edge.scanned) === maxCount * 20 };
  }

  /**
   * A subscriber that read the visible log up to `seen` waits for more: while some committed event is
   * not visible yet (an older transaction of any client is open), one loop for the whole store looks
   * every few milliseconds and wakes the subscribers whenever the visible head passes what they saw.
   */
  watchVisibility(seen: Position): void {
    if (!this.watchFloor || comparePositions(seen, this.watchFloor) < 0) this.watchFloor = seen;
    if (this.visibilityWatch || !this.wake) return;
    const wake = this.wake;
    this.visibilityWatch = (async () => {
      let last: Position | null = null;
      try {
        for (;;) {
          const floor = this.watchFloor;
          this.watchFloor = null;
          // pending: the newest row's transaction is not below xmin (one index entry read). Asked as
          // `exists (… where transaction_id >= xmin)`, a table without statistics yet (a fresh or restored
          // store) got a sequential scan every few milliseconds (bench/live on a fresh schema: this query in
          // 91 of 300 samples of busy backends, 11 after).
          const { rows } = await this.pool.query<{ tx: string | null; global_position: string | null; pending: boolean }>(
            `select h.tx, h.global_position,
                    (select transaction_id from es_events ${NEWEST}) >= pg_snapshot_xmin(pg_current_snapshot()) as pending
             from (select 1) one left join lateral (${VISIBLE_HEAD}) h on true`,
            [],
            { name: 'kupon_es_visible_head' },
          );
          const row = rows[0];
          const head = row?.tx && row.global_position ? positionOf({ tx: row.tx, global_position: row.global_position }) : START;
          const passed = (mark: Position | null) => mark !== null && comparePositions(head, mark) > 0;
          if (passed(floor) || passed(last)) wake.notify();
          last = head;
          if (this.wake !== wake) break;
          if (!row?.pending && this.watchFloor === null) break;
          if (row?.pending) await new Promise((resolve) => setTimeout(resolve, VISIBILITY_RECHECK_MS));
        }
      } catch {
        // A lost connection: the subscribers' idle re-check covers it.
      } finally {
        this.visibilityWatch = null;
      }
    })();
  }

  async headPosition(): Promise<Position> {
    const result = await this.pool.query<{ tx: string; global_position: string }>(VISIBLE_HEAD, [], { name: 'kupon_es_head' });
    const row = result.rows[0];
    return row ? positionOf(row) : START;
  }

  async lastCommittedPosition(): Promise<Position> {
    const result = await this.pool.query<{ tx: string; global_position: string }>(
      `select transaction_id::text as tx, global_position from es_events ${NEWEST}`,
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
