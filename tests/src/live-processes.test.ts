import type { ServerFrame } from '@kupon/api/live';
import { fixture, LiveClient, MatchWriter, oneXTwo, playing } from '@kupon/api/live/testing';
import { createPgPool, PostgresEventStore } from '@kupon/eventstore';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, skippedWithoutPostgres, startApiProcess } from './api-process';

type Snap = Extract<ServerFrame, { t: 'snap' }>;
type Upd = Extract<ServerFrame, { t: 'upd' }>;
const isSnap = (m: string) => (f: ServerFrame): f is Snap => f.t === 'snap' && f.m === m;
const isUpd = (m: string) => (f: ServerFrame): f is Upd => f.t === 'upd' && f.m === m;
/** The odd of outcome `outcome` of the 1X2 market in a frame's odds lines. */
const oddOf = (frame: Snap | Upd, outcome: string) => frame.odds?.find((line) => line[0] === 1 && line[1] === outcome)?.[4];

const databaseUrl = process.env.DATABASE_URL;
const KICKED_OFF = new Date(Date.now() - 10 * 60_000).toISOString();

/**
 * Issue 6 item 4: every api process follows the event store, so two real `npm start` processes on one
 * PostgreSQL serve the same `/live` frames for the same odds change; and a client that unsubscribes
 * hears no more of that match. Several processes need a shared PostgreSQL (PGlite is single-process).
 */
if (!databaseUrl) {
  skippedWithoutPostgres('live fan-out over two api processes', 'two api processes share one PostgreSQL (PGlite is single-process)');
} else {
  describe('live fan-out over two api processes (PostgreSQL)', () => {
    const schema = `live_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
    let pool: ReturnType<typeof createPgPool>;
    let store: PostgresEventStore;
    let writer: MatchWriter;
    let first: ApiProcess;
    let second: ApiProcess;
    const clients: LiveClient[] = [];

    beforeAll(async () => {
      await admin.query(`create schema ${schema}`);
      const env = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, FEED: 'off' };
      // One after the other: the first migrates and seeds the demo brands, the second finds them.
      first = await startApiProcess(env);
      second = await startApiProcess({ ...env, KUPON_SEED: '0' });
      pool = createPgPool({ connectionString: databaseUrl, schema, max: 2 });
      store = new PostgresEventStore(pool);
      writer = new MatchWriter(store, new Date().toISOString());
    }, 180_000);

    afterAll(async () => {
      for (const client of clients) client.close();
      await Promise.all([first?.stop(), second?.stop()]);
      await store?.close();
      await pool?.end();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }, 60_000);

    const connect = async (api: ApiProcess, query = '') => {
      const client = new LiveClient(`${api.url.replace(/^http/, 'ws')}/live${query}`);
      clients.push(client);
      await client.opened;
      await client.next((f) => f.t === 'hello');
      return client;
    };
    const liveMatch = async (id: string) => {
      await writer.create(fixture(id, 1, KICKED_OFF));
      await writer.odds(id, oneXTwo(2_000));
      await writer.state(id, playing(10));
    };

    it('both processes send the same numbered update for one odds change', async () => {
      const id = `two-${randomUUID().slice(0, 8)}`;
      await liveMatch(id);
      const a = await connect(first);
      const b = await connect(second);
      for (const client of [a, b]) client.send({ t: 'sub', match: id });
      const [snapA, snapB] = await Promise.all([a.next(isSnap(id)), b.next(isSnap(id))]);
      expect(snapA.seq).toBe(snapB.seq);

      await writer.odds(id, oneXTwo(2_150));
      const [updA, updB] = await Promise.all([a.next(isUpd(id)), b.next(isUpd(id))]);
      expect(updA).toEqual(updB);
      expect(updA.from).toBe(snapA.seq + 1);
      expect(oddOf(updA, '1')).toBe(2_150);
    }, 60_000);

    it('after unsubscribe a client hears nothing more of that match', async () => {
      const gone = `unsub-${randomUUID().slice(0, 8)}`;
      const kept = `kept-${randomUUID().slice(0, 8)}`;
      await liveMatch(gone);
      await liveMatch(kept);
      const client = await connect(first);
      client.send({ t: 'sub', match: gone });
      client.send({ t: 'sub', match: kept });
      await Promise.all([client.next(isSnap(gone)), client.next(isSnap(kept))]);
      await writer.odds(gone, oneXTwo(2_050));
      await client.next(isUpd(gone));

      client.send({ t: 'unsub', match: gone });
      await client.next((f) => f.t === 'unsubscribed');
      const mark = client.frames.length;
      await writer.odds(gone, oneXTwo(2_300));
      // Written after it: once this update is here, the hub has long handled the one before.
      await writer.odds(kept, oneXTwo(2_400));
      await client.next(isUpd(kept), mark);
      expect(client.frames.slice(mark).filter((f) => 'm' in f && f.m === gone)).toEqual([]);
    }, 60_000);

    it("a brand's margin set through one process prices the frames of that brand's clients on the other", async () => {
      const id = `brand-${randomUUID().slice(0, 8)}`;
      await liveMatch(id);
      const login = await fetch(`${first.url}/api/v1/sessions/operator`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-site-id': 'kupon' },
        body: JSON.stringify({ userName: 'koperator', password: 'oper1234' }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const set = await fetch(`${first.url}/api/v1/catalog-settings/entries/market/FT_1X2`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-site-id': 'kupon', cookie },
        body: JSON.stringify({ marginBp: 300 }),
      });
      expect(set.status, await set.text()).toBe(200);
      // The second process reads it from the read model (and its one-second cache): ask until it has it.
      for (;;) {
        const answer = await fetch(`${second.url}/api/v1/live/matches/${id}/odds?site_id=kupon`);
        const odds = answer.status === 200 ? ((await answer.json()) as { odds: [number, string, string, number, number][] }).odds : [];
        if (odds.find((line) => line[1] === '1')?.[4] === 1_940) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const brand = await connect(second, '?site_id=kupon');
      const plain = await connect(second, '?site_id=bahis');
      for (const client of [brand, plain]) client.send({ t: 'sub', match: id });
      const [snapBrand, snapPlain] = await Promise.all([brand.next(isSnap(id)), plain.next(isSnap(id))]);
      expect([oddOf(snapBrand, '1'), oddOf(snapPlain, '1')]).toEqual([1_940, 2_000]);
      await writer.odds(id, oneXTwo(2_100));
      const [updBrand, updPlain] = await Promise.all([brand.next(isUpd(id)), plain.next(isUpd(id))]);
      // 2.100 / 1.03 = 2.038…, on the price ladder 2.03
      expect([oddOf(updBrand, '1'), oddOf(updPlain, '1')]).toEqual([2_030, 2_100]);
      expect(updBrand.seq).toBe(updPlain.seq);
    }, 60_000);
  });
}
