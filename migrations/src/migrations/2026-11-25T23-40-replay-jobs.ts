import { type Kysely, sql } from 'kysely';

/**
 * replay_jobs: the report rebuilds staff start from the back office (POST /reports/replays), one row
 * each, so every api process lists them and a restart keeps them (projections/REPLAY.md). The build
 * itself, its checkpoint and its events applied stay in projection_checkpoints: a running job's
 * progress is read from its build's row (projection, version, build); a finished job keeps its last
 * count here, because a later rebuild drops the build's row.
 *
 * status: running → swapped (the build is live) | failed (error) | interrupted (the process running
 * it stopped beating: heartbeat_at older than the api's limit; it is started again, not resumed).
 * At most one job of a projection is running: of two racing starts one inserts, the other is refused.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table replay_jobs (
      replay_id uuid primary key,
      seq bigint generated always as identity,
      report text not null,
      projection text not null,
      version integer not null,
      build integer,
      status text not null check (status in ('running', 'swapped', 'failed', 'interrupted')),
      site_id text not null,
      started_by text not null,
      started_by_name text not null,
      started_at timestamptz not null,
      building_at timestamptz,
      finished_at timestamptz,
      heartbeat_at timestamptz not null default now(),
      events_total bigint not null default 0,
      events_done bigint not null default 0,
      events_per_second bigint not null default 0,
      error text
    )`.execute(db);
  await sql`create unique index replay_jobs_one_running on replay_jobs (projection) where status = 'running'`.execute(db);
  await sql`create index replay_jobs_newest on replay_jobs (seq desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table replay_jobs`.execute(db);
}
