import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@kupon/eventstore';

/** Progress goes to stderr, figures to stdout. */
export function log(message: string): void {
  process.stderr.write(`[bench ${(performance.now() / 1000).toFixed(1).padStart(6)}s] ${message}\n`);
}

export const now = (): number => performance.now();

/** A bench's figures: the sections (table, notes) printed to stdout and kept in bench/results/<name>.md. */
export function writeResult(name: string, sections: readonly string[]): void {
  const body = sections.join('\n\n');
  process.stdout.write(`\n${body}\n`);
  mkdirSync(new URL('../../results/', import.meta.url), { recursive: true });
  writeFileSync(new URL(`../../results/${name}.md`, import.meta.url), `# bench/${name}\n\n${body}\n`);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function sortNumbers(values: readonly number[]): number[] {
  return Float64Array.from(values).sort() as unknown as number[];
}

export function schemaName(tag: string): string {
  return `bench_es_${tag}_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
}

/**
 * A realistic wallet-sized event (~450 bytes of JSON with metadata). `t` is performance.now() of the
 * writing process just before append() was called: the subscription lag bench reads it back.
 */
export function walletEvent(t: number): NewEvent {
  const id = randomUUID();
  return {
    id,
    type: 'StakeReserved',
    data: { t, amount: 2500, currency: 'TRY', couponId: id, reason: 'coupon placed', balanceAfter: 117_500 },
    metadata: {
      correlationId: id,
      causationId: id,
      actor: { userId: 'u-7f3a9c', role: 'player', ip: '10.1.2.3' },
      at: '2026-11-21T12:00:00.000Z',
      schemaVersion: 1,
    },
  };
}

/** Machine-wide busy share (all cores) and this process's CPU share (of all cores) over a window. */
export class CpuSampler {
  private readonly startStat = readProcStat();
  private readonly startUsage = process.cpuUsage();
  private readonly startWall = now();

  stop(): { machineBusy: number; node: number } {
    const wallMs = now() - this.startWall;
    const usage = process.cpuUsage(this.startUsage);
    const end = readProcStat();
    const cores = cpus().length;
    const machineBusy = end && this.startStat ? 1 - (end.idle - this.startStat.idle) / Math.max(1, end.total - this.startStat.total) : Number.NaN;
    const node = (usage.user + usage.system) / 1000 / wallMs / cores;
    return { machineBusy, node };
  }
}

function readProcStat(): { idle: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { idle, total };
  } catch {
    return null;
  }
}

export interface WindowOptions {
  readonly writers: number;
  readonly warmupMs: number;
  readonly measureMs: number;
}

/** One append by one writer; resolves to the number of events written (0 for a retried conflict). */
export type Step = (writer: number) => Promise<number>;

export interface WindowResult {
  readonly writers: number;
  /** Events whose append resolved inside the measured window. */
  readonly events: number;
  readonly appends: number;
  readonly seconds: number;
  readonly eventsPerSec: number;
  /** Append latency of the measured appends, ms. */
  readonly p50: number;
  readonly p99: number;
  /** Appends that failed with a concurrency conflict (retried by the writer), inside the window. */
  readonly conflicts: number;
  readonly cpu: { machineBusy: number; node: number };
  /** Every measured append's latency (ms), kept to merge rounds. */
  readonly latencies: number[];
}

export class ConflictSignal extends Error {}

/**
 * `writers` loops call `step` back to back for warm-up + measure; what resolves inside the measured
 * window counts. A step that throws ConflictSignal is a retried conflict; anything else aborts.
 * The window is checked against the clock, not timers: with PGlite every await is a microtask, and
 * back-to-back writers would starve setTimeout forever.
 */
export async function runWindow(options: WindowOptions, step: Step, onMeasure?: (start: number, end: number) => void): Promise<WindowResult> {
  const latencies: number[] = [];
  let events = 0;
  let appends = 0;
  let conflicts = 0;
  let failure: unknown = null;
  const begin = now();
  const measureStart = begin + options.warmupMs;
  const measureEnd = measureStart + options.measureMs;
  onMeasure?.(measureStart, measureEnd);
  let sampler: CpuSampler | null = null;
  let cpu: { machineBusy: number; node: number } | null = null;

  const loop = async (writer: number) => {
    while (failure === null) {
      const started = now();
      if (started >= measureEnd) {
        cpu ??= sampler?.stop() ?? null;
        return;
      }
      if (started >= measureStart) sampler ??= new CpuSampler();
      try {
        const written = await step(writer);
        const ended = now();
        if (ended >= measureStart && ended < measureEnd) {
          events += written;
          appends++;
          latencies.push(ended - started);
        }
      } catch (error) {
        const ended = now();
        if (error instanceof ConflictSignal) {
          if (ended >= measureStart && ended < measureEnd) conflicts++;
          continue;
        }
        failure = error;
      }
    }
  };
  await Promise.all(Array.from({ length: options.writers }, (_, writer) => loop(writer)));
  if (failure !== null) throw failure;
  return summarise(options.writers, events, appends, options.measureMs / 1000, conflicts, cpu ?? { machineBusy: Number.NaN, node: Number.NaN }, latencies);
}

function summarise(writers: number, events: number, appends: number, seconds: number, conflicts: number, cpu: { machineBusy: number; node: number }, latencies: number[]): WindowResult {
  const sorted = sortNumbers(latencies);
  return { writers, events, appends, seconds, eventsPerSec: events / seconds, p50: percentile(sorted, 50), p99: percentile(sorted, 99), conflicts, cpu, latencies };
}

/** Rounds of one cell, run apart in time, as one figure: events over total measured time. */
export function mergeWindows(rounds: readonly WindowResult[]): WindowResult {
  const sum = (f: (r: WindowResult) => number) => rounds.reduce((a, r) => a + f(r), 0);
  const seconds = sum((r) => r.seconds);
  const cpu = { machineBusy: sum((r) => r.cpu.machineBusy * r.seconds) / seconds, node: sum((r) => r.cpu.node * r.seconds) / seconds };
  return summarise(rounds[0]?.writers ?? 0, sum((r) => r.events), sum((r) => r.appends), seconds, sum((r) => r.conflicts), cpu, rounds.flatMap((r) => r.latencies));
}

/** Per-writer stream ownership with explicit expected revisions (the command-handler pattern). */
export class WriterStreams {
  private readonly revisions: Array<Map<string, bigint>>;
  private readonly cursor: number[];

  constructor(
    private readonly prefix: string,
    writers: number,
    private readonly streamsPerWriter: number,
  ) {
    this.revisions = Array.from({ length: writers }, () => new Map());
    this.cursor = Array.from({ length: writers }, () => 0);
  }

  /** The next stream of this writer (round robin) and its last known revision (undefined: new). */
  next(writer: number): { stream: string; revision: bigint | undefined } {
    const k = this.cursor[writer]! % this.streamsPerWriter;
    this.cursor[writer] = this.cursor[writer]! + 1;
    const stream = `${this.prefix}-w${writer}s${k}`;
    return { stream, revision: this.revisions[writer]!.get(stream) };
  }

  set(writer: number, stream: string, revision: bigint): void {
    this.revisions[writer]!.set(stream, revision);
  }
}
