import { type AllFilter, comparePositions, type EventStore, type Position, type RecordedEvent, START, type Subscription } from '@kupon/eventstore';

/** A reader's events waiting for it: past this many the log is not read further until it takes some. */
const HIGH_WATER = 8_000;

export interface SharedLogOptions {
  /** At most this many events wait for any one consumer (default 8,000). */
  readonly highWater?: number;
}

interface Reader {
  readonly types: ReadonlySet<string> | null;
  readonly queue: RecordedEvent[];
  /** Resolves the reader's pending next(). */
  wake: (() => void) | null;
  /** It will not read again: its subscription closed, or it finished without subscribing. */
  done: boolean;
  /** Its shared subscription has been handed out (a second one goes to the store). */
  subscribed: boolean;
}

/**
 * One read of the log from its start for several consumers that all begin there (projections
 * rebuilt together): the log is read once, through one subscription whose filter is the union of
 * theirs, and each event is handed to every consumer whose event types it is, in order. Without it
 * each rebuild reads and parses the log on its own: with the reports, liability, casino and IP-log
 * rebuilds together that was 1.5 million events read for a log of 1 million.
 *
 * Each consumer takes its own subscription once, from START (`subscribe`); the log is read only as
 * far as the slowest of them allows (at most `highWater` events waiting for any one), so memory stays
 * bounded and the fastest waits for the slowest. A consumer that subscribes again, or from elsewhere,
 * reads the store itself; one that ends without subscribing must be `release`d so the others go on.
 */
export class SharedLog {
  private readonly readers: Reader[];
  private source: { subscription: Subscription; iterator: AsyncIterator<RecordedEvent> } | null = null;
  private failure: unknown = null;
  private ended = false;
  private pumping: Promise<void> | null = null;
  /** Resolves the pump's wait for room. */
  private room: (() => void) | null = null;

  private readonly highWater: number;

  /** `filters`: each consumer's, by index; undefined for every event. */
  constructor(
    private readonly store: EventStore,
    filters: readonly (AllFilter | undefined)[],
    options: SharedLogOptions = {},
  ) {
    this.highWater = options.highWater ?? HIGH_WATER;
    this.readers = filters.map((filter) => {
      if (filter?.streamCategories?.length) throw new RangeError('SharedLog shares filters by event type only');
      return { types: filter?.eventTypes ? new Set(filter.eventTypes) : null, queue: [], wake: null, done: false, subscribed: false };
    });
  }

  /** Consumer `index`'s subscription: the shared read when it starts at START the first time, else the store's own. */
  subscribe(index: number, options: { readonly fromPosition?: Position; readonly filter?: AllFilter }): Subscription {
    const reader = this.readers[index]!;
    const from = options.fromPosition ?? START;
    if (reader.subscribed || reader.done || comparePositions(from, START) !== 0) return this.store.subscribeToAll(options);
    reader.subscribed = true;
    this.pumping ??= this.pump();
    const next = async (): Promise<IteratorResult<RecordedEvent>> => {
      for (;;) {
        const event = reader.queue.shift();
        if (event) {
          if (reader.queue.length < this.highWater) this.makeRoom();
          return { done: false, value: event };
        }
        if (reader.done) return { done: true, value: undefined };
        if (this.failure !== null) throw this.failure;
        if (this.ended) return { done: true, value: undefined };
        await new Promise<void>((resolve) => (reader.wake = resolve));
      }
    };
    const close = async () => {
      this.release(index);
      reader.wake?.();
    };
    return {
      close,
      [Symbol.asyncIterator]: () => ({ next, return: async () => (await close(), { done: true, value: undefined }) }),
    };
  }

  /** Consumer `index` will not read (again): the log no longer waits for it. */
  release(index: number): void {
    const reader = this.readers[index]!;
    reader.done = true;
    reader.queue.length = 0;
    this.makeRoom();
    if (this.readers.every((r) => r.done)) void this.stop();
  }

  private async pump(): Promise<void> {
    const union = this.readers.some((r) => r.types === null) ? undefined : { eventTypes: [...new Set(this.readers.flatMap((r) => [...r.types!]))] };
    const subscription = this.store.subscribeToAll(union ? { filter: union } : {});
    this.source = { subscription, iterator: subscription[Symbol.asyncIterator]() };
    try {
      for (;;) {
        while (this.readers.some((r) => !r.done && r.queue.length >= this.highWater)) await new Promise<void>((resolve) => (this.room = resolve));
        if (this.readers.every((r) => r.done)) return;
        const next = await this.source.iterator.next();
        if (next.done) {
          this.ended = true;
          return;
        }
        for (const reader of this.readers) {
          if (reader.done || (reader.types && !reader.types.has(next.value.type))) continue;
          reader.queue.push(next.value);
          reader.wake?.();
          reader.wake = null;
        }
      }
    } catch (error) {
      this.failure = error;
    } finally {
      for (const reader of this.readers) reader.wake?.();
    }
  }

  private makeRoom(): void {
    this.room?.();
    this.room = null;
  }

  /** Ends the shared read once no consumer is left. */
  private async stop(): Promise<void> {
    this.makeRoom();
    await this.source?.subscription.close();
  }
}
