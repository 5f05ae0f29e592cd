import { type Kysely, sql } from 'kysely';

/**
 * The settlement reactor's working tables (projections/src/reactors/settlement.ts): every coupon
 * selection by match, so a result finds its open selections without scanning coupons, and each
 * match's result in force with its bet cancellations, so a coupon placed after the result (or a
 * redelivered event) still settles by the same rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table settlement_legs (
      match_id text not null,
      coupon_id text not null,
      selection_id text not null,
      market text not null,
      special text not null,
      outcome text not null,
      placed_at timestamptz not null,
      primary key (match_id, coupon_id, selection_id)
    )`.execute(db);
  await sql`
    create table settlement_matches (
      match_id text primary key,
      result jsonb,
      cancellations jsonb not null default '[]'::jsonb,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table settlement_matches`.execute(db);
  await sql`drop table settlement_legs`.execute(db);
}
