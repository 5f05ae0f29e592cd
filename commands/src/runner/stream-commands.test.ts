import { randomUUID } from 'node:crypto';
import {
  COUPON_CAPS,
  type CouponContext,
  type CouponCommand,
  couponDecider,
  DEFAULT_LIMIT_GROUP,
  DEFAULT_USER_LIMITS,
  oddsBookOf,
  outcomeKey,
} from '@kupon/domain';
import { createPglitePool, createPgPool, PostgresEventStore, type SqlPool } from '@kupon/eventstore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '@kupon/eventstore/testing';
import type { CommandMeta } from './meta';
import { StreamCommands } from './stream-commands';

const NOW = '2026-11-21T12:00:00.000Z';
const selections = [
  { id: 's1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1850, banker: false, isLive: false },
  { id: 's2', matchId: 'm2', marketId: 'FT_1X2', special: '', outcomeId: '2', odds: 2400, banker: false, isLive: false },
];
const context: CouponContext = {
  odds: oddsBookOf(
    { m1: { phase: 'not_started', startsAt: '2026-11-21T18:00:00.000Z' }, m2: { phase: 'not_started', startsAt: '2026-11-21T19:00:00.000Z' } },
    Object.fromEntries(selections.map((s) => [outcomeKey(s), { odds: s.odds, suspended: false, hidden: false }])),
  ),
  rules: { limits: { ...DEFAULT_USER_LIMITS, multiple: { ...DEFAULT_LIMIT_GROUP, status: 1 } }, caps: COUPON_CAPS, bonus: null, payoutTiers: [] },
  availableBalance: null,
  sell: { enabled: true, marginBp: 500 },
  cancel: { enabled: true, periodMs: 10 * 60_000 },
};

function meta(): CommandMeta {
  const requestId = randomUUID();
  return { actor: { userId: 'u-1', role: 'player', ip: '127.0.0.1' }, correlationId: requestId, causationId: requestId, at: NOW, eventId: () => randomUUID() };
}

const backends: [string, () => Promise<SqlPool>][] = [['PGlite', () => createPglitePool()]];
if (process.env.DATABASE_URL) {
  const url = process.env.DATABASE_URL;
  backends.push([
    'PostgreSQL',
    async () => {
      const schema = `cmd_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
      const admin = createPgPool({ connectionString: url, max: 1 });
      await admin.query(`create schema ${schema}`);
      await admin.end();
      return createPgPool({ connectionString: url, schema });
    },
  ]);
} else {
  console.warn('[stream commands] PostgreSQL run skipped: DATABASE_URL is not set');
}

describe.each(backends)('the coupon decider on the event store (%s)', (_name, openPool) => {
  let pool: SqlPool;
  let store: PostgresEventStore;
  beforeAll(async () => {
    pool = await openPool();
    await migrateToLatest(pool);
    store = new PostgresEventStore(pool);
  });
  afterAll(async () => {
    await store.close();
    await pool.end();
  });

  it('places a coupon, then of ten concurrent cancellations exactly one refunds', async () => {
    const couponId = randomUUID();
    const stream = `coupon-${couponId}`;
    const commands = new StreamCommands(store);
    const placed = await commands.run(
      stream,
      couponDecider,
      { type: 'PlaceCoupon', couponId, userId: 'u-1', now: NOW, selections, systemSizes: [], stake: 1000, oddChangeOk: false } satisfies CouponCommand,
      meta(),
      () => context,
    );
    expect(placed).toMatchObject({ ok: true, events: [{ type: 'CouponPlaced' }] });

    // Each request has its own runner (as separate api processes would), so only the store arbitrates.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        new StreamCommands(store).run(stream, couponDecider, { type: 'CancelCoupon', couponId, now: '2026-11-21T12:01:00.000Z' } satisfies CouponCommand, meta(), () => context),
      ),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => (o.ok ? null : o.error.code))).toEqual(Array(9).fill('couponNotWaiting'));
    const events = await store.readStream(stream);
    expect(events.map((e) => e.type)).toEqual(['CouponPlaced', 'CouponCancelled']);
    expect(events[1]!.data).toMatchObject({ refund: 1000 });
    expect((await store.verifyStream(stream)).ok).toBe(true);
  });

  it('refuses with the domain error and writes nothing when a rule is broken', async () => {
    const couponId = randomUUID();
    const commands = new StreamCommands(store);
    const outcome = await commands.run(
      `coupon-${couponId}`,
      couponDecider,
      { type: 'PlaceCoupon', couponId, userId: 'u-1', now: NOW, selections: selections.map((s) => ({ ...s, odds: s.odds - 50 })), systemSizes: [], stake: 1000, oddChangeOk: false } satisfies CouponCommand,
      meta(),
      () => context,
    );
    expect(outcome).toMatchObject({ ok: false, error: { code: 'rateChanged' } });
    expect(await store.readStream(`coupon-${couponId}`)).toEqual([]);
  });

  it('reports the revision it appended at, keeps the fold for peek, and runNew on an existing stream decides again on it', async () => {
    const couponId = randomUUID();
    const stream = `coupon-${couponId}`;
    const place = { type: 'PlaceCoupon', couponId, userId: 'u-1', now: NOW, selections, systemSizes: [], stake: 1000, oddChangeOk: false } satisfies CouponCommand;
    const commands = new StreamCommands(store);
    expect(await commands.runNew(stream, couponDecider, place, meta(), context)).toMatchObject({ ok: true, revision: 0n });
    expect(commands.peek(stream, couponDecider)).toMatchObject({ revision: 0n, state: { status: 'waiting' } });

    // Another process's runner: runNew finds the stream taken and falls back to reading it.
    const other = new StreamCommands(store);
    expect(other.peek(stream, couponDecider)).toBeUndefined();
    expect(await other.runNew(stream, couponDecider, place, meta(), context)).toMatchObject({ ok: false, error: { code: 'couponAlreadyPlaced' } });
    const cancelled = await other.run(stream, couponDecider, { type: 'CancelCoupon', couponId, now: '2026-11-21T12:01:00.000Z' } satisfies CouponCommand, meta(), () => context);
    expect(cancelled).toMatchObject({ ok: true, revision: 1n, events: [{ type: 'CouponCancelled' }] });

    // The first runner's fold is behind now: its cached refusal is checked against a fresh read.
    expect(await commands.run(stream, couponDecider, { type: 'CancelCoupon', couponId, now: '2026-11-21T12:02:00.000Z' } satisfies CouponCommand, meta(), () => context)).toMatchObject({
      ok: false,
      error: { code: 'couponNotWaiting' },
    });
    expect((await commands.load(stream, couponDecider)).revision).toBe(1n);
    commands.release(stream);
    expect(commands.peek(stream, couponDecider)).toBeUndefined();
  });
});
