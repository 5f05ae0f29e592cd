/**
 * Event store bench (issue 2, item 7): one run, one markdown table on stdout, the same table plus
 * diagnostics in bench/results/eventstore.md. Progress on stderr.
 *
 *   npm run bench:eventstore                       (root)
 *   DATABASE_URL=postgres://… npm run eventstore   (bench/)
 *
 * Knobs (env): BENCH_WARMUP_MS (1000), BENCH_MEASURE_MS (5000, split over the rounds),
 * BENCH_ROUNDS (2), BENCH_REPLAY_EVENTS (100000), BENCH_SKIP_PGLITE=1, BENCH_SKIP_EMMETT=1,
 * BENCH_BATCHES (es_append calls in flight on PostgreSQL; the store's default when unset).
 *
 * The machine is shared: to keep background load from favouring one contender, every append cell
 * runs as rounds of ours → raw → Emmett back to back, and each contender's rounds are summed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { log, mergeWindows, schemaName, type WindowOptions, type WindowResult } from './eventstore/common';
import type { EmmettCell, EmmettInput } from './eventstore/emmett-child';
import { type AppendCallSummary, type Backend, fill, lag, type LagResult, openOurs, oursDistinct, oursHot, type OursAppendResult, replay, summariseCalls } from './eventstore/ours';
import { rawInsert } from './eventstore/raw';

const here = dirname(fileURLToPath(import.meta.url));
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/test';
const warmupMs = Number(process.env.BENCH_WARMUP_MS ?? 1000);
const measureMs = Number(process.env.BENCH_MEASURE_MS ?? 5000);
const replayEvents = Number(process.env.BENCH_REPLAY_EVENTS ?? 100_000);
const replayPage = 5000;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const skipPglite = process.env.BENCH_SKIP_PGLITE === '1';
const skipEmmett = process.env.BENCH_SKIP_EMMETT === '1';
/** es_append calls in flight on PostgreSQL (the store's default when unset). */
const batches = process.env.BENCH_BATCHES ? Number(process.env.BENCH_BATCHES) : undefined;

type CellKey = 'd1' | 'd8' | 'd64' | 'hot8';
const CELLS: ReadonlyArray<{ key: CellKey; writers: number; mode: 'distinct' | 'hot'; label: string }> = [
  { key: 'd1', writers: 1, mode: 'distinct', label: 'append, 1 writer, distinct streams' },
  { key: 'd8', writers: 8, mode: 'distinct', label: 'append, 8 writers, distinct streams' },
  { key: 'd64', writers: 64, mode: 'distinct', label: 'append, 64 writers, distinct streams' },
  { key: 'hot8', writers: 8, mode: 'hot', label: "append, 8 writers, one hot stream ('any')" },
];

const windowOf = (writers: number): WindowOptions => ({ writers, warmupMs, measureMs });
const roundWindowOf = (writers: number): WindowOptions => ({ writers, warmupMs, measureMs: measureMs / rounds });

/** A contender's rounds of one cell, merged. */
interface Cell {
  readonly result: WindowResult;
  readonly calls: AppendCallSummary | null;
}

function mergeOurs(list: readonly OursAppendResult[]): Cell {
  return { result: mergeWindows(list), calls: summariseCalls(list.map((r) => r.calls)) };
}

function mergePlain(list: readonly WindowResult[]): Cell {
  return { result: mergeWindows(list), calls: null };
}

interface ReplayFigures {
  readonly fillSeconds: number;
  readonly passes: ReadonlyArray<{ events: number; seconds: number; eventsPerSec: number; pages: number; slowestPageMs: number }>;
  readonly best: number;
}

interface BackendFigures {
  replay?: ReplayFigures;
  lag?: LagResult;
}

async function oursCell(backend: Backend, cell: (typeof CELLS)[number], window: WindowOptions): Promise<OursAppendResult> {
  const schema = schemaName(`ours_${cell.key}`);
  const opened = await openOurs(backend, cell.key, schema, batches && backend.kind !== 'pglite' ? { maxConcurrentBatches: batches } : {});
  try {
    return cell.mode === 'hot' ? await oursHot(opened, window, `match-${schema.slice(-6)}hot`) : await oursDistinct(opened, window, `wallet-${schema.slice(-6)}`);
  } finally {
    await opened.close();
  }
}

