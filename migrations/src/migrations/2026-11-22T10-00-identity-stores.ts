import { type Kysely, sql } from 'kysely';

/**
 * The api's own identity stores (not read models: nothing here is a business fact; the facts —
 * logins, logouts everywhere, permission and password changes — are events on `user-…` streams).
 *
 * - auth_sessions: one row per live session, keyed by the sha-256 of the cookie value (a copy of
 *   this table gives no usable cookie). Every api process sees the same rows. `last_seen_at` drives
 *   the idle timeout, `expires_at` the absolute one; `session_epoch` ties it to the user's epoch
 *   (logout everywhere, permission and password changes bump it), `role_epoch` to the site's epoch of
 *   the user's role (an edit of the role's permission set bumps it).
 * - captcha_challenges: issued captcha answers (salted hash), spent by the first attempt.
 * - mail_outbox: the built-in mailer's outbox, which the backoffice shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table auth_sessions (
      id_hash text primary key,
      session_ref text not null unique,
      user_id uuid not null,
      site_id text not null,
      role text not null,
      session_epoch integer not null,
      role_epoch integer not null,
      method text not null,
      ip text not null,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index auth_sessions_user on auth_sessions (user_id)`.execute(db);
  await sql`
    create table captcha_challenges (
      id uuid primary key,
      site_id text not null,
      answer_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table mail_outbox (
      id uuid primary key,
      site_id text not null,
      recipient text not null,
      kind text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index mail_outbox_site on mail_outbox (site_id, created_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mail_outbox`.execute(db);
  await sql`drop table captcha_challenges`.execute(db);
  await sql`drop table auth_sessions`.execute(db);
}
