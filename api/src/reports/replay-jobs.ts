import { type EventStore, inTransaction, type SqlPool } from '@kupon/eventstore';
import { type Projection, type ProjectionStatus, projectionNamed, rebuildProjections } from '@kupon/projections';
import { randomUUID } from 'node:crypto';
import type { ReplayView, ReportName } from '../contract/reports';
import { ApiError } from '../http/api-error';

/** How often the process running a replay says it still is. */
export const REPLAY_HEARTBEAT_MS = 3_000;
/** A running replay whose process has not said so for this long is interrupted (five heartbeats). */
export const REPLAY_STALE_SECONDS = 15;

/** Who starts a replay. */
export interface ReplayStarter {
  readonly userId: string;
  readonly userName: string;
  readonly siteId: string;
}

interface JobRow {
  replay_id: string;
  report: string;
  projection: string;
  version: number;
  build: number | null;
  status: 'running' | 'swapped' | 'failed' | 'interrupted';
  site_id: string;
  started_by: string;
  started_by_name: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  events_total: string;
  events_done: string;
  events_per_second: string;
  error: string | null;
  stale: boolean;
}

/**
 * A running job's progress is its build's row in projection_checkpoints (the runner moves it with
 * every batch); a finished job's is its own last count. A running job whose process stopped beating is
 * shown interrupted at once, and marked so when the projection is started again.
 */
const SELECT_JOBS = `
  select j.replay_id::text as replay_id, j.report, j.projection, j.version, j.build, j.status, j.site_id,
         j.started_by, j.started_by_name, j.started_at, j.finished_at, j.events_total::text as events_total, j.error,
         (case when j.status = 'running' then coalesce(c.events_applied, 0) else j.events_done end)::text as events_done,
         (case when j.status <> 'running' then j.events_per_second
               when j.building_at is null or now() <= j.building_at then 0
               else round(coalesce(c.events_applied, 0) / extract(epoch from now() - j.building_at)) end)::text as events_per_second,
         (j.status = 'running' and j.heartbeat_at < now() - make_interval(secs => ${REPLAY_STALE_SECONDS})) as stale
    from replay_jobs j
    left join projection_checkpoints c on c.projection = j.projection and c.version = j.version and c.build = j.build`;

/**
 * Report rebuilds started from the back office (issue 8, "replay for finance"), kept in replay_jobs
 * (migration 2026-11-25T23-40) so every api process lists them and a restart keeps them. The process
 * that starts a job runs it and beats for it; of two racing starts of one projection, on one process
 * or two, the unique index lets one in and the other is refused `replayRunning|<projection>`.
 * A job whose process died is interrupted, not resumed: the old build keeps serving and staff start
 * it again (projections/REPLAY.md).
 */
