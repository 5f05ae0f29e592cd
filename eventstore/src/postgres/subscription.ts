import type { AllFilter, Position, RecordedEvent, Subscription } from '../port';

/**
 * Wakes waiting subscribers when a NOTIFY says something was appended. A generation counter closes
 * the gap between "my poll found nothing" and "I start waiting": a notify in between is not lost.
 */
export class WakeSignal {
  generation = 0;
  private waiters = new Set<() => void>();
  private unlisten: Promise<() => Promise<void>> | null = null;

  attach(unlisten: Promise<() => Promise<void>>): void {
    this.unlisten = unlisten;
    unlisten.catch(() => undefined);
  }

  notify(): void {
    this.generation++;
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Resolves on the next notify after `seenGeneration`, or after `timeoutMs`. */
  wait(seenGeneration: number, timeoutMs: number): Promise<void> {
    if (this.generation !== seenGeneration) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.waiters.add(done);
    });
  }

  async close(): Promise<void> {
    this.notify();
    const unlisten = await this.unlisten?.catch(() => null);
    await unlisten?.();
  }
}

export interface PageSource {
  readAllPage(from: Position, maxCount: number, filter: AllFilter | undefined): Promise<{ events: RecordedEvent[]; scannedTo: Position; more: boolean }>;
  /**
   * Makes sure the wake signal fires once events committed but not yet visible (an older transaction
   * of any client is still open) become visible. One watcher per store serves every subscriber.
   */
  watchVisibility(seen: Position): void;
}

/** Without a NOTIFY (a lost connection, say) a subscriber still looks this often. */
const IDLE_RECHECK_MS = 1000;
const PAGE_SIZE = 1000;

/**
 * Catch-up then live, by reading pages of the visible log; between pages it sleeps until a NOTIFY,
 * never spinning. Every event is handed out once, in global order.
 */
export class PollingSubscription implements Subscription {
  private closed = false;
  private wakeClosed: (() => void) | null = null;

  constructor(
    private readonly source: PageSource,
    private readonly wake: WakeSignal,
    private position: Position,
    private readonly filter: AllFilter | undefined,
    private readonly onClose: () => void,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    type Page = Awaited<ReturnType<PageSource['readAllPage']>>;
    // A page read ahead, with the wake generation seen before it was asked for: a NOTIFY after that
    // may be about events the read missed, so only that generation may put this loop to sleep.
    type Read = { page: Promise<Page>; generation: number };
    let ahead: Read | null = null;
    while (!this.closed) {
      const read: Read = ahead ?? { generation: this.wake.generation, page: this.source.readAllPage(this.position, PAGE_SIZE, this.filter) };
      ahead = null;
      const { generation } = read;
      const { events, scannedTo, more } = await read.page;
      // Catching up, the next page is read while this one is handed out (a projection folding and
      // writing a page keeps the database busy; the read need not wait for it).
      if (more) {
        ahead = { generation: this.wake.generation, page: this.source.readAllPage(scannedTo, PAGE_SIZE, this.filter) };
        ahead.page.catch(() => undefined); // awaited on the next turn; a close before then drops it
      }
      for (const event of events) {
        if (this.closed) return;
        this.position = event.position;
        yield event;
      }
      this.position = scannedTo;
      if (more || this.closed) continue;
      this.source.watchVisibility(this.position);
      await Promise.race([
        this.wake.wait(generation, IDLE_RECHECK_MS),
        new Promise<void>((resolve) => (this.wakeClosed = resolve)),
      ]);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeClosed?.();
    this.onClose();
  }
}
