import type { EventStore, NewEvent } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Projection } from '../../runner/projection';
import { rebuildProjection } from '../../runner/rebuild';
import { tableRows, type TestStorage, testBackends } from '../../testing/storage';
import { liability } from './liability';

const AT = Date.parse('2026-11-20T10:00:00.000Z');
const TABLES = ['liability_coupons', 'liability_outcomes', 'liability_leg_history'] as const;

/** A small deterministic generator (mulberry32), so a failure replays the same log. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * 80 coupons of one to three legs on four matches, each placed and then, interleaved with the others,
 * settled leg by leg, rolled back, decided, put back to waiting, resettled, sold or cancelled at
 * random: every path the projection takes, in batches that place and close a stretch together and in
 * batches that close stretches stored by an earlier one.
 */
async function writeLog(store: EventStore, seed: number): Promise<number> {
  const next = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const scripts: { stream: string; events: { type: string; data: object }[] }[] = [];
  for (let c = 0; c < 80; c++) {
    const couponId = `lc${c}`;
    const legs = Array.from({ length: 1 + Math.floor(next() * 3) }, (_, i) => ({ id: `s${i}`, matchId: `m${(c + i) % 4}`, marketId: 'MR', special: '', outcomeId: pick(['1', 'X', '2']) }));
    const stake = 100 + 10 * Math.floor(next() * 50);
    const events: { type: string; data: object }[] = [
      { type: 'CouponPlaced', data: { couponId, totalStake: stake, potentialPayout: stake * (2 + legs.length), selections: legs } },
    ];
    for (let step = 0; step < 6; step++) {
      const roll = next();
      if (roll < 0.35) events.push({ type: 'SelectionSettled', data: { couponId, selectionId: pick(legs).id } });
      else if (roll < 0.5) events.push({ type: 'SelectionUnsettled', data: { couponId, selectionId: pick(legs).id } });
      else if (roll < 0.7) events.push({ type: 'CouponSettled', data: { couponId, status: pick([1, -1]) } });
      else if (roll < 0.85) events.push({ type: 'CouponResettled', data: { couponId, status: pick([0, 1, -1]) } });
      else {
        events.push({ type: pick(['CouponSold', 'CouponCancelled']), data: { couponId } });
        break;
      }
    }
    scripts.push({ stream: `coupon-${couponId}`, events });
  }
  let written = 0;
  while (scripts.length > 0) {
    const index = Math.floor(next() * scripts.length);
    const script = scripts[index]!;
    const { type, data } = script.events.shift()!;
    if (script.events.length === 0) scripts.splice(index, 1);
    const id = randomUUID();
    const at = new Date(AT + written * 60_000).toISOString();
    const event: NewEvent = { id, type, data: data as NewEvent['data'], metadata: { correlationId: id, causationId: id, actor: { userId: 'system', role: 'reactor' }, at, schemaVersion: 1 } };
    await store.append(script.stream, [event], { expectedRevision: 'any' });
    written++;
  }
  return written;
}

for (const backend of testBackends) {
  describe(`liability in batches on ${backend.name}`, () => {
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await backend.open();
    });

    afterEach(async () => {
      await storage.close();
    });

    it('holds the same exposure, coupons and leg history whether each event is applied alone or in batches, folded ahead from the carry or applied whole', { timeout: 120_000 }, async () => {
      const written = await writeLog(storage.store, 7);
      const { applyBatch: _batch, prepareBatch: _prepare, ...oneByOne } = liability;
      await rebuildProjection({ store: storage.store, pool: storage.pool, projection: oneByOne as Projection, batchSize: 1 });
      const alone = await tableRows(storage, TABLES);
      // The log reached every table, closed stretches and left some open.
      expect(alone.liability_leg_history!.length).toBeGreaterThan(100);
      expect(alone.liability_leg_history!.some((row) => row.endsWith(',,)'))).toBe(true);
      expect(alone.liability_coupons!.length).toBeGreaterThan(10);
      expect(alone.liability_coupons!.length).toBeLessThan(80);

      for (const batchSize of [7, 100]) {
        // Batches folded ahead from the carry while the one before is written, and batches applied whole.
        let foldedAhead = 0;
        let appliedWhole = 0;
        const counted: Projection = {
          ...liability,
          applyBatch: (tx, events, carry) => {
            appliedWhole++;
            return liability.applyBatch!(tx, events, carry);
          },
          prepareBatch: (events, carry, checkpointMoved) => {
            const prepared = liability.prepareBatch!(events, carry, checkpointMoved);
            if (prepared) foldedAhead++;
            return prepared;
          },
        };
        await rebuildProjection({ store: storage.store, pool: storage.pool, projection: counted, batchSize });
        expect(await tableRows(storage, TABLES), `batches of ${batchSize} (${written} events)`).toEqual(alone);
        expect([foldedAhead > 0, appliedWhole > 0], `batches of ${batchSize}: ${foldedAhead} folded ahead, ${appliedWhole} applied whole`).toEqual([true, true]);
      }
    });
  });
}
