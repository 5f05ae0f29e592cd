/**
 * bench/settlement: time from a `ResultRecorded` to the last coupon decided by the settlement
 * reactor and to the last payout credited to a wallet (the settlement reactor pays what it settles), with N open coupons on
 * the match (default 100,000; SETTLEMENT_COUPONS to change) held by N / 10 players, on PostgreSQL
 * (DATABASE_URL, default postgres://root@127.0.0.1:5432/test) in a schema of its own. Prints one
 * table and writes bench/results/settlement.md. PAYOUT_TIMEOUT_S (default 600) bounds the wait for
 * the payouts: what is paid by then is reported. SETTLEMENT_CONCURRENCY, SETTLEMENT_STORE_BATCHES and
 * SETTLEMENT_STORE_BATCH try other settings of the reactor and the store.
 */
import { couponStream, type Fixture, type PlacedCoupon, walletStream } from '@kupon/domain';
import { createPgPool, type NewEvent, PostgresEventStore } from '@kupon/eventstore';
import { moneyReactors, ReactorRunner, settlementReactor, StreamCommands } from '@kupon/commands';
import { migrateToLatest } from '@kupon/projections';
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { log, now, writeResult } from './eventstore/common';
import { machineLine, measureMachine } from './machine';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
// Measured first, on the quiet machine, so the figures below can be read against it.
const machine = await measureMachine(DATABASE_URL);
const COUPONS = Number(process.env.SETTLEMENT_COUPONS ?? 100_000);
const PLAYERS = Math.max(1, Math.floor(COUPONS / 10));
const PAYOUT_TIMEOUT_MS = Number(process.env.PAYOUT_TIMEOUT_S ?? 600) * 1000;
const AT = '2026-11-22T18:00:00.000Z';

function meta(): NewEvent['metadata'] {
  const id = randomUUID();
  return { correlationId: id, causationId: id, actor: { userId: 'bench', role: 'admin' }, at: AT, schemaVersion: 1 };
}

function coupon(i: number): PlacedCoupon {
  const outcome = ['1', 'X', '2'][i % 3]!;
  const odds = [2_100, 3_300, 3_500][i % 3]!;
  return {
    couponId: `b${i}`,
    userId: `p${i % PLAYERS}`,
    placedAt: '2026-11-22T17:00:00.000Z',
    couponType: 'TK',
    isLive: false,
    selections: [{ id: 's1', matchId: 'bench-match', marketId: 'FT_1X2', special: '', outcomeId: outcome, odds, seenOdds: odds, banker: false, isLive: false }],
    systemSizes: [],
    combinations: 1,
    stakePerCombination: 1_000,
    totalStake: 1_000,
    potentialPayout: odds,
    bonusPercent: 0,
    bonusRule: null,
    maxPay: 0,
    oddsChanged: false,
  };
}

const fixture: Fixture = {
  matchId: 'bench-match',
  sportId: 1,
  category: { id: 'tr', name: { tr: 'Türkiye', en: 'Turkey' } },
  tournament: { id: 'sl', name: { tr: 'Süper Lig', en: 'Super League' } },
  home: { id: 'h', name: { tr: 'Ev', en: 'Home' } },
  away: { id: 'a', name: { tr: 'Dep', en: 'Away' } },
  startsAt: AT,
  liveCoverage: true,
};