export class ReplayJobs {
  private readonly running = new Map<string, Promise<void>>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventStore,
    private readonly pool: SqlPool,
    private readonly clock: () => Date,
  ) {}

  async start(report: ReportName, projectionName: string, starter: ReplayStarter): Promise<ReplayView> {
    const [view] = await this.startTogether([{ report, projection: projectionName }], starter);
    return view!;
  }

  /**
   * Several projections rebuilt at once, reading the log once for all of them (rebuildProjections),
   * each its own job with its own progress. All start or none: if one of them is running already, the
   * answer is `replayRunning|<projection>` and no job is added.
   */
  async startTogether(wanted: readonly { readonly report: ReportName; readonly projection: string }[], starter: ReplayStarter): Promise<ReplayView[]> {
    const jobs = wanted.map(({ report, projection: name }) => {
      const projection = projectionNamed(name);
      if (!projection) throw new ApiError(404, 'noSuchReport');
      return { report, projection, replayId: randomUUID() };
    });
    const names = jobs.map((job) => job.projection.name);
    // A job left running by a process that stopped beating no longer holds the projection.
    await this.pool.query(
      `update replay_jobs set status = 'interrupted', finished_at = $2
        where projection = any($1::text[]) and status = 'running' and heartbeat_at < now() - make_interval(secs => ${REPLAY_STALE_SECONDS})`,
      [names, this.clock().toISOString()],
    );
    await inTransaction(this.pool, async (connection) => {
      for (const job of jobs) {
        const { rows } = await connection.query<{ replay_id: string }>(
          `insert into replay_jobs (replay_id, report, projection, version, status, site_id, started_by, started_by_name, started_at)
           values ($1, $2, $3, $4, 'running', $5, $6, $7, $8)
           on conflict (projection) where status = 'running' do nothing
           returning replay_id`,
          [job.replayId, job.report, job.projection.name, job.projection.version, starter.siteId, starter.userId, starter.userName, this.clock().toISOString()],
        );
        if (rows.length === 0) throw new ApiError(409, 'replayRunning', job.projection.name);
      }
    });
    this.run(jobs);
    return Promise.all(jobs.map((job) => this.view(job.replayId)));
  }

  async view(replayId: string): Promise<ReplayView> {
    const { rows } = await this.pool.query<JobRow>(`${SELECT_JOBS} where j.replay_id = $1`, [replayId]);
    if (!rows[0]) throw new ApiError(404, 'noSuchReplay');
    return toView(rows[0]);
  }

  /** Every process's jobs, newest first (the last 50). */
  async list(): Promise<ReplayView[]> {
    const { rows } = await this.pool.query<JobRow>(`${SELECT_JOBS} order by j.seq desc limit 50`);
    return rows.map(toView);
  }

  /** Resolves when no replay of this process is running (the app waits for them on close), then stops beating. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
    this.stopBeating();
  }

  private run(jobs: readonly { readonly replayId: string; readonly projection: Projection }[]): void {
    // The callbacks are synchronous: their writes go one after the other, and the end waits for them.
    let writes: Promise<void> = Promise.resolve();
    const progress = jobs.map((job) => {
      const write = (text: string, params: unknown[]) => {
        writes = writes.then(() => this.pool.query(text, [job.replayId, ...params])).then(
          () => undefined,
          () => undefined,
        );
      };
      return { ...job, write, build: null as number | null, eventsDone: 0, live: false };
    });
    const done = rebuildProjections({
      store: this.store,
      pool: this.pool,
      projections: progress.map((job) => ({
        projection: job.projection,
        onStart: (plan: { readonly total: number }) => job.write(`update replay_jobs set events_total = $2, building_at = now() where replay_id = $1`, [plan.total]),
        onProgress: (status: ProjectionStatus) => {
          job.eventsDone = status.eventsApplied;
          if (status.build !== null && status.build !== job.build) {
            job.build = status.build;
            job.write(`update replay_jobs set build = $2 where replay_id = $1`, [job.build]);
          }
          // Swapped in: done, whatever becomes of the others rebuilt with it.
          if (status.state === 'live' && !job.live) {
            job.live = true;
            this.finish(job.write, 'swapped', job.build, job.eventsDone, null);
          }
        },
      })),
    })
      // Resolved: every one swapped in (and was finished then). Rejected once all have ended: those not
      // swapped in failed, with the first failure.
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        for (const job of progress) if (!job.live) this.finish(job.write, 'failed', job.build, job.eventsDone, message);
      })
      .then(() => writes)
      .finally(() => {
        for (const job of progress) this.running.delete(job.replayId);
        if (this.running.size === 0) this.stopBeating();
      });
    for (const job of progress) this.running.set(job.replayId, done);
    this.beat();
  }

  private finish(write: (text: string, params: unknown[]) => void, status: 'swapped' | 'failed', build: number | null, eventsDone: number, error: string | null): void {
    write(
      `update replay_jobs
          set status = $2, build = coalesce($3, build), events_done = $4, events_total = greatest(events_total, $4),
              events_per_second = case when building_at is null or now() <= building_at then 0
                                       else round($4::bigint / extract(epoch from now() - building_at)) end,
              error = $5, finished_at = $6
        where replay_id = $1`,
      [status, build, eventsDone, error, this.clock().toISOString()],
    );
  }

  /** While this process runs a job, it says so every few seconds; a job no process beats for is interrupted. */
  private beat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const ids = [...this.running.keys()];
      for (const id of ids) void this.pool.query(`update replay_jobs set heartbeat_at = now() where replay_id = $1 and status = 'running'`, [id]).catch(() => undefined);
    }, REPLAY_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopBeating(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

function toView(row: JobRow): ReplayView {
  const eventsDone = Number(row.events_done);
  const status = row.stale ? 'interrupted' : row.status;
  return {
    replayId: row.replay_id,
    report: row.report as ReportName,
    projection: row.projection,
    version: row.version,
    build: row.build,
    state: status === 'running' ? (row.build === null ? 'queued' : 'building') : status === 'swapped' ? 'live' : status,
    eventsDone,
    eventsTotal: Math.max(Number(row.events_total), eventsDone),
    eventsPerSecond: Number(row.events_per_second),
    startedAt: new Date(row.started_at).toISOString(),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    startedBy: row.started_by,
    startedByName: row.started_by_name,
    siteId: row.site_id,
    error: row.error,
  };
}
