/**
 * bench/live: feed-to-client latency of the /live hub. A writer appends odds changes to the event
 * store at LIVE_RATE per second (default 2,000) over 100 live matches; this process's odds book
 * follows the store and its hub fans out to LIVE_CLIENTS WebSocket clients (default 1,000 and 5,000)
 * run by a separate process (live-clients.ts) on loopback. Latency is the client's receive time
 * minus the event's time. PostgreSQL (DATABASE_URL, default postgres://root@127.0.0.1:5432/test) in
 * a schema of its own. Prints one table and writes bench/results/live.md.
 */
import { LiveHub, livePlugin, LiveOddsBook } from '@kupon/api/live';
import { INITIAL_SCOREBOARD, type Fixture, type MarketOffer } from '@kupon/domain';
import { createPgPool, type NewEvent, PostgresEventStore } from '@kupon/eventstore';
import { migrateToLatest } from '@kupon/projections';
import Fastify from 'fastify';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { log, sleep, writeResult } from './eventstore/common';
import { machineLine, measureMachine } from './machine';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
// Measured first, on the quiet machine, so the figures below can be read against it.
const machine = await measureMachine(DATABASE_URL);
const RATE = Number(process.env.LIVE_RATE ?? 2_000);
const CLIENTS = (process.env.LIVE_CLIENTS ?? '1000,5000').split(',').map(Number);
const SECONDS = Number(process.env.LIVE_SECONDS ?? 15);
const MATCHES = 100;

function event(type: string, data: object): NewEvent {
  const id = randomUUID();
  return { id, type, data: data as never, metadata: { correlationId: id, causationId: id, actor: { userId: 'feed', role: 'feed' }, at: new Date().toISOString(), schemaVersion: 1 } };
}

function market(tick: number): MarketOffer {
  const wobble = tick % 50;
  return {
    market: 'FT_1X2',
    special: '',
    status: 'active',
    outcomes: [
      { outcome: '1', odds: 2_000 + wobble, active: true },
      { outcome: 'X', odds: 3_300 - wobble, active: true },
      { outcome: '2', odds: 3_600 + wobble, active: true },
    ],
  };
}

const schema = `bench_live_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = createPgPool({ connectionString: DATABASE_URL, max: 1 });
await admin.query(`create schema ${schema}`);
const pool = createPgPool({ connectionString: DATABASE_URL, schema, max: 20 });
const rows: string[] = [];
try {
  await migrateToLatest(pool);
  const store = new PostgresEventStore(pool);
  for (let m = 0; m < MATCHES; m++) {
    const matchId = `bench-${m}`;
    const fixture: Fixture = {
      matchId,
      sportId: 1,
      category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
      tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
      home: { id: `${matchId}-h`, name: { tr: 'Ev', en: 'Home' } },
      away: { id: `${matchId}-a`, name: { tr: 'Dep', en: 'Away' } },
      startsAt: new Date(Date.now() - 20 * 60_000).toISOString(),
      liveCoverage: true,
    };
    await store.append(
      `match-${matchId}`,
      [
        event('FixtureCreated', fixture),
        event('MatchStateChanged', { matchId, state: { ...INITIAL_SCOREBOARD, status: '1p', minute: 20 }, at: fixture.startsAt }),
        event('OddsChanged', { matchId, markets: [market(0)], at: fixture.startsAt }),
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  const book = new LiveOddsBook(store);
  book.start();
  await book.caughtUp();
  const hub = new LiveHub(book);
  const app = Fastify();
  await app.register(livePlugin, { hub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/live`;

  let tick = 0;
  for (const clients of CLIENTS) {
    log(`${clients} clients connecting`);
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./live-clients.ts', import.meta.url)), url, String(clients), String(MATCHES)], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    await lines.next(); // ready
    child.stdin!.write('start\n');
    const framesBefore = hub.stats.framesSent;
    const coalescedBefore = hub.stats.coalesced;
    log(`${clients} clients: ${RATE} odds changes/s for ${SECONDS} s`);
    const started = Date.now();
    let written = 0;
    let issued = 0;
    // Like the feed ingestor: one append in flight per match, carrying every change due for it.
    const due = new Array<number>(MATCHES).fill(0);
    const busy = new Set<number>();
    const inFlight = new Set<Promise<unknown>>();
    while (Date.now() - started < SECONDS * 1000) {
      const target = Math.floor(((Date.now() - started) / 1000) * RATE);
      for (; issued < target; issued++) due[issued % MATCHES]!++;
      for (let m = 0; m < MATCHES; m++) {
        const count = due[m]!;
        if (count === 0 || busy.has(m)) continue;
        due[m] = 0;
        busy.add(m);
        const matchId = `bench-${m}`;
        const events = Array.from({ length: count }, () => event('OddsChanged', { matchId, markets: [market(++tick)], at: new Date().toISOString() }));
        const append = store.append(`match-${matchId}`, events, { expectedRevision: 'any' }).then(() => {
          written += count;
          busy.delete(m);
        });
        inFlight.add(append);
        void append.finally(() => inFlight.delete(append));
      }
      await sleep(2);
    }
    await Promise.all(inFlight);
    const elapsed = (Date.now() - started) / 1000;
    await sleep(1_000);
    child.stdin!.write('report\n');
    const report = JSON.parse(((await lines.next()).value as string) ?? '{}') as { updates: number; p50: number; p99: number; max: number; bytesPerUpdate: number; gaps: number };
    rows.push(
      `| ${clients.toLocaleString('en')} | ${Math.round(written / elapsed).toLocaleString('en')} | ${report.updates.toLocaleString('en')} | ${(hub.stats.framesSent - framesBefore).toLocaleString('en')} | ${(hub.stats.coalesced - coalescedBefore).toLocaleString('en')} | ${report.p50} ms | ${report.p99} ms | ${report.max} ms | ${report.bytesPerUpdate.toFixed(0)} | ${report.gaps} |`,
    );
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await app.close();
  await book.stop();
  await store.close();
} finally {
  await pool.end();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
const table = [
  '| clients | odds changes/s written | updates received | frames sent | coalesced | p50 | p99 | max | bytes/update | gaps |',
  '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...rows,
].join('\n');
const note = `Each client follows one of ${MATCHES} live matches; latency = client receive time − event time (ms clock, same machine). PostgreSQL, one api process, clients in a second process on loopback, 2-core machine shared with other work. Target: p99 ≤ 50 ms at 5,000 clients.`;
writeResult('live', [table, note, machineLine(machine)]);
