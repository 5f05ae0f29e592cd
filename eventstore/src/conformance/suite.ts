import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allCommittedVisible,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  IdempotencyConflict,
  type NewEvent,
  type Position,
  type RecordedEvent,
  START,
  WrongExpectedRevision,
} from '../port';

export type TamperKind = 'data' | 'type' | 'metadata' | 'remove';

export interface ConformanceHarness {
  readonly name: string;
  /** A fresh, empty store. */
  open(): Promise<EventStore>;
  /**
   * A second handle on the same storage as `store` whose every append runs in a deliberately slow
   * transaction (held open a few random milliseconds before commit), so transactions overlap.
   * Absent where the backend has no client-side transactions.
   */
  openSlowWriter?(store: EventStore): Promise<EventStore>;
  /** Change one stored byte of the event at (stream, revision), or remove it. */
  tamper?(store: EventStore, stream: string, revision: bigint, kind: TamperKind): Promise<void>;
  /** Why tamper is absent. */
  readonly tamperUnsupported?: string;
  close?(): Promise<void>;
}

const actor = { userId: 'user-conformance', role: 'system', ip: '127.0.0.1' };

export function newEvent(type: string, data: Record<string, string | number | boolean | null> = {}): NewEvent {
  const id = randomUUID();
  return {
    id,
    type,
    data: { ...data, note: 'çğıöşü ünicode "quoted" \\ slash' },
    metadata: { correlationId: id, causationId: id, actor, at: '2026-11-21T12:00:00.000Z', schemaVersion: 1 },
  };
}

