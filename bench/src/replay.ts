/**
 * bench/replay: rebuild every report projection (`reports`: general, players, dealer P&L, credit
 * history, transfers, adjustments, wagers; `liability`; `casino-report`; `identity-ip-logs`) from
 * one log of REPLAY_EVENTS events (default 1,000,000) on PostgreSQL (DATABASE_URL, default
 * postgres://root@127.0.0.1:5432/test) in a schema of its own, all four at once as finance would
 * replay them (rebuildProjections: one read of the log for all), end to end into their read tables
 * (REPLAY_ONLY=<name>,… rebuilds only those); then the report queries of a top dealer over 10,000
 * sub-accounts (20 dealers of 500 players each), p50 / p99 of REPLAY_QUERIES runs each. Prints one
 * table and writes bench/results/replay.md. KEEP_SCHEMA=1 leaves its schema (named in the log) in
 * the database to look at.
 *
 * The log is loaded with bulk INSERTs straight into es_events (what the projection reads), not
 * through append(): loading is not what is measured. The hash fields are placeholders; a replay
 * never checks them.
 */
import { walletStream } from '@kupon/domain';
import { createPgPool, PostgresEventStore } from '@kupon/eventstore';
import { accountSums, casinoReport, childrenOf, ipLogs, liability, migrateToLatest, type Projection, playersInScope, playersTotal, REBUILD_BATCH_SIZE, rebuildProjection, rebuildProjections, reports, subtreeSums } from '@kupon/projections';
import { randomUUID } from 'node:crypto';
import { log, now, percentile, sortNumbers, writeResult } from './eventstore/common';
import { machineLine, measureMachine } from './machine';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
// Measured first, on the quiet machine, so the figures below can be read against it.
const machine = await measureMachine(DATABASE_URL);
const EVENTS = Number(process.env.REPLAY_EVENTS ?? 1_000_000);
const QUERIES = Number(process.env.REPLAY_QUERIES ?? 200);
/** A rebuild's batch size as the product replays (REBUILD_BATCH_SIZE), unless REPLAY_BATCH says otherwise. */
const BATCH = Number(process.env.REPLAY_BATCH ?? REBUILD_BATCH_SIZE);
const DEALERS = 20;
const PLAYERS_PER_DEALER = 500;
const PLAYERS = DEALERS * PLAYERS_PER_DEALER;
const MATCHES = 200;
const DAYS = 30;
const SITE = 'kupon';
/** Every report finance can replay: the money reports, the book's liability, the casino report, the IP logs. */
const REPORT_PROJECTIONS: readonly Projection[] = [reports, liability, casinoReport, ipLogs].filter((p) => !process.env.REPLAY_ONLY || process.env.REPLAY_ONLY.split(',').includes(p.name));

interface Row {
  stream: string;
  revision: number;
  type: string;
  data: object;
  actor: string;
  at: string;
}

const admin = randomUUID();
const top = randomUUID();
const dealers = Array.from({ length: DEALERS }, () => randomUUID());
const players = Array.from({ length: PLAYERS }, () => randomUUID());
const revisions = new Map<string, number>();
const balances = new Map<string, number>();
const dayStart = Date.parse('2026-10-24T00:00:00.000Z');

function row(stream: string, type: string, data: object, at: string, actor = 'bench'): Row {
  const revision = revisions.get(stream) ?? 0;
  revisions.set(stream, revision + 1);
  return { stream, revision, type, data, actor, at };
}

function registered(userId: string, role: string, parentId: string | null, ancestors: string[], at: string): Row {
  return row(`user-${userId}`, 'UserRegistered', { userId, siteId: SITE, role, userName: `${role}-${userId.slice(0, 8)}`, parentId, ancestors, status: 'active', at }, at);
}

function money(accountId: string, type: string, amount: number, sign: number, extra: object, at: string): Row {
  const balance = (balances.get(accountId) ?? 0) + sign * amount;
  balances.set(accountId, balance);
  return row(walletStream(accountId), type, { reference: randomUUID(), amount, balance, at, ...extra }, at);
}

