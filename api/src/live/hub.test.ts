import { testBackends, type TestStorage } from '@kupon/projections/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFrame, type ServerFrame } from './frames';
import { LiveHub, type LiveHubOptions } from './hub';
import { LiveOddsBook } from './odds-book';
import { livePlugin } from './plugin';
import { fixture, KICKOFF, LiveClient, MatchWriter, oneXTwo, playing } from './testing';

type Upd = Extract<ServerFrame, { t: 'upd' }>;
type Snap = Extract<ServerFrame, { t: 'snap' }>;
const isSnap = (m: string) => (f: ServerFrame): f is Snap => f.t === 'snap' && f.m === m;
const isUpd = (m: string, seq?: number) => (f: ServerFrame): f is Upd => f.t === 'upd' && f.m === m && (seq === undefined || f.seq >= seq);
const IN_PLAY = () => new Date(Date.parse(KICKOFF) + 10 * 60_000);

interface ApiProcess {
  readonly app: FastifyInstance;
  readonly book: LiveOddsBook;
  readonly hub: LiveHub;
  readonly url: string;
}

/** One api process's live side: its own odds book following the store, its own hub and server. */
async function apiProcess(storage: TestStorage, options: LiveHubOptions = {}): Promise<ApiProcess> {
  const book = new LiveOddsBook(storage.store);
  book.start();
  const hub = new LiveHub(book, { clock: IN_PLAY, ...options });
  const app = Fastify();
  await app.register(livePlugin, { hub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, book, hub, url: `ws://127.0.0.1:${port}/live` };
}

/** A socket the test controls: how much it has unsent, whether it answers pings. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: ServerFrame[] = [];
  terminated = false;
  send(data: Buffer): void {
    this.sent.push(decodeFrame(data) as ServerFrame);
  }
  ping(): void {}
  close(): void {
    this.readyState = 3;
  }
  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
  receive(frame: object): void {
    this.emit('message', Buffer.from(JSON.stringify(frame)), false);
  }
}

for (const backend of testBackends) {
  describe(`live hub on ${backend.name}`, () => {
    let storage: TestStorage;
    let api: ApiProcess;
    let writer: MatchWriter;
    let counter = 0;
    const newMatch = async (sportId: 1 | 2 = 1) => {
      const id = `live-${++counter}`;
      await writer.create(fixture(id, sportId));
      await writer.odds(id, oneXTwo(2_000));
      await writer.state(id, playing(10));
      return id;
    };

    beforeAll(async () => {
      storage = await backend.open();
      writer = new MatchWriter(storage.store);
      api = await apiProcess(storage);
    });

    afterAll(async () => {
      await api.app.close();
      await api.book.stop();
      await storage.close();
    });

    it('sends a snapshot on subscribe, then numbered deltas with the new odds and score', async () => {
      const id = await newMatch();
      await api.book.caughtUp();
      const client = new LiveClient(api.url);
      await client.opened;
      client.send({ t: 'sub', match: id });
      const snap = await client.next(isSnap(id));
      expect(snap.match).toMatchObject({ home: 'Ev', away: 'Deplasman', matchstatus: '1p', time: 10, betstatus: 'open', score: [0, 0] });
      expect(snap.odds).toContainEqual([1, '1', '', 1, 2_000]);

      await writer.stop(id);
      // Changes that reach the hub in one turn go out as one update with the latest values (a stop
      // reopened at once is just open): wait for the stop before the next change.
      const stopped = await client.next(isUpd(id, snap.seq + 1));
      expect(stopped.match?.betstatus).toBe('stopped');
      await writer.state(id, playing(11, 1, 0));
      await writer.odds(id, oneXTwo(1_450, 4_000, 6_500));
      const last = await client.next(isUpd(id, snap.seq + 3));
      const updates = client.updates(id);
      expect(updates[0]!.from).toBe(snap.seq + 1);
      for (let i = 1; i < updates.length; i++) expect(updates[i]!.from).toBe(updates[i - 1]!.seq + 1);
      expect(updates.some((u) => JSON.stringify(u.match?.score) === '[1,0]')).toBe(true);
      expect(last.odds).toContainEqual([1, '1', '', 1, 1_450]);
      client.close();
      expect(await client.closed).toBe(1000);
    });

    it('a sport subscription gets the live matches of that sport, and an end when one finishes', async () => {
      const football = await newMatch(1);
      const basketball = await newMatch(2);
      await api.book.caughtUp();
      const client = new LiveClient(api.url);
      await client.opened;
      client.send({ t: 'sub', sport: 1 });
      await client.next(isSnap(football));
      expect(client.frames.some((f) => f.t === 'snap' && f.m === basketball)).toBe(false);
      await writer.state(football, playing(90, 2, 1, 'ended'));
      const end = await client.next((f): f is Extract<ServerFrame, { t: 'end' }> => f.t === 'end' && f.m === football);
      expect(end.seq).toBe(client.updates(football).at(-1)!.seq);
      client.close();
    });

    it('a client that sees a gap asks for a resync and gets the current state', async () => {
      const id = await newMatch();
      await api.book.caughtUp();
      const client = new LiveClient(api.url);
      await client.opened;
      client.send({ t: 'sub', match: id });
      const snap = await client.next(isSnap(id));
      client.dropNext = 1;
      await writer.odds(id, oneXTwo(2_100));
      // Let the hub send that change on its own before the next one: applied together they would go
      // out as one coalesced update, the one the client drops, and no later update would show the gap.
      await api.book.caughtUp();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await writer.odds(id, oneXTwo(2_200));
      const after = await client.next(isUpd(id));
      // The first update was lost: the next one does not follow the snapshot.
      expect(after.from).toBeGreaterThan(snap.seq + 1);
      const count = client.frames.length;
      client.send({ t: 'resync', m: id });
      const fresh = await client.next(isSnap(id), count);
      expect(fresh.seq).toBe(after.seq);
      expect(fresh.odds).toContainEqual([1, '1', '', 1, 2_200]);
      client.close();
    });

    it('refuses a malformed frame with an error key and keeps the connection', async () => {
      const client = new LiveClient(api.url);
      await client.opened;
      client.send({ t: 'sub', sport: 'football' });
      expect(await client.next((f) => f.t === 'err')).toEqual({ t: 'err', error: 'badFrame|sport' });
      client.send({ t: 'ping' });
      await client.next((f) => f.t === 'pong');
      client.close();
    });

    it('a slow client gets the latest value per outcome in one update, its backlog bounded by what it follows', async () => {
      const id = await newMatch();
      await api.book.caughtUp();
      const socket = new FakeSocket();
      api.hub.accept(socket as unknown as WebSocket);
      socket.receive({ t: 'sub', match: id });
      await new Promise((resolve) => setImmediate(resolve));
      const snap = socket.sent.find((f): f is Snap => f.t === 'snap')!;
      socket.bufferedAmount = 10_000_000;
      const sentBefore = socket.sent.length;
      for (let i = 1; i <= 40; i++) await writer.odds(id, oneXTwo(2_000 + i * 10, 3_300 + (i % 2)));
      await api.book.caughtUp();
      await new Promise((resolve) => setImmediate(resolve));
      expect(socket.sent.length).toBe(sentBefore);
      expect(api.hub.pendingOf(socket as unknown as WebSocket)).toEqual({ matches: 1, outcomes: 3 });

      socket.bufferedAmount = 0;
      const drained = await new Promise<Upd>((resolve) => {
        const timer = setInterval(() => {
          const frame = socket.sent.slice(sentBefore).find((f): f is Upd => f.t === 'upd');
          if (!frame) return;
          clearInterval(timer);
          resolve(frame);
        }, 5);
      });
      expect(socket.sent.slice(sentBefore).filter((f) => f.t === 'upd')).toHaveLength(1);
      expect(drained.from).toBe(snap.seq + 1);
      expect(drained.seq).toBe(snap.seq + 40);
      expect(drained.odds).toEqual([
        [1, '1', '', 1, 2_400],
        [1, 'X', '', 1, 3_300],
        [1, '2', '', 1, 3_600],
      ]);
    });

    it('drops a client that stops answering heartbeats', async () => {
      const hub = new LiveHub(api.book, { heartbeatMs: 20 });
      const socket = new FakeSocket();
      hub.accept(socket as unknown as WebSocket);
      await new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (!socket.terminated) return;
          clearInterval(timer);
          resolve();
        }, 5);
      });
      expect(socket.sent.filter((f) => f.t === 'hb').length).toBeGreaterThanOrEqual(1);
      await hub.close();
    });

    it('two api processes following the same store send the same frames', async () => {
      const other = await apiProcess(storage);
      try {
        const id = await newMatch();
        await Promise.all([api.book.caughtUp(), other.book.caughtUp()]);
        const clients = [new LiveClient(api.url), new LiveClient(other.url)];
        await Promise.all(clients.map((c) => c.opened));
        for (const c of clients) c.send({ t: 'sub', match: id });
        const snaps = await Promise.all(clients.map((c) => c.next(isSnap(id))));
        expect(snaps[0]).toEqual(snaps[1]);
        await writer.state(id, playing(12, 0, 1));
        await writer.odds(id, oneXTwo(3_000, 3_200, 2_300));
        const target = snaps[0]!.seq + 2;
        await Promise.all(clients.map((c) => c.next(isUpd(id, target))));
        const merged = (c: LiveClient) => c.updates(id).reduce((acc, u) => ({ seq: u.seq, match: { ...acc.match, ...u.match }, odds: [...acc.odds, ...(u.odds ?? [])] }), { seq: 0, match: {}, odds: [] as unknown[] });
        expect(merged(clients[0]!)).toEqual(merged(clients[1]!));
        for (const c of clients) c.close();
      } finally {
        await other.app.close();
        await other.book.stop();
      }
    });

    it('closes every socket with 1000 when the api shuts down', async () => {
      const extra = await apiProcess(storage);
      const client = new LiveClient(extra.url);
      await client.opened;
      await extra.app.close();
      await extra.book.stop();
      expect(await client.closed).toBe(1000);
    });
  });
}
