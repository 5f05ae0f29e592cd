import { type ColumnType, type Kysely, sql } from 'kysely';
import type { Projection } from '../../runner/projection';
import { applyLiabilityBatch, prepareLiabilityBatch } from './liability-fold';

type Big = ColumnType<string, string | number, string | number>;

export interface OpenLeg {
  selectionId: string;
  matchId: string;
  market: string;
  special: string;
  outcome: string;
}

/**
 * The book's exposure: per match, market and outcome, the stake still open on it and what it pays
 * if every open coupon on it wins. A coupon counts on each of its selections until that selection
 * settles, and leaves every one when it is decided, sold or cancelled; a rolled-back result counts
 * the selection again, and a coupon it puts back to waiting comes back on every open selection.
 * Each stretch a leg counts is kept with the log position and time it started and stopped, so the
 * liability report can be asked "as of" a past position or time (issue 8).
 */
export interface LiabilityTables {
  /**
   * Every coupon not sold or cancelled: all its legs, those without a result (`open_legs`), and
   * whether it is decided; a rollback can reopen a decided coupon, so it is kept.
   */
  liability_coupons: { coupon_id: string; stake: Big; potential_payout: Big; legs: ColumnType<OpenLeg[], string, string>; open_legs: ColumnType<OpenLeg[], string, string>; decided: boolean };
  liability_outcomes: { match_id: string; market: string; special: string; outcome: string; open_stake: Big; potential_payout: Big; coupons: number };
  /**
   * One row per stretch a leg counted in the exposure: opened at the event that made it count and
   * closed at the one that stopped it (null: it counts now). A rollback that reopens a leg opens a
   * new stretch. As of a position or time X: the rows opened at or before X and not closed by then.
   */
  liability_leg_history: {
    coupon_id: string;
    selection_id: string;
    match_id: string;
    market: string;
    special: string;
    outcome: string;
    stake: Big;
    potential_payout: Big;
    opened_commit: Big;
    opened_prepare: Big;
    opened_at: ColumnType<Date, string, string>;
    closed_commit: ColumnType<string | null, string | null, string>;
    closed_prepare: ColumnType<string | null, string | null, string>;
    closed_at: ColumnType<Date | null, string | null, string>;
  };
}

export const liability: Projection<LiabilityTables> = {
  name: 'liability',
  version: 3,
  handles: ['CouponPlaced', 'SelectionSettled', 'SelectionUnsettled', 'CouponSettled', 'CouponResettled', 'CouponSold', 'CouponCancelled'],
  tables: ['liability_coupons', 'liability_outcomes', 'liability_leg_history'],

  async createTables(tx) {
    await tx.schema
      .createTable('liability_coupons')
      .addColumn('coupon_id', 'text', (c) => c.primaryKey())
      .addColumn('stake', 'bigint', (c) => c.notNull())
      .addColumn('potential_payout', 'bigint', (c) => c.notNull())
      .addColumn('legs', 'jsonb', (c) => c.notNull())
      .addColumn('open_legs', 'jsonb', (c) => c.notNull())
      .addColumn('decided', 'boolean', (c) => c.notNull())
      .execute();
    await tx.schema
      .createTable('liability_outcomes')
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('market', 'text', (c) => c.notNull())
      .addColumn('special', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('open_stake', 'bigint', (c) => c.notNull())
      .addColumn('potential_payout', 'bigint', (c) => c.notNull())
      .addColumn('coupons', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('liability_outcomes_pk', ['match_id', 'market', 'special', 'outcome'])
      .execute();
    await tx.schema
      .createTable('liability_leg_history')
      .addColumn('coupon_id', 'text', (c) => c.notNull())
      .addColumn('selection_id', 'text', (c) => c.notNull())
      .addColumn('match_id', 'text', (c) => c.notNull())
      .addColumn('market', 'text', (c) => c.notNull())
      .addColumn('special', 'text', (c) => c.notNull())
      .addColumn('outcome', 'text', (c) => c.notNull())
      .addColumn('stake', 'bigint', (c) => c.notNull())
      .addColumn('potential_payout', 'bigint', (c) => c.notNull())
      .addColumn('opened_commit', 'bigint', (c) => c.notNull())
      .addColumn('opened_prepare', 'bigint', (c) => c.notNull())
      .addColumn('opened_at', 'timestamptz', (c) => c.notNull())
      .addColumn('closed_commit', 'bigint')
      .addColumn('closed_prepare', 'bigint')
      .addColumn('closed_at', 'timestamptz')
      .addPrimaryKeyConstraint('liability_leg_history_pk', ['coupon_id', 'selection_id', 'opened_commit', 'opened_prepare'])
      .execute();
    await tx.schema.createIndex('liability_leg_history_match').on('liability_leg_history').columns(['match_id', 'opened_commit']).execute();
    // "Now" reads only the stretches still open.
    await tx.schema.createIndex('liability_leg_history_now').on('liability_leg_history').column('match_id').where(sql<boolean>`closed_commit is null`).execute();
  },

  // One event is a batch of one: a single fold (liability-fold.ts) for both.
  apply: (tx, event) => applyLiabilityBatch(tx, [event]),
  applyBatch: (tx, events, carry) => applyLiabilityBatch(tx, events, carry),
  prepareBatch: prepareLiabilityBatch,
};

export interface LiabilityLine {
  matchId: string;
  market: string;
  special: string;
  outcome: string;
  openStake: number;
  potentialPayout: number;
  coupons: number;
}

/** Exposure on one match: per outcome, and its worst case (the outcome that would pay most). */
export async function liabilityOf(db: Kysely<LiabilityTables>, matchId: string): Promise<{ outcomes: LiabilityLine[]; openStake: number; worstCase: number }> {
  const rows = await db.selectFrom('liability_outcomes').selectAll().where('match_id', '=', matchId).where('coupons', '>', 0).orderBy('market').orderBy('special').orderBy('outcome').execute();
  const outcomes = rows.map((r) => ({
    matchId: r.match_id,
    market: r.market,
    special: r.special,
    outcome: r.outcome,
    openStake: Number(r.open_stake),
    potentialPayout: Number(r.potential_payout),
    coupons: r.coupons,
  }));
  const stake = await db.selectFrom('liability_coupons').select((eb) => eb.fn.coalesce(eb.fn.sum<string>('stake'), sql<string>`0`).as('stake')).where('decided', '=', false).where(sql<boolean>`open_legs @> ${JSON.stringify([{ matchId }])}::jsonb`).executeTakeFirst();
  return { outcomes, openStake: Number(stake?.stake ?? 0), worstCase: Math.max(0, ...outcomes.map((o) => o.potentialPayout)) };
}