/**
 * The log, in order: the tree, the fixtures, wallets with a deposit each, then over 30 days coupons
 * as the product writes them (placed on the coupon stream, staked on the wallet, the selection and the
 * coupon settled, one in three paid), a login before one coupon in ten, and a casino round (a bet,
 * every other one won) after one coupon in five.
 */
function* log_(): Generator<Row> {
  const t0 = new Date(dayStart).toISOString();
  yield registered(admin, 'admin', null, [], t0);
  yield registered(top, 'topDealer', admin, [admin], t0);
  for (const dealer of dealers) yield registered(dealer, 'dealer', top, [admin, top], t0);
  for (let i = 0; i < PLAYERS; i++) yield registered(players[i]!, 'player', dealers[i % DEALERS]!, [admin, top, dealers[i % DEALERS]!], t0);
  for (let m = 0; m < MATCHES; m++) yield row(`match-bm${m}`, 'FixtureCreated', { matchId: `bm${m}`, sportId: [1, 2, 5][m % 3], startsAt: t0 }, t0);
  for (const player of players) {
    yield row(walletStream(player), 'WalletOpened', { accountId: player, ownerKind: 'player', currency: 'TRY', siteId: SITE, at: t0 }, t0);
    yield money(player, 'BalanceAdjusted', 1_000_000, 1, { reason: 'opening balance', byUserId: admin }, t0);
  }
  for (let c = 0; ; c++) {
    const player = players[c % PLAYERS]!;
    const at = new Date(dayStart + Math.floor((c / 230_000) * DAYS * 86_400_000) % (DAYS * 86_400_000)).toISOString();
    if (c % 10 === 0) {
      yield row(`user-${player}`, 'UserLoggedIn', { userId: player, siteId: SITE, sessionRef: randomUUID(), method: 'password', ip: `198.51.100.${c % 250}`, userAgent: 'bench', machineId: null, by: null, sessionEpoch: 0, at }, at);
    }
    const couponId = `bc${c}`;
    const matchId = `bm${c % MATCHES}`;
    const stake = 100 + (c % 50) * 10;
    const selection = { id: 's1', matchId, marketId: 'MR', special: '', outcomeId: ['1', 'X', '2'][c % 3]!, odds: 2_000 };
    yield row(`coupon-${couponId}`, 'CouponPlaced', { couponId, userId: player, siteId: SITE, placedAt: at, isLive: c % 4 === 0, totalStake: stake, potentialPayout: stake * 2, selections: [selection] }, at);
    yield money(player, 'CouponStaked', stake, -1, { coupon: { couponId, userId: player, placedAt: at, isLive: c % 4 === 0, totalStake: stake, selections: [{ id: 's1', matchId }] } }, at);
    const won = c % 3 === 0;
    yield row(`coupon-${couponId}`, 'SelectionSettled', { couponId, selectionId: 's1', result: won ? 'won' : 'lost', at }, at);
    yield row(`coupon-${couponId}`, 'CouponSettled', { couponId, status: won ? 1 : -1, winnings: won ? stake * 2 : 0, bonus: 0, payout: won ? stake * 2 : 0, at }, at);
    if (won) yield money(player, 'PayoutCredited', stake * 2, 1, { couponId }, at);
    if (c % 5 === 0) {
      const round = { provider: 'demo', serviceId: 1 + (c % 20), masterServiceId: 1, roundId: `r${c}`, transactionId: `t${c}` };
      yield money(player, 'CasinoBetPlaced', 50, -1, round, at);
      if (c % 10 === 0) yield money(player, 'CasinoWinCredited', 120, 1, { ...round, transactionId: `w${c}` }, at);
    }
  }
}

