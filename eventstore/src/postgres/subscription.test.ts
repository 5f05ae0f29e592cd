import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Position, type RecordedEvent, START } from '../port';
import { type PageSource, PollingSubscription, WakeSignal } from './subscription';

const at = (n: number): Position => ({ commit: BigInt(n), prepare: BigInt(n) });

function event(n: number): RecordedEvent {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    type: 'Happened',
    data: { n },
    metadata: { correlationId: 'c', causationId: 'c', actor: { userId: 'u', role: 'test' }, at: '2026-11-25T00:00:00.000Z', schemaVersion: 1, prevHash: '0', hash: '0' },
    streamName: 'thing-1',
    streamRevision: BigInt(n - 1),
    position: at(n),
  };
}

/**
 * A log of `stored` events read in pages of two; `onRead` runs as each read is asked for, before it
 * answers (the snapshot the read sees is taken then).
 */
function log(stored: RecordedEvent[], onRead: (from: Position) => void = () => undefined): PageSource {
  return {
    async readAllPage(from) {
      onRead(from);
      const later = stored.filter((e) => e.position.commit > from.commit);
      const events = later.slice(0, 2);
      return { events, scannedTo: events.at(-1)?.position ?? from, more: later.length > 2 };
    },
    watchVisibility: () => undefined,
  };
}

describe('polling subscription', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('an event appended while a page read ahead was on its way is delivered on its NOTIFY, not on the idle recheck', async () => {
    // Fake timers: the 1 s idle recheck never fires, so only the NOTIFY can deliver event 4.
    vi.useFakeTimers();
    const stored = [event(1), event(2), event(3)];
    const wake = new WakeSignal();
    const subscription = new PollingSubscription(log(stored), wake, START, undefined, () => undefined);
    const iterator = subscription[Symbol.asyncIterator]();

    // Page one (events 1, 2) says more; the page after it (event 3, the end) is read ahead at once.
    expect((await iterator.next()).value).toMatchObject({ data: { n: 1 } });
    // Read ahead already: event 4 and its NOTIFY arrive after that read was asked for.
    stored.push(event(4));
    wake.notify();
    expect((await iterator.next()).value).toMatchObject({ data: { n: 2 } });
    expect((await iterator.next()).value).toMatchObject({ data: { n: 3 } });
    // The read ahead ended the log at 3 and said no more; the NOTIFY came after it was asked for.
    expect((await iterator.next()).value).toMatchObject({ data: { n: 4 } });
    await subscription.close();
  });

  it('sleeps, without reading, until a NOTIFY when nothing new was appended', async () => {
    vi.useFakeTimers();
    const stored = [event(1)];
    let reads = 0;
    const wake = new WakeSignal();
    const subscription = new PollingSubscription(log(stored, () => reads++), wake, START, undefined, () => undefined);
    const iterator = subscription[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ data: { n: 1 } });
    const next = iterator.next();
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(1); // the page that found the end of the log: asleep since
    stored.push(event(2));
    wake.notify();
    expect((await next).value).toMatchObject({ data: { n: 2 } });
    expect(reads).toBe(2);
    await subscription.close();
  });
});
