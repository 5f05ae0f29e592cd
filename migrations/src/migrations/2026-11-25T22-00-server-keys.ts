import { type Kysely, sql } from 'kysely';

/**
 * server_keys: the HMAC keys every api process of one installation must share (casino session tokens
 * and callback signatures, payment callbacks, ticket check codes) when the operator has not set them
 * in the environment. The first process to start draws each key and the rest read it, so a restart or
 * a second process keeps printed ticket codes and open game sessions valid. An environment variable
 * always wins (KUPON_CASINO_SECRET, KUPON_PAYMENT_SECRET, KUPON_TICKET_SECRET).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table server_keys (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table server_keys`.execute(db);
}