const schema = `bench_replay_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const adminPool = createPgPool({ connectionString: DATABASE_URL, max: 1 });
await adminPool.query(`create schema ${schema}`);
// Four rebuilds at once, each a subscription, its writes and its swap's index builds.
const pool = createPgPool({ connectionString: DATABASE_URL, schema, max: 24 });
try {
  await migrateToLatest(pool);
  const store = new PostgresEventStore(pool);
  // The reports a finance user replays are already served: a first build over the empty log goes
  // live at once, so the measured rebuilds fill a second build behind each and swap it in.
  for (const projection of REPORT_PROJECTIONS) await rebuildProjection({ store, pool, projection });
  log(`loading ${EVENTS.toLocaleString('en')} events`);
  const rows = log_();
  const CHUNK = 5_000;
  for (let loaded = 0; loaded < EVENTS; ) {
    const chunk: Row[] = [];
    while (chunk.length < CHUNK && loaded + chunk.length < EVENTS) chunk.push(rows.next().value as Row);
    await pool.query(
      `insert into es_events (stream_name, stream_revision, category, event_id, event_type, data, metadata)
       select * from unnest($1::text[], $2::bigint[], $3::text[], $4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[])`,
      [
        chunk.map((r) => r.stream),
        chunk.map((r) => r.revision),
        chunk.map((r) => r.stream.slice(0, r.stream.indexOf('-'))),
        chunk.map(() => randomUUID()),
        chunk.map((r) => r.type),
        chunk.map((r) => JSON.stringify(r.data)),
        chunk.map((r) => JSON.stringify({ correlationId: 'bench', causationId: 'bench', actor: { userId: r.actor, role: 'system' }, at: r.at, schemaVersion: 1, prevHash: 'bench', hash: 'bench' })),
      ],
    );
    loaded += chunk.length;
    if (loaded % 100_000 === 0) log(`  ${loaded.toLocaleString('en')}`);
  }
  await pool.query('analyze es_events');

  log(`rebuilding ${REPORT_PROJECTIONS.map((p) => `${p.name} v${p.version}`).join(', ')} at once (batches of ${BATCH})`);
  const started = now();
  // Time inside the projection's own code, to tell it from reading the log and writing: batches
  // applied whole (applyBatch), and batches folded ahead (prepareBatch, in memory; each then written
  // by the runner as one statement with its checkpoint).
  let applyMs = 0;
  let batches = 0;
  let foldMs = 0;
  let foldedAhead = 0;
  const timed: typeof reports = {
    ...reports,
    applyBatch: async (...args) => {
      const t = now();
      await reports.applyBatch!(...args);
      applyMs += now() - t;
      batches++;
    },
    prepareBatch: (...args) => {
      const t = now();
      const prepared = reports.prepareBatch!(...args);
      foldMs += now() - t;
      if (prepared) foldedAhead++;
      return prepared;
    },
  };
  const swappedAt = new Map<string, number>();
  const handles = new Map<string, number>();
  const statuses = await rebuildProjections({
    store,
    pool,
    batchSize: BATCH,
    projections: REPORT_PROJECTIONS.map((projection) => ({
      projection: projection === reports ? timed : projection,
      onStart: (plan: { total: number }) => handles.set(projection.name, plan.total),
      onProgress: (status: { state: string }) => {
        if (status.state !== 'live' || swappedAt.has(projection.name)) return;
        swappedAt.set(projection.name, (now() - started) / 1000);
        log(`  ${projection.name}: swapped in after ${swappedAt.get(projection.name)!.toFixed(1)} s`);
      },
    })),
  });
  const rebuilt = statuses.map((status) => ({ name: status.name, handles: handles.get(status.name) ?? 0, applied: status.eventsApplied, seconds: swappedAt.get(status.name) ?? 0 }));
  const seconds = (now() - started) / 1000;
  await pool.query('analyze');
  log(
    `every report rebuilt from ${EVENTS.toLocaleString('en')} events in ${seconds.toFixed(1)} s; reports: ${foldedAhead} batches folded ahead (${(foldMs / 1000).toFixed(1)} s folding), ${batches} applied whole (${(applyMs / 1000).toFixed(1)} s)`,
  );

  const time = async (label: string, query: () => Promise<unknown>) => {
    await query();
    const samples: number[] = [];
    for (let i = 0; i < QUERIES; i++) {
      const t = now();
      await query();
      samples.push(now() - t);
    }
    const sorted = sortNumbers(samples);
    log(`${label}: p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`);
    return { label, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
  };
  const scope = { siteId: SITE, dealerId: top };
  const page = { limit: 50, offset: 0 };
  const lastDay = new Date(dayStart + (DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  /** What GET /reports/dealers does: the subtree's roll-up, one page of children, their sums. */
  const dealerPnl = async (window: object) => {
    const [, children] = await Promise.all([subtreeSums(pool, SITE, [top], window), childrenOf(pool, scope, page)]);
    await subtreeSums(pool, SITE, children.accounts.map((a) => a.userId), window);
  };
  /** What GET /reports/players does: one page of the 10,000 players with their sums, and the totals line. */
  const playerReport = async (window: object) => {
    const found = await playersInScope(pool, scope, {}, page);
    await Promise.all([accountSums(pool, found.accounts.map((a) => a.userId), window), playersTotal(pool, scope, {}, window)]);
  };
  const queries = [
    await time('dealer P&L, whole history', () => dealerPnl({})),
    await time(`dealer P&L, as of ${lastDay}T12:00Z`, () => dealerPnl({ asOf: `${lastDay}T12:00:00.000Z` })),
    await time('player report page, whole history', () => playerReport({})),
  ];
  const counts = await pool.query<{ t: string; n: string }>(
    `select 'report_ledger' as t, count(*)::text as n from report_ledger union all select 'report_totals_daily', count(*)::text from report_totals_daily union all select 'report_account_daily', count(*)::text from report_account_daily`,
  );

  const rate = Math.round(EVENTS / seconds);
  const table = [
    '| figure | measured | target | result |',
    '|---|---:|---|---|',
    `| rebuild every report (${REPORT_PROJECTIONS.map((p) => `\`${p.name}\``).join(', ')}, at once) from ${EVENTS.toLocaleString('en')} events, end to end into their read tables | ${seconds.toFixed(1)} s, ${rate.toLocaleString('en')} events/s | ≥ 50,000 events/s | ${rate >= 50_000 ? 'met' : 'miss'} |`,
    ...rebuilt.map((r) => `| \`${r.name}\`: the ${r.handles.toLocaleString('en')} events it handles, swapped in after | ${r.seconds.toFixed(1)} s | – | |`),
    ...queries.map((q) => `| ${q.label}, top dealer over ${PLAYERS.toLocaleString('en')} sub-accounts (p50 / p99 of ${QUERIES}) | ${q.p50.toFixed(1)} ms / ${q.p99.toFixed(1)} ms | p99 ≤ 100 ms | ${q.p99 <= 100 ? 'met' : 'miss'} |`),
  ].join('\n');
  const note = [
    `PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}; ${PLAYERS.toLocaleString('en')} players under ${DEALERS} dealers under one top dealer; ${MATCHES} matches; coupons over ${DAYS} days (placed, staked, selection and coupon settled, one in three paid), a login before one coupon in ten, a casino round after one in five. Batches of ${BATCH} events${BATCH === REBUILD_BATCH_SIZE ? " (a rebuild's, as the product replays)" : ' (REPLAY_BATCH)'}, each folded in memory and written with its checkpoint in one set-based statement (each table's rows as one JSON array of arrays). The build fills behind the one serving (over the empty log) and swaps in: its readers' indexes are built once it has caught up (side by side on three connections, before the swap's transaction), and its batches commit without waiting for the disk (a crash replays them).`,
    `Of the rebuild of \`reports\`: ${foldedAhead} batches were folded in memory (${(foldMs / 1000).toFixed(1)} s, each while the batch before it was being written) and each written with its checkpoint as one statement, ${batches} batches were applied whole in a transaction, reading what they did not carry (${(applyMs / 1000).toFixed(1)} s); the rest is the database writing, reading the log through the store's subscription, and the swap (the readers' indexes built over the filled tables). \`liability\` folds ahead in the same way; \`casino-report\` and \`identity-ip-logs\` apply each batch whole in its transaction.`,
    `Rows built: ${counts.rows.map((r) => `${r.t} ${Number(r.n).toLocaleString('en')}`).join(', ')}.`,
    'The log is bulk-loaded into es_events (not appended through the store; placeholder hashes): loading is not measured.',
  ].join(' ');
  writeResult('replay', [table, note, machineLine(machine)]);
  await store.close();
} finally {
  await pool.end();
  if (process.env.KEEP_SCHEMA) log(`schema ${schema} kept`);
  else await adminPool.query(`drop schema ${schema} cascade`);
  await adminPool.end();
}
