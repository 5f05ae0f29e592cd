import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newEvent, runConformanceSuite } from '../conformance/suite';
import { IdempotencyConflict, type RecordedEvent } from '../port';
import { EventStoreDbEventStore, type EventStoreDbEventStoreOptions } from './eventstoredb-event-store';
import { FakeEventStoreDbClient } from './fake-eventstoredb-client';

/*
 * The adapter's logic over an in-memory stand-in for the client (see fake-eventstoredb-client.ts):
 * the whole conformance suite, then what is particular to EventStoreDB. The same suite against a
 * real server is eventstoredb.conformance.test.ts.
 */

function openOnFake(options: EventStoreDbEventStoreOptions = {}) {
  const fake = new FakeEventStoreDbClient();
  return { fake, store: new EventStoreDbEventStore(fake.asClient(), options) };
}

runConformanceSuite({
  name: 'EventStoreDB adapter over an in-memory client',
  async open() {
    return openOnFake().store;
  },
  // The suite's tamper cases include removing a stream's last event, which no EventStoreDB API can
  // do and which this adapter cannot see (no head record): the possible cases are tested below.
  tamperUnsupported: 'tampering on the in-memory client is tested in eventstoredb-adapter.test.ts, without the impossible tail removal',
});

describe('EventStoreDB adapter: verification', () => {
  async function fiveWagers() {
    const { fake, store } = openOnFake();
    const intact = `conf-${randomUUID()}`;
    const name = `conf-${randomUUID()}`;
    await store.append(intact, [newEvent('Fine')], { expectedRevision: 'no_stream' });
    await store.append(name, Array.from({ length: 5 }, (_, n) => newEvent('Wager', { n, amount: 1000 + n })), { expectedRevision: 'no_stream' });
    expect(await store.verifyAll()).toMatchObject({ ok: true, streamsChecked: 2, eventsChecked: 6 });
    return { fake, store, intact, name };
  }

  const changes = {
    data: (record: { data: string }) => {
      record.data = record.data.replace('"amount":1002', '"amount":1003');
    },
    type: (record: { type: string }) => {
      record.type += 'X';
    },
    metadata: (record: { metadata: string }) => {
      record.metadata = record.metadata.replace('127.0.0.1', '10.0.0.1');
    },
  };
  for (const [kind, change] of Object.entries(changes)) {
    it(`a changed stored event ${kind} is caught at that event by verifyStream and verifyAll`, async () => {
      const { fake, store, intact, name } = await fiveWagers();
      fake.tamper(name, 2n, change);
      const report = await store.verifyStream(name);
      expect(report.firstFailure).toEqual({ streamName: name, streamRevision: 2n, eventId: expect.any(String), reason: 'hash_mismatch' });
      expect((await store.verifyStream(intact)).ok).toBe(true);
      expect((await store.verifyAll()).firstFailure).toEqual(report.firstFailure);
    });
  }

  it('an event removed from the middle is caught as a missing revision', async () => {
    const { fake, store, name } = await fiveWagers();
    fake.removeEvent(name, 2n);
    expect((await store.verifyStream(name)).firstFailure).toMatchObject({ streamRevision: 2n, reason: 'missing_event', eventId: null });
  });

  it('a truncated stream ($tb) is caught as a missing revision 0', async () => {
    const { fake, store, name } = await fiveWagers();
    fake.truncateBefore(name, 2n);
    expect((await store.verifyStream(name)).firstFailure).toMatchObject({ streamName: name, streamRevision: 0n, reason: 'missing_event' });
  });

  it('a deleted stream whose records are still in $all is caught by verifyAll', async () => {
    const { fake, store, name } = await fiveWagers();
    fake.deleteStream(name);
    expect((await store.verifyStream(name)).ok).toBe(true); // alone, a deleted stream looks like one never written
    expect((await store.verifyAll()).firstFailure).toEqual({ streamName: name, streamRevision: 0n, eventId: null, reason: 'missing_event' });
  });
});

describe('EventStoreDB adapter: appends', () => {
  it("returns the last event's own position, not the write's acknowledgement", async () => {
    const { store } = openOnFake();
    const name = `conf-${randomUUID()}`;
    const result = await store.append(name, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedRevision: 'no_stream' });
    const last = (await store.readStream(name)).at(-1)!;
    expect(result).toEqual({ nextExpectedRevision: 2n, position: last.position });
  });

  it('finds a retried batch that the recent-events window cuts through', async () => {
    const { store } = openOnFake({ idempotencyWindow: 2 });
    const name = `conf-${randomUUID()}`;
    const batch = [newEvent('A'), newEvent('B'), newEvent('C')];
    const first = await store.append(name, batch, { expectedRevision: 'no_stream' });
    await store.append(name, [newEvent('D'), newEvent('E'), newEvent('F')], { expectedRevision: 2n });
    expect(await store.append(name, batch, { expectedRevision: 'any' })).toEqual(first);
    expect(await store.readStream(name)).toHaveLength(6);
  });

  it('writes a retry again once more than the window of events came after it (the documented limit)', async () => {
    const { store } = openOnFake({ idempotencyWindow: 1 });
    const name = `conf-${randomUUID()}`;
    const once = newEvent('Once');
    await store.append(name, [once], { expectedRevision: 'no_stream' });
    await store.append(name, [newEvent('Later'), newEvent('Later')], { expectedRevision: 0n });
    await store.append(name, [once], { expectedRevision: 'any' });
    expect((await store.readStream(name)).filter((e) => e.id === once.id)).toHaveLength(2);
    expect((await store.verifyStream(name)).ok).toBe(true);
  });

  it('refuses a batch that repeats an event id', async () => {
    const { store } = openOnFake();
    const event = newEvent('Twice');
    await expect(store.append(`conf-${randomUUID()}`, [event, event], { expectedRevision: 'any' })).rejects.toBeInstanceOf(IdempotencyConflict);
  });

  it("'any' writers on two connections racing on one stream all land, chained", async () => {
    const fake = new FakeEventStoreDbClient();
    const stores = [new EventStoreDbEventStore(fake.asClient()), new EventStoreDbEventStore(fake.asClient())];
    const name = `wallet-${randomUUID()}`;
    await Promise.all(Array.from({ length: 40 }, (_, i) => stores[i % 2]!.append(name, [newEvent('Raced', { i })], { expectedRevision: 'any' })));
    const events: RecordedEvent[] = await stores[0]!.readStream(name);
    expect(events.map((e) => e.streamRevision)).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i)));
    expect((await stores[1]!.verifyStream(name)).ok).toBe(true);
  });
});
