import { type EventStore, type RecordedEvent, START, type Subscription } from '@kupon/eventstore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendActivity, readWholeLog } from '../testing/ledger';
import { type TestStorage, testBackends } from '../testing/storage';
import { SharedLog } from './shared-log';

/** The store, counting the subscriptions opened on it and the events they delivered. */
function counted(store: EventStore) {
  const counts = { subscriptions: 0, delivered: 0 };
  const wrapped: EventStore = Object.create(store as object) as EventStore;
  wrapped.subscribeToAll = (options) => {
    counts.subscriptions++;
    const subscription = store.subscribeToAll(options);
    return {
      close: () => subscription.close(),
      [Symbol.asyncIterator]() {
        const iterator = subscription[Symbol.asyncIterator]();
        return {
          async next() {
            const next = await iterator.next();
            if (!next.done) counts.delivered++;
            return next;
          },
        };
      },
    };
  };
  return { store: wrapped, counts };
}

async function take(subscription: Subscription, count: number): Promise<RecordedEvent[]> {
  const iterator = subscription[Symbol.asyncIterator]();
  const taken: RecordedEvent[] = [];
  while (taken.length < count) {
    const next = await iterator.next();
    if (next.done) break;
    taken.push(next.value);
  }
  return taken;
}

const ids = (events: readonly RecordedEvent[]) => events.map((e) => e.id);

for (const backend of testBackends) {
  describe(`one read of the log for several consumers on ${backend.name}`, () => {
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await backend.open();
      await appendActivity(storage.store, 600, 3);
    });

    afterEach(async () => {
      await storage.close();
    });

    it('hands each consumer every event of its types once, in log order, from one subscription on the store', async () => {
      const all = await readWholeLog(storage.store);
      const { store, counts } = counted(storage.store);
      const filters = [{ eventTypes: ['Deposited'] }, { eventTypes: ['Deposited', 'Withdrawn'] }, undefined];
      const log = new SharedLog(store, filters);
      const expected = filters.map((filter) => all.filter((e) => !filter || filter.eventTypes.includes(e.type)));
      const subscriptions = filters.map((filter, i) => log.subscribe(i, { fromPosition: START, ...(filter ? { filter } : {}) }));
      const received = await Promise.all(subscriptions.map((subscription, i) => take(subscription, expected[i]!.length)));
      expect(received.map(ids)).toEqual(expected.map(ids));
      expect(expected[0]!.length).toBeGreaterThan(100);
      expect(counts.subscriptions).toBe(1);
      for (const subscription of subscriptions) await subscription.close();
    });

    it('reads no further ahead than its limit for the slowest consumer; one released without subscribing holds nobody back', async () => {
      const all = await readWholeLog(storage.store);
      const { store, counts } = counted(storage.store);
      const log = new SharedLog(store, [undefined, undefined, undefined], { highWater: 50 });
      log.release(2);
      const fast = log.subscribe(0, {});
      const slow = log.subscribe(1, {});
      const first = await take(fast, 50);
      // The slow consumer has taken nothing: the fast one can get at most 50 events past it.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(counts.delivered).toBeLessThanOrEqual(51);
      const [rest, slowAll] = await Promise.all([take(fast, all.length - 50), take(slow, all.length)]);
      expect(ids([...first, ...rest])).toEqual(ids(all));
      expect(ids(slowAll)).toEqual(ids(all));
      await fast.close();
      await slow.close();
    });

    it('a consumer that subscribes again, or from a later position, reads the store itself', async () => {
      const all = await readWholeLog(storage.store);
      const { store, counts } = counted(storage.store);
      const log = new SharedLog(store, [undefined, undefined]);
      const shared = log.subscribe(0, {});
      expect(ids(await take(shared, 10))).toEqual(ids(all.slice(0, 10)));
      await shared.close();
      const again = log.subscribe(0, { fromPosition: all[9]!.position });
      const later = log.subscribe(1, { fromPosition: all[19]!.position });
      expect(ids(await take(again, 5))).toEqual(ids(all.slice(10, 15)));
      expect(ids(await take(later, 5))).toEqual(ids(all.slice(20, 25)));
      expect(counts.subscriptions).toBe(3);
      await again.close();
      await later.close();
    });
  });
}
