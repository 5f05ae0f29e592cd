import { type Kysely, sql } from 'kysely';

/**
 * login_tickets: the back office's "log in as this user" handoff (loginwithuser). A dealer's session
 * lives on the back office's origin, so it hands the player site a single-use ticket instead: only
 * the sha-256 of the 256-bit ticket is kept, with the site, the user it opens and the dealer who asked
 * (recorded as `by` on the login). Redeeming deletes the row, so two racing redeems cannot both win.
 * Not a read model and no business fact: the login itself is the `UserLoggedIn` event.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table login_tickets (
      ticket_hash text primary key,
      site_id text not null,
      user_id uuid not null,
      by_user_id uuid not null,
      expires_at timestamptz not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index login_tickets_expiry on login_tickets (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table login_tickets`.execute(db);
}
