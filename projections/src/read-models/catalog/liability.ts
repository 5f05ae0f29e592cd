import { type Kysely, sql } from 'kysely';
import type { Projection } from '../../runner/projection';
import { applyLiabilityBatch, prepareLiabilityBatch } from './liability-fold';
import type { LiabilityTables } from './liability-tables';

export type { LiabilityTables, OpenLeg } from './liability-tables';

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
