/**
 * Coupons bench (issue 5, item 6): coupons placed per second over HTTP on real PostgreSQL, and the
 * stake latency of a wallet that already holds 100,000 events. One markdown table on stdout and in
 * bench/results/coupons.md; progress on stderr.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/src/coupons.ts
 *
 * Knobs (env): BENCH_CONNECTIONS (64), BENCH_DURATION_S (10), BENCH_PLAYERS (64), BENCH_WALLET_EVENTS (100000),
 * BENCH_HOT_STAKES (2000), BENCH_WRITE_ONLY=1 (no projections or reactors in the process).
 *
 * The api runs in this process as in production (the app, the projection runner, the money reactors);
 * autocannon drives it through 64 keep-alive connections: single, combined and system coupons in
 * turn, each with a request id of its own, from players chosen round-robin.
 */
import { creditOpeningBalance } from '@kupon/commands';
import { buildDemoApp as buildApp, fastTestHasher, openTestApi, sessionCookie } from '@kupon/demo/testing';
import { type MatchState, oddsBookOf, type OutcomeQuote, walletDecider, walletStream } from '@kupon/domain';
import { createPgPool, PostgresEventStore } from '@kupon/eventstore';
import { derivedId, moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { migrateToLatest, ProjectionRunner, projections } from '@kupon/projections';
import autocannon from 'autocannon';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const durationS = Number(process.env.BENCH_DURATION_S ?? 10);
const playerCount = Number(process.env.BENCH_PLAYERS ?? 64);
const walletEvents = Number(process.env.BENCH_WALLET_EVENTS ?? 100_000);
const hotStakes = Number(process.env.BENCH_HOT_STAKES ?? 2000);
const log = (text: string) => process.stderr.write(`${text}\n`);

const matches: Record<string, MatchState> = {};
const quotes: Record<string, OutcomeQuote> = {};
for (let m = 1; m <= 40; m++) {
  matches[`m${m}`] = { phase: 'not_started', startsAt: '2099-01-01T18:00:00.000Z' };
  for (const [outcome, odds] of [['1', 1850], ['X', 3400], ['2', 4100]] as const) quotes[`m${m}|FT_1X2||${outcome}`] = { odds, suspended: false, hidden: false, limits: null };
}
/** The bench's odds book: 40 matches, 1X2. */
const book = oddsBookOf(matches, quotes);
const tip = (m: number, outcomeId: '1' | 'X' | '2') => ({ matchId: `m${m}`, marketId: 'FT_1X2', special: '', outcomeId, odds: { '1': 1850, X: 3400, '2': 4100 }[outcomeId], banker: false, isLive: false });

/** Single, combined (3 legs), system 2/3 and 3/4 of 4 legs (10 tickets). */
function couponBody(n: number): object {
  const base = (n * 7) % 36;
  const requestId = `bench-${n}-${randomUUID().slice(0, 8)}`;
  switch (n % 3) {
    case 0:
      return { requestId, tips: [tip(base + 1, '1')], totalStake: 1_000 };
    case 1:
      return { requestId, tips: [tip(base + 1, '1'), tip(base + 2, 'X'), tip(base + 3, '2')], totalStake: 1_000 };
    default:
      return { requestId, tips: [tip(base + 1, '1'), tip(base + 2, 'X'), tip(base + 3, '2'), tip(base + 4, '1')], systemTickets: [2, 3], totalStake: 1_000 };
  }
}

async function main(): Promise<void> {
  const schema = `bench_coupons_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const admin = createPgPool({ connectionString: databaseUrl, max: 1 });
  await admin.query(`create schema ${schema}`);
  const pool = createPgPool({ connectionString: databaseUrl, schema, max: 24 });
  try {
    await migrateToLatest(pool);
    const store = new PostgresEventStore(pool);
    log(`schema ${schema}: seeding ${playerCount} players`);
    const seeded = await openTestApi({ store, pool });
    const { services } = seeded;
    await seeded.close();
    const commands = new StreamCommands(store);
    const runner = new ProjectionRunner({ store, pool, projections });
    const reactors = new ReactorRunner({ store, pool, commands, reactors: moneyReactors(store) });
    // BENCH_WRITE_ONLY=1: no projections or reactors in this process (to see what the read side costs the writes).
    const writeOnly = process.env.BENCH_WRITE_ONLY === '1';
    if (!writeOnly) {
      await runner.start();
      await reactors.start();
    }
    const app = buildApp({ store, pool, passwords: fastTestHasher, money: { commands, odds: book } });

    const cookies: string[] = [];
    for (let i = 0; i < playerCount; i++) {
      const userName = `bench${String(i).padStart(4, '0')}`;
      const opened = await services.accounts.open({
        siteId: 'kupon',
        role: 'player',
        form: { userName, password: 'bench123', passwordRepeat: 'bench123', firstName: 'Bench', lastName: `Player ${i}`, currency: 'TRY', lang: 'tr' },
        rules: { mobileRequired: false, idNumberRequired: false, personalDetailsRequired: false, emailRequired: false },
        parent: null,
        activation: null,
        actor: { userId: 'bench', role: 'system' },
        correlationId: `bench-${i}`,
      });
      if (!opened.ok) throw new Error(`open ${userName}: ${opened.error.code}`);
      await creditOpeningBalance({ commands, clock: () => new Date() }, (await services.accounts.load(opened.userId))!, 'TRY', 1_000_000_000);
      // Each player logs in from an address of its own: the login rate limit counts per address.
      const login = await app.inject({ method: 'POST', url: '/api/v1/sessions', headers: { 'x-site-id': 'kupon' }, remoteAddress: `10.9.${i >> 8}.${i & 255}`, payload: { userName, password: 'bench123' } });
      if (login.statusCode !== 200) throw new Error(`login ${userName}: ${login.statusCode} ${login.body}`);
      cookies.push(sessionCookie(login)!);
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    log(`placing coupons over HTTP: ${connections} connections, ${durationS}s`);
    let n = 0;
    const refusals = new Map<string, number>();
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections,
      duration: durationS,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/coupons',
          setupRequest: (request) => {
            const i = n++;
            return { ...request, headers: { ...request.headers, 'content-type': 'application/json', 'x-site-id': 'kupon', cookie: `kupon_sid=${cookies[i % cookies.length]}` }, body: JSON.stringify(couponBody(i)) };
          },
          onResponse: (status, body) => {
            if (status === 200) return;
            const key = `${status} ${(/"error":"([^"]*)"/.exec(body) ?? [])[1] ?? body.slice(0, 40)}`;
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          },
        },
      ],
    });
    await app.close();
    await reactors.stop();
    await runner.stop();

    log(`a wallet with ${walletEvents} past events`);
    const hot = await hotWallet(store);

    const ok = result['2xx'];
    const rows = [
      ['coupons placed over HTTP (single / combined / system in turn)', `${Math.round(result.requests.average)} /s`, `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`, `${connections} connections, ${durationS}s, ${ok} accepted, ${result.non2xx} refused${refusals.size ? ` (${[...refusals].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}, ${result.errors} errors`],
      [`stake on a wallet with ${walletEvents.toLocaleString('en')} past events (warm)`, `${Math.round(hot.rate)} /s`, `p50 ${hot.p50.toFixed(2)} ms, p99 ${hot.p99.toFixed(2)} ms`, `${hotStakes} stakes in a row; the first command after a restart folds it once: ${hot.coldMs.toFixed(0)} ms`],
    ];
    const table = [
      '| what | rate | latency | notes |',
      '|---|---|---|---|',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `Target: ≥ 3,000 coupons/s with p99 ≤ 50 ms; a 100,000-event wallet staking with p99 ≤ 5 ms. Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}, PostgreSQL at ${new URL(databaseUrl).host}, ${new Date().toISOString()}.`,
    ].join('\n');
    process.stdout.write(`${table}\n`);
    mkdirSync(resolve(here, '../results'), { recursive: true });
    writeFileSync(resolve(here, '../results/coupons.md'), `# bench/coupons\n\n${table}\n`);
  } finally {
    await pool.end();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** Appends `walletEvents` bonus credits to one wallet, then stakes on it: cold (fold once) and warm (from the folded state). */
async function hotWallet(store: PostgresEventStore): Promise<{ rate: number; p50: number; p99: number; coldMs: number }> {
  const accountId = `hot-${randomUUID()}`;
  const stream = walletStream(accountId);
  const at = new Date().toISOString();
  const meta = { correlationId: 'bench', causationId: 'bench', actor: { userId: 'bench', role: 'system' }, at, schemaVersion: 1 };
  await store.append(stream, [{ id: randomUUID(), type: 'WalletOpened', data: { accountId, ownerKind: 'player', currency: 'TRY', siteId: 'kupon', at }, metadata: meta }], { expectedRevision: 'no_stream' });
  for (let written = 0; written < walletEvents; written += 1000) {
    const batch = Array.from({ length: Math.min(1000, walletEvents - written) }, (_, i) => ({
      id: randomUUID(),
      type: 'BonusCredited',
      data: { reference: `bonus-${written + i}`, amount: 100, balance: (written + i + 1) * 100, at, bonusId: 'bench' },
      metadata: meta,
    }));
    await store.append(stream, batch, { expectedRevision: 'any' });
    if (written % 20_000 === 0) log(`  ${written} events`);
  }
  const commands = new StreamCommands(store);
  const coupon = (i: number) => ({
    couponId: `hot-${i}`,
    userId: accountId,
    placedAt: at,
    couponType: 'TK' as const,
    isLive: false,
    selections: [{ id: 's', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', odds: 1850, seenOdds: 1850, banker: false, isLive: false }],
    systemSizes: [],
    combinations: 1,
    stakePerCombination: 100,
    totalStake: 100,
    potentialPayout: 185,
    bonusPercent: 0,
    bonusRule: null,
    maxPay: 0,
    oddsChanged: false,
  });
  const stake = (i: number) =>
    commands.run(stream, walletDecider, { type: 'StakeCoupon', reference: `hot-req-${i}`, now: at, coupon: coupon(i) }, { actor: { userId: accountId, role: 'player' }, correlationId: 'bench', causationId: 'bench', at, eventId: (k) => derivedId('hot', String(i), String(k)) });
  const coldStart = performance.now();
  const first = await stake(-1);
  const coldMs = performance.now() - coldStart;
  if (!first.ok) throw new Error(`hot stake: ${first.error.code}`);
  const latencies: number[] = [];
  const started = performance.now();
  for (let i = 0; i < hotStakes; i++) {
    const t = performance.now();
    const outcome = await stake(i);
    latencies.push(performance.now() - t);
    if (!outcome.ok) throw new Error(`hot stake: ${outcome.error.code}`);
  }
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { rate: (hotStakes * 1000) / elapsed, p50: latencies[Math.floor(latencies.length * 0.5)]!, p99: latencies[Math.floor(latencies.length * 0.99)]!, coldMs };
}

await main();