const schema = `bench_settle_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
const admin = createPgPool({ connectionString: DATABASE_URL, max: 1 });
await admin.query(`create schema ${schema}`);
const pool = createPgPool({ connectionString: DATABASE_URL, schema, max: 20 });
try {
  await migrateToLatest(pool);
  // The store's defaults unless asked (SETTLEMENT_STORE_BATCHES: es_append calls in flight; SETTLEMENT_STORE_BATCH: appends per call).
  const store = new PostgresEventStore(pool, {
    ...(process.env.SETTLEMENT_STORE_BATCHES ? { maxConcurrentBatches: Number(process.env.SETTLEMENT_STORE_BATCHES) } : {}),
    ...(process.env.SETTLEMENT_STORE_BATCH ? { maxBatchSize: Number(process.env.SETTLEMENT_STORE_BATCH) } : {}),
  });
  log(`opening ${PLAYERS} wallets`);
  let player = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (player < PLAYERS) {
        const accountId = `p${player++}`;
        const data = { accountId, ownerKind: 'player', currency: 'TRY', siteId: 'kupon', at: AT };
        await store.append(walletStream(accountId), [{ id: randomUUID(), type: 'WalletOpened', data, metadata: meta() }], { expectedRevision: 'no_stream' });
      }
    }),
  );
  log(`placing ${COUPONS} coupons on one match`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 200 }, async () => {
      while (next < COUPONS) {
        const c = coupon(next++);
        await store.append(couponStream(c.couponId), [{ id: randomUUID(), type: 'CouponPlaced', data: c as never, metadata: meta() }], { expectedRevision: 'no_stream' });
      }
    }),
  );
  // The reactor has indexed them (what it does on each CouponPlaced): load its table in one statement.
  await pool.query(
    `insert into settlement_legs (match_id, coupon_id, selection_id, market, special, outcome, placed_at)
     select 'bench-match', 'b' || i, 's1', 'FT_1X2', '', (array['1','X','2'])[i % 3 + 1], '2026-11-22T17:00:00Z' from generate_series(0, $1::int - 1) i`,
    [COUPONS],
  );
  const head = await store.headPosition();
  for (const reactor of ['settlement', 'coupon-payouts']) {
    await pool.query(`insert into reactor_checkpoints (reactor, commit_position, prepare_position) values ($1, $2, $3)`, [reactor, head.commit.toString(), head.prepare.toString()]);
  }
  await store.append('match-bench-match', [{ id: randomUUID(), type: 'FixtureCreated', data: fixture as never, metadata: meta() }], { expectedRevision: 'no_stream' });

  const settlement = new ReactorRunner({ store, pool, commands: new StreamCommands(store), reactors: [settlementReactor(pool, { concurrency: Number(process.env.SETTLEMENT_CONCURRENCY ?? 256), payouts: store })] });
  const payouts = new ReactorRunner({ store, pool, commands: new StreamCommands(store), reactors: moneyReactors(store).filter((reactor) => reactor.name === 'coupon-payouts') });
  const runner = { start: () => Promise.all([settlement.start(), payouts.start()]), stop: () => Promise.all([settlement.stop(), payouts.stop()]) };
  await runner.start();
  log('recording the result');
  const started = now();
  const result = { sportId: 1, status: 'completed', periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] };
  const appended = await store.append('match-bench-match', [{ id: randomUUID(), type: 'ResultRecorded', data: { matchId: 'bench-match', result, at: AT }, metadata: meta() }], { expectedRevision: 0n });
  await settlement.waitUntilCaughtUp(appended.position);
  const seconds = (now() - started) / 1000;
  log(`settled in ${seconds.toFixed(1)} s; waiting for the payouts`);
  // Coupons on outcome 1 (every third) win on 2:1; each gets one PayoutCredited in its player's wallet.
  const winners = Math.ceil(COUPONS / 3);
  const paidCount = async () => Number((await pool.query<{ n: string }>(`select count(*)::text as n from es_events where event_type = 'PayoutCredited'`)).rows[0]!.n);
  let paid = 0;
  while ((paid = await paidCount()) < winners && now() - started < PAYOUT_TIMEOUT_MS) await new Promise((resolve) => setTimeout(resolve, 250));
  const paidSeconds = (now() - started) / 1000;
  await runner.stop();
  const counted = await pool.query<{ type: string; n: string }>(`select event_type as type, count(*)::text as n from es_events where event_type in ('CouponSettled', 'SelectionSettled') group by event_type`).catch(() => ({ rows: [] as { type: string; n: string }[] }));
  const settled = Number(counted.rows.find((r) => r.type === 'CouponSettled')?.n ?? NaN);
  const allPaid = paid >= winners;

  const table = [
    '| open coupons on the match | coupons settled | ResultRecorded → last CouponSettled | winning coupons paid | ResultRecorded → last PayoutCredited | target |',
    '|---:|---:|---:|---:|---:|---|',
    `| ${COUPONS.toLocaleString('en')} | ${Number.isNaN(settled) ? 'n/a' : settled.toLocaleString('en')} | ${seconds.toFixed(1)} s (${Math.round(COUPONS / seconds).toLocaleString('en')}/s) | ${paid.toLocaleString('en')} of ${winners.toLocaleString('en')} | ${allPaid ? `${paidSeconds.toFixed(1)} s` : `not all within ${(PAYOUT_TIMEOUT_MS / 1000).toFixed(0)} s`} | 100,000 settled and paid in ≤ 10 s |`,
  ].join('\n');
  const note = `PostgreSQL ${DATABASE_URL.replace(/\/\/[^@]*@/, '//')}; ${PLAYERS.toLocaleString('en')} players; the settlement reactor (concurrency ${process.env.SETTLEMENT_CONCURRENCY ?? 256}) paying each coupon it decides into its wallet, the coupon-payouts reactor following behind (it finds the money moved); 2-core machine shared with other work while it ran (1-minute load average ${loadavg()[0]!.toFixed(1)} at the end).`;
  writeResult('settlement', [table, note, machineLine(machine)]);
  await store.close();
} finally {
  await pool.end();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