async function replayAndLag(backend: Backend): Promise<BackendFigures> {
  const name = backend.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const figures: BackendFigures = {};
  log(`ours on ${name}: filling ${replayEvents} events for replay …`);
  const schema = schemaName('ours_replay');
  const opened = await openOurs(backend, 'replay', schema);
  try {
    const filled = await fill(opened, replayEvents, 20, `wallet-${schema.slice(-6)}`);
    log(`ours on ${name}: filled in ${filled.seconds.toFixed(1)} s; replaying in pages of ${replayPage} …`);
    const passes = [await replay(opened, replayPage), await replay(opened, replayPage)];
    for (const [i, pass] of passes.entries()) {
      log(`ours on ${name}: replay pass ${i + 1}: ${pass.events} events in ${pass.seconds.toFixed(2)} s = ${Math.round(pass.eventsPerSec)} events/s (slowest page ${pass.slowestPageMs.toFixed(0)} ms)`);
    }
    if (passes.some((p) => p.events !== replayEvents)) throw new Error(`replay read ${passes.map((p) => p.events).join(', ')} events, expected ${replayEvents}`);
    figures.replay = { fillSeconds: filled.seconds, passes, best: Math.max(...passes.map((p) => p.eventsPerSec)) };
    log(`ours on ${name}: subscription lag, 8 writers on top of the ${replayEvents}-event log …`);
    figures.lag = await lag(opened, windowOf(8), `wallet-${schema.slice(-6)}lag`);
    const l = figures.lag;
    log(`ours on ${name}: lag p50 ${l.fromResolveP50.toFixed(1)} / p99 ${l.fromResolveP99.toFixed(1)} ms after resolve; ${l.received}/${l.written} delivered`);
  } finally {
    await opened.close();
  }
  return figures;
}

async function rawCell(cell: (typeof CELLS)[number], window: WindowOptions): Promise<WindowResult> {
  const schema = schemaName(`raw_${cell.key}`);
  return rawInsert(databaseUrl, schema, window, cell.mode, `wallet-${schema.slice(-6)}`);
}

async function emmettCell(cell: (typeof CELLS)[number], window: WindowOptions): Promise<WindowResult> {
  const cells: EmmettCell[] = [{ label: cell.key, mode: cell.mode, window, schema: schemaName(`emmett_${cell.key}`) }];
  const input: EmmettInput = { databaseUrl, cells };
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(here, 'eventstore/emmett-child.ts'), JSON.stringify(input)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    cwd: resolve(here, '..'),
  });
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  if (code !== 0) {
    // Whatever the child left behind.
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    for (const c of cells) await admin.query(`drop schema if exists ${c.schema} cascade`);
    await admin.end();
    throw new Error(`emmett child exited with ${code}`);
  }
  const results = JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, WindowResult>;
  return results[cell.key]!;
}

type Cells = Partial<Record<CellKey, Cell>>;

/** Every append cell on PostgreSQL as interleaved rounds: ours, raw, Emmett, ours, raw, Emmett… */
async function appendCellsOnPostgres(): Promise<{ ours: Cells; raw: Cells; emmett: Cells | null }> {
  const backend: Backend = { kind: 'postgres', databaseUrl };
  const ours: Cells = {};
  const raw: Cells = {};
  const emmett: Cells | null = skipEmmett ? null : {};
  for (const cell of CELLS) {
    const o: OursAppendResult[] = [];
    const r: WindowResult[] = [];
    const e: WindowResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      const w = roundWindowOf(cell.writers);
      const tag = `${cell.label}, round ${round}/${rounds}`;
      o.push(await oursCell(backend, cell, w));
      log(`ours    · PostgreSQL · ${tag}: ${Math.round(o.at(-1)!.eventsPerSec)} events/s`);
      r.push(await rawCell(cell, w));
      log(`raw     · PostgreSQL · ${tag}: ${Math.round(r.at(-1)!.eventsPerSec)} events/s`);
      if (emmett) {
        e.push(await emmettCell(cell, w));
        log(`Emmett  · PostgreSQL · ${tag}: ${Math.round(e.at(-1)!.eventsPerSec)} events/s`);
      }
    }
    ours[cell.key] = mergeOurs(o);
    raw[cell.key] = mergePlain(r);
    if (emmett) emmett[cell.key] = mergePlain(e);
  }
  return { ours, raw, emmett };
}

