import { createPglitePool, PostgresEventStore } from '@kupon/eventstore';
import { migrateToLatest } from '@kupon/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';

describe('GET /health', () => {
  const setup = (async () => {
    const pool = await createPglitePool();
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    return { pool, store, app: buildApp({ store, pool }) };
  })();
  let ctx: Awaited<typeof setup>;
  beforeAll(async () => {
    ctx = await setup;
  });
  afterAll(async () => {
    await ctx.app.close();
    await ctx.store.close();
    await ctx.pool.end();
  });

  it('answers ok with the store kind and the head of the log', async () => {
    const empty = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ status: 'ok', eventStore: 'pglite', database: 'pglite', head: { commit: '-1', prepare: '-1' } });

    await ctx.store.append('site-1', [{ id: crypto.randomUUID(), type: 'SiteOpened', data: {}, metadata: { correlationId: 'c', causationId: 'c', actor: { userId: 'admin', role: 'admin' }, at: '2026-11-21T00:00:00.000Z', schemaVersion: 1 } }], { expectedRevision: 'no_stream' });
    const after = await ctx.app.inject({ method: 'GET', url: '/health' });
    expect(after.json().head.prepare).toBe('1');
  });

  it('answers 503 when the database is gone', async () => {
    const pool = await createPglitePool();
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    const app = buildApp({ store, pool });
    await pool.end();
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', eventStore: 'pglite', database: 'pglite' });
    await app.close();
  });
});
