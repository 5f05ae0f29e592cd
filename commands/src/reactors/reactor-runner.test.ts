import type { NewEvent, RecordedEvent } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestStorage, testBackends } from '@kupon/eventstore/testing';
import { type Reactor, ReactorRunner } from './reactor-runner';
import { StreamCommands } from '../runner/stream-commands';

const AT = '2026-11-23T10:00:00.000Z';

function event(type: string, n: number): NewEvent {
  const id = randomUUID();
  return { id, type, data: { n }, metadata: { correlationId: id, causationId: id, actor: { userId: 'test', role: 'admin' }, at: AT, schemaVersion: 1 } };
}

/** A reactor that records every event it is handed. */
function recording(seen: number[]): Reactor {
  return {
    name: 'recording',
    handles: ['Tick'],
    async react(recorded: RecordedEvent) {
      seen.push(recorded.data.n as number);
      return { ok: true };
    },
  };
}

for (const backend of testBackends) {
  describe(`reactor checkpoints on ${backend.name}`, () => {
    let storage: TestStorage;
    beforeEach(async () => {
      storage = await backend.open();
    });
    afterEach(async () => {
      await storage.close();
    });

    const checkpoint = async () =>
      (await storage.pool.query<{ commit_position: string; prepare_position: string; events_handled: string }>(`select commit_position, prepare_position, events_handled from reactor_checkpoints where reactor = 'recording'`)).rows[0];

    it('a stop stores where the reactor got to; a restart hands out only what came after', async () => {
      // 600 events: more than one batch of checkpoint writes, and a tail that is only written on stop.
      for (let i = 0; i < 6; i++) await storage.store.append(`tick-${i}`, Array.from({ length: 100 }, (_, n) => event('Tick', i * 100 + n)), { expectedRevision: 'no_stream' });
      const seen: number[] = [];
      const runner = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: new StreamCommands(storage.store), reactors: [recording(seen)] });
      await runner.start();
      await runner.waitUntilCaughtUp();
      await runner.stop();
      expect(seen).toEqual(Array.from({ length: 600 }, (_, n) => n));
      const last = (await storage.store.readStream('tick-5', { direction: 'backwards', maxCount: 1 }))[0]!;
      expect(await checkpoint()).toEqual({ commit_position: last.position.commit.toString(), prepare_position: last.position.prepare.toString(), events_handled: '600' });

      await storage.store.append('tick-6', [event('Tick', 600), event('Tick', 601)], { expectedRevision: 'no_stream' });
      const again: number[] = [];
      const restarted = new ReactorRunner({ store: storage.store, pool: storage.pool, commands: new StreamCommands(storage.store), reactors: [recording(again)] });
      await restarted.start();
      await restarted.waitUntilCaughtUp();
      // A quiet reactor writes its checkpoint soon after its last event, without being stopped.
      await expect.poll(async () => (await checkpoint())?.events_handled, { timeout: 5_000 }).toBe('602');
      await restarted.stop();
      expect(again).toEqual([600, 601]);
    });
  });
}
