import type { AllStreamSubscription } from '@eventstore/db-client';
import type { AllFilter, Position, RecordedEvent, Subscription } from '../port';
import { isAfter, matchesFilter, toRecordedEvent } from './mapping';

/**
 * The port's Subscription over the client's catch-up subscription to $all (which itself goes from
 * catch-up to live on the server). Drops EventStoreDB's own records, anything not strictly after
 * the start position, and what the server-side prefix filter let through but the port filter does not.
 */
export class EventStoreDbSubscription implements Subscription {
  private closed = false;
  private closing: Promise<void> | null = null;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly from: Position,
    private readonly filter: AllFilter | undefined,
    private readonly onClose: () => void,
  ) {}

  async *[Symbol.asyncIterator](): AsyncIterator<RecordedEvent> {
    try {
      for await (const resolved of this.source) {
        const event = toRecordedEvent(resolved);
        if (event === null || !isAfter(event.position, this.from) || !matchesFilter(this.filter, event.streamName, event.type)) continue;
        yield event;
      }
    } catch (error) {
      // Closing destroys the source under the iterator; that is the end, not a failure.
      if (!this.closed) throw error;
    } finally {
      // A consumer that breaks out of for-await lands here: stop the server-side subscription too.
      await this.close();
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.closed = true;
    this.onClose();
    // unsubscribe cancels the gRPC call (which ends the piped stream); destroy makes sure an
    // iterator waiting on it wakes up even if the cancellation never reaches it.
    await this.source.unsubscribe();
    this.source.destroy();
  }
}
