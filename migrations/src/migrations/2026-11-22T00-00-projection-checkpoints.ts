import { type Kysely, sql } from 'kysely';

/**
 * One row per build of a projection (see projections/src/runner): a version's first build is 0, each
 * replay of it adds one. A build owns its tables (`tables`, stored names) and its checkpoint, the
 * position of the last event it applied; the runner moves the checkpoint in the same transaction as
 * the batch's writes. At most one build of a projection is live: the plain-named views point at it.
 * Positions are unsigned 64-bit (xid8 on PostgreSQL), hence numeric; -1 is "before the first event".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table projection_checkpoints (
      projection text not null,
      version integer not null,
      build integer not null,
      status text not null check (status in ('building', 'live')),
      commit_position numeric(20, 0) not null,
      prepare_position numeric(20, 0) not null,
      events_applied bigint not null default 0,
      tables text[] not null,
      last_error text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (projection, version, build)
    )`.execute(db);
  await sql`create unique index projection_checkpoints_one_live on projection_checkpoints (projection) where status = 'live'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table projection_checkpoints`.execute(db);
}