async function appendCellsOnPglite(): Promise<Cells> {
  const out: Cells = {};
  for (const cell of CELLS) {
    const o: OursAppendResult[] = [];
    for (let round = 1; round <= rounds; round++) {
      o.push(await oursCell({ kind: 'pglite' }, cell, roundWindowOf(cell.writers)));
      log(`ours    · PGlite     · ${cell.label}, round ${round}/${rounds}: ${Math.round(o.at(-1)!.eventsPerSec)} events/s`);
    }
    out[cell.key] = mergeOurs(o);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rendering

const int = (n: number | undefined): string => (n === undefined || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US'));
const ms = (n: number | undefined): string => (n === undefined || Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : n.toFixed(0));
const ratio = (a: number | undefined, b: number | undefined): string => (a === undefined || b === undefined || !b ? 'n/a' : `${(a / b).toFixed(2)}×`);
const pct = (n: number): string => (Number.isNaN(n) ? '–' : `${Math.round(n * 100)}%`);

interface Run {
  readonly pgAppends: Cells;
  readonly pgOurs: BackendFigures;
  readonly raw: Cells;
  readonly emmett: Cells | null;
  readonly liteAppends: Cells | null;
  readonly lite: BackendFigures | null;
  readonly startedAt: Date;
  readonly seconds: number;
}

function mainTable(run: Run): string {
  const { pgAppends, pgOurs, raw, emmett, liteAppends, lite } = run;
  const rows: string[][] = [];
  const verdicts: Record<CellKey, (o: number, r: number | undefined, e: number | undefined) => [string, string]> = {
    d1: () => ['–', ''],
    d8: (o, r, e) => {
      const okRaw = r !== undefined && o >= 0.7 * r;
      const okEmmett = e !== undefined && o >= 3 * e;
      return [
        '≥ 70% of raw INSERT; ≥ 3× Emmett',
        `${okRaw ? 'pass' : 'miss'} (${r ? pct(o / r) : 'n/a'} of raw); ${e === undefined ? 'n/a' : okEmmett ? 'pass' : 'miss'} (${ratio(o, e)} Emmett)`,
      ];
    },
    d64: (o) => ['≥ 20,000 events/s', o >= 20_000 ? 'pass' : 'miss'],
    hot8: () => ['–', ''],
  };
  for (const cell of CELLS) {
    const o = pgAppends[cell.key]?.result.eventsPerSec;
    const r = raw[cell.key]?.result.eventsPerSec;
    const e = emmett?.[cell.key]?.result.eventsPerSec;
    const [target, result] = o === undefined ? ['–', ''] : verdicts[cell.key](o, r, e);
    rows.push([`${cell.label} (events/s)`, int(o), int(r), emmett ? int(e) : 'skipped', ratio(o, r), emmett ? ratio(o, e) : 'n/a', liteAppends ? int(liteAppends[cell.key]?.result.eventsPerSec) : 'skipped', target, result]);
  }
  const rp = pgOurs.replay?.best;
  rows.push([
    `readAll replay, ${int(replayEvents)} events, pages of ${replayPage} (events/s)`,
    int(rp),
    'n/a',
    'n/a',
    'n/a',
    'n/a',
    lite ? int(lite.replay?.best) : 'skipped',
    '≥ 100,000 events/s (PostgreSQL)',
    rp === undefined ? '' : rp >= 100_000 ? 'pass' : 'miss',
  ]);
  const lagVerdict = (l: LagResult | undefined): string => (l === undefined ? 'n/a' : l.fromResolveP99 <= 50 ? 'pass' : 'miss');
  rows.push(['subscription lag p50, 8 writers (ms after append() resolves)', ms(pgOurs.lag?.fromResolveP50), 'n/a', 'n/a', 'n/a', 'n/a', lite ? ms(lite.lag?.fromResolveP50) : 'skipped', '–', '']);
  rows.push([
    'subscription lag p99, 8 writers (ms after append() resolves)',
    ms(pgOurs.lag?.fromResolveP99),
    'n/a',
    'n/a',
    'n/a',
    'n/a',
    lite ? ms(lite.lag?.fromResolveP99) : 'skipped',
    '≤ 50 ms',
    `PostgreSQL ${lagVerdict(pgOurs.lag)}${lite ? `; PGlite ${lagVerdict(lite.lag)}` : ''}`,
  ]);
  const missedText = (l: LagResult | undefined): string => (l === undefined ? '–' : `${int(l.missed)} of ${int(l.written)}`);
  const missedVerdict = (l: LagResult | undefined): string => (l === undefined ? 'n/a' : l.missed === 0 ? 'pass' : 'MISS');
  rows.push([
    'subscriber: events never delivered (lag run)',
    missedText(pgOurs.lag),
    'n/a',
    'n/a',
    'n/a',
    'n/a',
    lite ? missedText(lite.lag) : 'skipped',
    '0 (contract)',
    `PostgreSQL ${missedVerdict(pgOurs.lag)}${lite ? `; PGlite ${missedVerdict(lite.lag)}` : ''}`,
  ]);
  const header = ['figure', 'ours · PostgreSQL', 'raw INSERT · PostgreSQL', 'Emmett 0.42 · PostgreSQL', 'ours / raw', 'ours / Emmett', 'ours · PGlite', 'target', 'result'];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

function legend(_run: Run): string {
  return [
    `- Append cells: ${measureMs / 1000} s measured per contender, as ${rounds} round(s) of ${warmupMs / 1000} s warm-up + ${measureMs / rounds / 1000} s measured, interleaved ours → raw → Emmett so background load hits all alike; an event counts when its append() resolves inside the window. Each append carries one ~450-byte event. "Distinct streams": every writer owns 16 streams, appends to them round robin with the explicit expected revision it got back (no_stream first). "Hot stream": all writers append to one stream with expectedRevision 'any' (Emmett: no concurrency check, conflicts retried).`,
    `- Ours: \`PostgresEventStore\` defaults (appends ready in one event-loop turn go in one set-based es_append call; up to 2 calls in flight on PostgreSQL, a queue over 16 shared among them; 1 on PGlite), a fresh schema (fresh in-memory PGlite) per cell. Raw INSERT: a plain table (id uuid primary key, stream, type, data jsonb, metadata jsonb), one autocommit INSERT per append, one connection per writer. Emmett: \`getPostgreSQLEventStore\` with a pg.Pool of one connection per writer, \`appendToStream(stream, [event], { expectedStreamVersion })\`, its own schema. Emmett and raw only on PostgreSQL.`,
    `- Replay: ${int(replayEvents)} events written first (16 writers, 20-event appends), then \`readAll\` from START in pages of ${replayPage}; best of 2 passes.`,
    `- Lag: a \`subscribeToAll\` subscriber in the same process, started at the head of the ${int(replayEvents)}-event replay log, while 8 writers append for ${(warmupMs + measureMs) / 1000} s; lag = subscriber yields the event − append() resolved (clamped at 0; also measured from just before append() was called, see diagnostics). Only events whose append was called in the measured window count.`,
    `- "Several times Emmett" is taken as ≥ 3×. Targets are reported, never asserted.`,
  ].join('\n');
}

function diagnostics(run: Run): string {
  const lines: string[] = [];
  lines.push('| cell | contender | events/s | append p50 / p99 (ms) | es_append calls/s | batch mean / p50 / max (appends) | es_append p50 / p99 (ms) | conflicts | machine CPU busy | node CPU (of all cores) |');
  lines.push('|---|---|---|---|---|---|---|---|---|---|');
  const row = (cell: string, who: string, c: Cell | undefined) => {
    if (!c) return;
    const { result: r, calls } = c;
    lines.push(
      `| ${cell} | ${who} | ${int(r.eventsPerSec)} | ${ms(r.p50)} / ${ms(r.p99)} | ${calls ? int(calls.callsPerSec) : '–'} | ${calls ? `${calls.meanBatch.toFixed(1)} / ${calls.p50Batch} / ${calls.maxBatch}` : '–'} | ${calls ? `${ms(calls.callP50)} / ${ms(calls.callP99)}` : '–'} | ${int(r.conflicts)} | ${pct(r.cpu.machineBusy)} | ${pct(r.cpu.node)} |`,
    );
  };
  for (const cell of CELLS) {
    row(cell.label, 'ours · PostgreSQL', run.pgAppends[cell.key]);
    row(cell.label, 'raw INSERT · PostgreSQL', run.raw[cell.key]);
    row(cell.label, 'Emmett · PostgreSQL', run.emmett?.[cell.key]);
    row(cell.label, 'ours · PGlite', run.liteAppends?.[cell.key]);
  }
  lines.push('');
  for (const [name, f] of [['PostgreSQL', run.pgOurs], ['PGlite', run.lite]] as const) {
    if (!f) continue;
    if (f.replay) {
      lines.push(`- ${name} replay: fill took ${f.replay.fillSeconds.toFixed(1)} s (${int(replayEvents / f.replay.fillSeconds)} events/s in 20-event appends); passes: ${f.replay.passes.map((p) => `${int(p.eventsPerSec)} events/s (${p.pages} pages, slowest page ${ms(p.slowestPageMs)} ms)`).join(', ')}.`);
    }
    if (f.lag) {
      const l = f.lag;
      lines.push(`- ${name} lag: ${int(l.written)} events appended in the window at ${int(l.eventsPerSec)} events/s (append p99 ${ms(l.appendP99)} ms); after resolve p50 ${ms(l.fromResolveP50)} / p99 ${ms(l.fromResolveP99)} ms; from just before append() p50 ${ms(l.fromCallP50)} / p99 ${ms(l.fromCallP99)} ms; ${pct(l.beforeResolve)} yielded before their append() resolved; never delivered: ${int(l.missed)}.`);
    }
  }
  return lines.join('\n');
}

function environment(run: Run): string {
  const cpu = cpus();
  return [
    `Run ${run.startedAt.toISOString()} · Node ${process.version} · ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown'}) · ${Math.round(totalmem() / 2 ** 30)} GiB · load average at start ${loadavg()[0]!.toFixed(2)} · total bench time ${run.seconds.toFixed(0)} s`,
    `PostgreSQL: ${redact(databaseUrl)} (${pgVersion}) · PGlite 0.5 (in-memory, in-process)`,
  ].join('\n');
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

let pgVersion = '?';

async function main(): Promise<void> {
  const startedAt = new Date();
  const t0 = Date.now();
  log(`event store bench: warm-up ${warmupMs} ms, measure ${measureMs} ms per cell, replay ${replayEvents} events`);
  {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    pgVersion = ((await admin.query<{ v: string }>(`select current_setting('server_version') as v`)).rows[0]?.v ?? '?').split(' ')[0]!;
    pgVersion = `PostgreSQL ${pgVersion}, synchronous_commit ${(await admin.query<{ v: string }>(`select current_setting('synchronous_commit') as v`)).rows[0]?.v}`;
    await admin.end();
  }
  const { ours: pgAppends, raw, emmett } = await appendCellsOnPostgres();
  const pgOurs = await replayAndLag({ kind: 'postgres', databaseUrl });
  const liteAppends = skipPglite ? null : await appendCellsOnPglite();
  const lite = skipPglite ? null : await replayAndLag({ kind: 'pglite' });
  const run: Run = { pgAppends, pgOurs, raw, emmett, liteAppends, lite, startedAt, seconds: (Date.now() - t0) / 1000 };

  const table = mainTable(run);
  process.stdout.write(`${environment(run)}\n\n${table}\n\n${legend(run)}\n`);
  const diag = diagnostics(run);
  process.stderr.write(`\nDiagnostics\n${diag}\n`);

  const file = resolve(here, '../results/eventstore.md');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    [
      '# Event store bench',
      '',
      environment(run),
      '',
      '`npm run bench:eventstore` (bench/src/eventstore.ts). Figures from one run; other work on the same machine adds noise.',
      '',
      table,
      '',
      legend(run),
      '',
      '## Diagnostics',
      '',
      diag,
      '',
    ].join('\n'),
  );
  log(`wrote ${file}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
