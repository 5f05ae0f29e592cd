import { type Kysely, sql } from 'kysely';

/**
 * Reactors (process managers, projections/src/reactors) follow the log and issue commands with
 * deterministic event ids, so they run at least once and still act once. `reactor_checkpoints` keeps
 * each reactor's position (the last event it finished); `reactor_failures` keeps every event whose
 * command a decider refused, so money never vanishes silently: staff see it and act.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table reactor_checkpoints (
      reactor text primary key,
      commit_position numeric(20, 0) not null,
      prepare_position numeric(20, 0) not null,
      events_handled bigint not null default 0,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table reactor_failures (
      reactor text not null,
      event_id uuid not null,
      stream_name text not null,
      event_type text not null,
      error text not null,
      failed_at timestamptz not null default now(),
      primary key (reactor, event_id)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table reactor_failures`.execute(db);
  await sql`drop table reactor_checkpoints`.execute(db);
}
