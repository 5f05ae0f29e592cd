import type { RecordedEvent, VerifyFailure } from '../port';
import { eventHash, GENESIS_HASH } from './hash-chain';

/**
 * Walks one stream's events in revision order and returns the first link that does not hold.
 * Shared by every adapter so they judge tampering by the same rule.
 */
export class StreamChainVerifier {
  private expectedRevision = 0n;
  private prevHash = GENESIS_HASH;
  eventsChecked = 0;

  constructor(readonly streamName: string) {}

  /** Feed events in revision order; returns the first failure, or null while the chain holds. */
  check(event: RecordedEvent): VerifyFailure | null {
    this.eventsChecked++;
    const at = { streamName: this.streamName, streamRevision: event.streamRevision, eventId: event.id };
    if (event.streamRevision !== this.expectedRevision) {
      return { ...at, streamRevision: this.expectedRevision, eventId: null, reason: 'missing_event' };
    }
    if (event.metadata.prevHash !== this.prevHash) return { ...at, reason: 'broken_link' };
    if (eventHash(this.prevHash, event) !== event.metadata.hash) return { ...at, reason: 'hash_mismatch' };
    this.prevHash = event.metadata.hash;
    this.expectedRevision++;
    return null;
  }

  /**
   * After the last event: the stream head the store recorded at write time must point at the last
   * event checked, or events were removed from the end.
   */
  checkHead(head: { revision: bigint; hash: string } | null): VerifyFailure | null {
    if (head === null) return null;
    const last = this.expectedRevision - 1n;
    if (head.revision !== last || head.hash !== this.prevHash) {
      return { streamName: this.streamName, streamRevision: head.revision, eventId: null, reason: 'missing_event' };
    }
    return null;
  }
}