function stream(category = 'conf'): string {
  return `${category}-${randomUUID()}`;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

async function readWholeLog(store: EventStore, from: Position = START): Promise<RecordedEvent[]> {
  await allCommittedVisible(store);
  const all: RecordedEvent[] = [];
  let position = from;
  for (;;) {
    const page = await store.readAll({ fromPosition: position, maxCount: 2000 });
    all.push(...page);
    if (page.length < 2000) return all;
    position = page.at(-1)!.position;
  }
}

/** The contract of ARCHITECTURE.md, proven the same way for every adapter. */
export function runConformanceSuite(harness: ConformanceHarness): void {
  describe(`event store conformance: ${harness.name}`, () => {
    let store: EventStore;
    const opened: EventStore[] = [];
    const open = async () => {
      const fresh = await harness.open();
      opened.push(fresh);
      return fresh;
    };

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      for (const s of opened) await s.close();
      await harness.close?.();
    });

    describe('append and read a stream', () => {
      it('stores events in order with contiguous revisions and returns the next expected revision', async () => {
        const name = stream();
        const first = await store.append(name, [newEvent('A', { n: 1 }), newEvent('B', { n: 2 })], { expectedRevision: 'no_stream' });
        expect(first.nextExpectedRevision).toBe(1n);
        const second = await store.append(name, [newEvent('C', { n: 3 })], { expectedRevision: 1n });
        expect(second.nextExpectedRevision).toBe(2n);
        expect(comparePositions(second.position, first.position)).toBeGreaterThan(0);

        const events = await store.readStream(name);
        expect(events.map((e) => [e.type, e.streamRevision, e.data.n])).toEqual([
          ['A', 0n, 1],
          ['B', 1n, 2],
          ['C', 2n, 3],
        ]);
        expect(events[0]!.data.note).toBe('çğıöşü ünicode "quoted" \\ slash');
        expect(events[0]!.metadata.actor).toEqual(actor);
        expect(events.every((e) => e.streamName === name)).toBe(true);
      });

      it('reads backwards, from a revision, and at most maxCount events', async () => {
        const name = stream();
        await store.append(name, Array.from({ length: 10 }, (_, n) => newEvent('Counted', { n })), { expectedRevision: 'no_stream' });
        const backwards = await store.readStream(name, { direction: 'backwards', maxCount: 3 });
        expect(backwards.map((e) => e.data.n)).toEqual([9, 8, 7]);
        const middle = await store.readStream(name, { fromRevision: 4n, maxCount: 2 });
        expect(middle.map((e) => e.data.n)).toEqual([4, 5]);
        const backFrom = await store.readStream(name, { direction: 'backwards', fromRevision: 2n });
        expect(backFrom.map((e) => e.data.n)).toEqual([2, 1, 0]);
        expect(await store.readStream(stream())).toEqual([]);
      });

      it('appends a batch of a thousand events in one call, chained and in order', async () => {
        const name = stream();
        const batch = Array.from({ length: 1000 }, (_, n) => newEvent('Bulk', { n }));
        const result = await store.append(name, batch, { expectedRevision: 'no_stream' });
        expect(result.nextExpectedRevision).toBe(999n);
        const events = await store.readStream(name);
        expect(events.map((e) => e.id)).toEqual(batch.map((e) => e.id));
        expect((await store.verifyStream(name)).ok).toBe(true);
      });
    });

    describe('expected revision', () => {
      const cases: { given: number; expected: ExpectedRevision; actual: bigint | 'no_stream' }[] = [
        { given: 2, expected: 'no_stream', actual: 1n },
        { given: 0, expected: 'stream_exists', actual: 'no_stream' },
        { given: 3, expected: 1n, actual: 2n },
        { given: 3, expected: 5n, actual: 2n },
        { given: 0, expected: 0n, actual: 'no_stream' },
      ];
      for (const { given, expected, actual } of cases) {
        it(`a stream of ${given} events refuses expectedRevision ${String(expected)} and writes nothing`, async () => {
          const name = stream();
          if (given > 0) await store.append(name, Array.from({ length: given }, () => newEvent('Before')), { expectedRevision: 'no_stream' });
          const before = await store.readStream(name);
          const error = await rejection(store.append(name, [newEvent('Refused'), newEvent('Refused')], { expectedRevision: expected }));
          expect(error).toBeInstanceOf(WrongExpectedRevision);
          expect((error as WrongExpectedRevision).actual).toBe(actual);
          expect(await store.readStream(name)).toEqual(before);
        });
      }

      it("'any' and 'stream_exists' append after whatever is there", async () => {
        const name = stream();
        await store.append(name, [newEvent('First')], { expectedRevision: 'any' });
        await store.append(name, [newEvent('Second')], { expectedRevision: 'stream_exists' });
        const result = await store.append(name, [newEvent('Third')], { expectedRevision: 'any' });
        expect(result.nextExpectedRevision).toBe(2n);
      });

      it('20 writers racing on one stream: exactly one wins each revision', async () => {
        const name = stream();
        const rounds = 8;
        let expected: ExpectedRevision = 'no_stream';
        for (let round = 0; round < rounds; round++) {
          const attempts = Array.from({ length: 20 }, (_, writer) => newEvent('Raced', { round, writer }));
          const outcomes = await Promise.allSettled(attempts.map((event) => store.append(name, [event], { expectedRevision: expected })));
          const winners = outcomes.filter((o) => o.status === 'fulfilled');
          const losers = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
          expect(winners).toHaveLength(1);
          expect(losers.every((o) => o.reason instanceof WrongExpectedRevision)).toBe(true);
          expected = BigInt(round);
        }
        const events = await store.readStream(name);
        expect(events.map((e) => e.data.round)).toEqual(Array.from({ length: rounds }, (_, round) => round));
        expect((await store.verifyStream(name)).ok).toBe(true);
      });

      it('concurrent appends to many streams: one wrong revision fails alone', async () => {
        const names = Array.from({ length: 40 }, () => stream());
        const outcomes = await Promise.allSettled(
          names.map((name, i) => store.append(name, [newEvent('Opened', { i })], { expectedRevision: i === 17 ? 3n : 'no_stream' })),
        );
        const failed = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [i] : []));
        expect(failed).toEqual([17]);
        expect((outcomes[17] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevision);
        for (const [i, name] of names.entries()) expect(await store.readStream(name)).toHaveLength(i === 17 ? 0 : 1);
      });
    });

    describe('idempotency', () => {
      it('re-appending the same event ids is a no-op success', async () => {
        const name = stream();
        const events = [newEvent('Once', { n: 1 }), newEvent('Once', { n: 2 })];
        const first = await store.append(name, events, { expectedRevision: 'no_stream' });
        const retry = await store.append(name, events, { expectedRevision: 'no_stream' });
        expect(retry.nextExpectedRevision).toBe(first.nextExpectedRevision);
        expect(retry.position).toEqual(first.position);
        const racing = await Promise.all(Array.from({ length: 5 }, () => store.append(name, events, { expectedRevision: 'any' })));
        expect(racing.map((r) => r.nextExpectedRevision)).toEqual(Array(5).fill(1n));
        expect(await store.readStream(name)).toHaveLength(2);
      });

      it('a batch where only some ids are stored is refused and writes nothing', async () => {
        const name = stream();
        const stored = newEvent('Stored');
        await store.append(name, [stored], { expectedRevision: 'no_stream' });
        const error = await rejection(store.append(name, [stored, newEvent('New')], { expectedRevision: 'any' }));
        expect(error).toBeInstanceOf(IdempotencyConflict);
        expect(await store.readStream(name)).toHaveLength(1);
      });
    });

    describe('the global log', () => {
      it('reads all events after a position, filtered by stream category or event type', async () => {
        const own = await open();
        const wallet = stream('wallet');
        const coupon = stream('coupon');
        await own.append(wallet, [newEvent('DepositCredited'), newEvent('CouponStaked')], { expectedRevision: 'no_stream' });
        await own.append(coupon, [newEvent('CouponPlaced')], { expectedRevision: 'no_stream' });
        await own.append(wallet, [newEvent('PayoutCredited')], { expectedRevision: 1n });

        await allCommittedVisible(own);
        const all = await own.readAll();
        expect(all.map((e) => e.type)).toEqual(['DepositCredited', 'CouponStaked', 'CouponPlaced', 'PayoutCredited']);
        for (let i = 1; i < all.length; i++) expect(comparePositions(all[i]!.position, all[i - 1]!.position)).toBe(1);

        const after = await own.readAll({ fromPosition: all[1]!.position });
        expect(after.map((e) => e.type)).toEqual(['CouponPlaced', 'PayoutCredited']);
        expect((await own.readAll({ maxCount: 2 })).map((e) => e.type)).toEqual(['DepositCredited', 'CouponStaked']);
        expect((await own.readAll({ filter: { streamCategories: ['coupon'] } })).map((e) => e.type)).toEqual(['CouponPlaced']);
        expect((await own.readAll({ filter: { eventTypes: ['PayoutCredited', 'DepositCredited'] } })).map((e) => e.type)).toEqual([
          'DepositCredited',
          'PayoutCredited',
        ]);
        expect(await own.headPosition()).toEqual(all.at(-1)!.position);
        expect(await own.lastCommittedPosition()).toEqual(all.at(-1)!.position);
      });

      it('a subscriber started mid-way receives every later event exactly once, in order, while 4 slow writers append 10,000 events across 100 streams', async () => {
        const own = await open();
        const writer = harness.openSlowWriter ? await harness.openSlowWriter(own) : own;
        const streams = Array.from({ length: 100 }, (_, i) => `load-${i}-${randomUUID()}`);
        // History before the subscriber starts.
        for (const [i, name] of streams.slice(0, 20).entries()) {
          await own.append(name, [newEvent('Before', { i })], { expectedRevision: 'any' });
        }
        const history = await readWholeLog(own);
        const startAfter = history[9]!.position;

        const received: RecordedEvent[] = [];
        const total = 10_000;
        const expectedCount = history.length - 10 + total;
        const subscription = own.subscribeToAll({ fromPosition: startAfter });
        // Ends at a sentinel appended after every writer finished: a skipped event shows up as a
        // wrong list below instead of a wait that never ends.
        const consumed = (async () => {
          for await (const event of subscription) {
            if (event.type === 'Sentinel') break;
            received.push(event);
          }
        })();

        let remaining = total;
        let seed = 7;
        const random = () => {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          return seed / 2147483648;
        };
        const batches: { stream: string; size: number }[] = [];
        while (remaining > 0) {
          const size = Math.min(remaining, 1 + Math.floor(random() * 20));
          batches.push({ stream: streams[Math.floor(random() * streams.length)]!, size });
          remaining -= size;
        }
        await Promise.all(
          [0, 1, 2, 3].map(async (w) => {
            for (let i = w; i < batches.length; i += 4) {
              const { stream: name, size } = batches[i]!;
              await writer.append(name, Array.from({ length: size }, (_, n) => newEvent('Loaded', { w, i, n })), { expectedRevision: 'any' });
            }
          }),
        );
        await own.append(stream('sentinel'), [newEvent('Sentinel')], { expectedRevision: 'no_stream' });
        await consumed;
        await subscription.close();
        if (writer !== own) await writer.close();

        const truth = (await readWholeLog(own, startAfter)).filter((e) => e.type !== 'Sentinel');
        expect(truth).toHaveLength(expectedCount);
        expect(received.map((e) => e.id)).toEqual(truth.map((e) => e.id));
        expect(new Set(received.map((e) => e.id)).size).toBe(expectedCount);
        for (let i = 1; i < received.length; i++) expect(comparePositions(received[i]!.position, received[i - 1]!.position)).toBe(1);
        // Within each stream the subscriber saw revisions in order, with no hole.
        const lastRevision = new Map<string, bigint>();
        for (const event of received) {
          const previous = lastRevision.get(event.streamName);
          if (previous !== undefined) expect(event.streamRevision).toBe(previous + 1n);
          lastRevision.set(event.streamName, event.streamRevision);
        }
      }, 120_000);

      it('a filtered subscriber receives only its category, live', async () => {
        const own = await open();
        const subscription = own.subscribeToAll({ filter: { streamCategories: ['wallet'] } });
        const received: string[] = [];
        const done = (async () => {
          for await (const event of subscription) {
            received.push(event.type);
            if (received.length === 3) break;
          }
        })();
        for (let i = 0; i < 3; i++) {
          await own.append(stream('coupon'), [newEvent('CouponPlaced')], { expectedRevision: 'no_stream' });
          await own.append(stream('wallet'), [newEvent(`WalletEvent${i}`)], { expectedRevision: 'no_stream' });
        }
        await done;
        await subscription.close();
        expect(received).toEqual(['WalletEvent0', 'WalletEvent1', 'WalletEvent2']);
      });
    });

    describe('hash chain', () => {
      it('chains each event to the one before it in its stream', async () => {
        const name = stream();
        await store.append(name, [newEvent('A'), newEvent('B')], { expectedRevision: 'no_stream' });
        await store.append(name, [newEvent('C')], { expectedRevision: 1n });
        const [a, b, c] = await store.readStream(name);
        expect(a!.metadata.prevHash).toBe('0'.repeat(64));
        expect(b!.metadata.prevHash).toBe(a!.metadata.hash);
        expect(c!.metadata.prevHash).toBe(b!.metadata.hash);
        expect(a!.metadata.hash).toMatch(/^[0-9a-f]{64}$/);
        expect(await store.verifyStream(name)).toEqual({ ok: true, streamsChecked: 1, eventsChecked: 3, firstFailure: null });
      });

      if (!harness.tamper) {
        it.skip(`tamper detection: ${harness.tamperUnsupported ?? 'this backend cannot change a stored event'}`, () => undefined);
        console.warn(`[conformance ${harness.name}] tamper tests skipped: ${harness.tamperUnsupported ?? 'no tamper hook'}`);
        return;
      }
      const tamper = harness.tamper.bind(harness);
      for (const kind of ['data', 'type', 'metadata', 'remove'] as const) {
        it(`changing the stored ${kind === 'remove' ? 'stream (an event removed)' : `event ${kind}`} is caught at that event by verifyStream and verifyAll`, async () => {
          const own = await open();
          const intact = stream();
          const name = stream();
          await own.append(intact, [newEvent('Fine')], { expectedRevision: 'no_stream' });
          await own.append(name, Array.from({ length: 5 }, (_, n) => newEvent('Wager', { n, amount: 1000 + n })), { expectedRevision: 'no_stream' });
          expect((await own.verifyAll()).ok).toBe(true);

          await tamper(own, name, 2n, kind);

          const report = await own.verifyStream(name);
          expect(report.ok).toBe(false);
          expect(report.firstFailure?.streamName).toBe(name);
          expect(report.firstFailure?.streamRevision).toBe(2n);
          expect(report.firstFailure?.reason).toBe(kind === 'remove' ? 'missing_event' : 'hash_mismatch');
          expect((await own.verifyStream(intact)).ok).toBe(true);
          const all = await own.verifyAll();
          expect(all.ok).toBe(false);
          expect(all.firstFailure).toEqual(report.firstFailure);
        });
      }

      it('removing the last event of a stream is caught too', async () => {
        const own = await open();
        const name = stream();
        await own.append(name, [newEvent('A'), newEvent('B'), newEvent('C')], { expectedRevision: 'no_stream' });
        await tamper(own, name, 2n, 'remove');
        const report = await own.verifyStream(name);
        expect(report.ok).toBe(false);
        expect(report.firstFailure?.reason).toBe('missing_event');
      });
    });
  });
}
