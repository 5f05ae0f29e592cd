import { type Kysely, sql } from 'kysely';

/**
 * attempt_throttles: the per-target throttle every api process shares (issue 23: logins, card redeems
 * and ticket checks guessed from many addresses). One row per (kind, key) with recent failures: the
 * count, when the last one was and until when the target is locked. Not a read model and no business
 * fact (the refused logins are `LoginFailed` events); rows go after a day without a failure.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table attempt_throttles (
      kind text not null,
      key text not null,
      failures int not null,
      last_failed_at timestamptz not null,
      locked_until timestamptz,
      -- whether the latest attempt met the lock (answered by the upsert that counted it)
      refused boolean not null default false,
      primary key (kind, key)
    )`.execute(db);
  await sql`create index attempt_throttles_last_failed on attempt_throttles (last_failed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table attempt_throttles`.execute(db);
}
