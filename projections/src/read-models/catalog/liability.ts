import type { CouponEvent, PlacedCoupon } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, type Kysely, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

type Big = ColumnType<string, string | number, string | number>;

interface OpenLeg {
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

/** Where in the log and when an event happened: a leg's stretch opens or closes there. */
interface Moment {
  readonly commit: string;
  readonly prepare: string;
  readonly at: string;
}

/** What a coupon puts on each leg it counts on. */
interface Exposure {
  readonly couponId: string;
  readonly stake: number;
  readonly payout: number;
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

  async apply(tx: Transaction<LiabilityTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as CouponEvent;
    const moment: Moment = { commit: recorded.position.commit.toString(), prepare: recorded.position.prepare.toString(), at: recorded.metadata.at };
    const exposureOf = (coupon: { coupon_id: string; stake: string; potential_payout: string }): Exposure => ({ couponId: coupon.coupon_id, stake: Number(coupon.stake), payout: Number(coupon.potential_payout) });
    switch (event.type) {
      case 'CouponPlaced': {
        const coupon: PlacedCoupon = event.data;
        const legs: OpenLeg[] = coupon.selections.map((s) => ({ selectionId: s.id, matchId: s.matchId, market: s.marketId, special: s.special, outcome: s.outcomeId }));
        await tx
          .insertInto('liability_coupons')
          .values({ coupon_id: coupon.couponId, stake: coupon.totalStake, potential_payout: coupon.potentialPayout, legs: JSON.stringify(legs), open_legs: JSON.stringify(legs), decided: false })
          .execute();
        await count(tx, moment, { couponId: coupon.couponId, stake: coupon.totalStake, payout: coupon.potentialPayout }, legs, 1);
        return;
      }
      case 'SelectionSettled': {
        const coupon = await tx.selectFrom('liability_coupons').selectAll().where('coupon_id', '=', event.data.couponId).executeTakeFirst();
        if (!coupon) return;
        const legs = parseLegs(coupon.open_legs);
        const leg = legs.find((l) => l.selectionId === event.data.selectionId);
        if (!leg) return;
        if (!coupon.decided) await count(tx, moment, exposureOf(coupon), [leg], -1);
        await tx
          .updateTable('liability_coupons')
          .set({ open_legs: JSON.stringify(legs.filter((l) => l !== leg)) })
          .where('coupon_id', '=', coupon.coupon_id)
          .execute();
        return;
      }
      case 'SelectionUnsettled': {
        // A rolled-back result: the leg is open again, and counts again while its coupon waits.
        const coupon = await tx.selectFrom('liability_coupons').selectAll().where('coupon_id', '=', event.data.couponId).executeTakeFirst();
        if (!coupon) return;
        const open = parseLegs(coupon.open_legs);
        const leg = parseLegs(coupon.legs).find((l) => l.selectionId === event.data.selectionId);
        if (!leg || open.some((l) => l.selectionId === leg.selectionId)) return;
        if (!coupon.decided) await count(tx, moment, exposureOf(coupon), [leg], 1);
        await tx
          .updateTable('liability_coupons')
          .set({ open_legs: JSON.stringify([...open, leg]) })
          .where('coupon_id', '=', coupon.coupon_id)
          .execute();
        return;
      }
      case 'CouponSettled':
      case 'CouponResettled': {
        const coupon = await tx.selectFrom('liability_coupons').selectAll().where('coupon_id', '=', event.data.couponId).executeTakeFirst();
        if (!coupon) return;
        const decided = event.data.status !== 0;
        if (decided === coupon.decided) return;
        await count(tx, moment, exposureOf(coupon), parseLegs(coupon.open_legs), decided ? -1 : 1);
        await tx.updateTable('liability_coupons').set({ decided }).where('coupon_id', '=', coupon.coupon_id).execute();
        return;
      }
      case 'CouponSold':
      case 'CouponCancelled': {
        const coupon = await tx.deleteFrom('liability_coupons').where('coupon_id', '=', event.data.couponId).returningAll().executeTakeFirst();
        if (!coupon || coupon.decided) return;
        await count(tx, moment, exposureOf(coupon), parseLegs(coupon.open_legs), -1);
        return;
      }
      default:
        return;
    }
  },
};

function parseLegs(value: unknown): OpenLeg[] {
  return typeof value === 'string' ? (JSON.parse(value) as OpenLeg[]) : (value as OpenLeg[]);
}

/** Legs start (+1) or stop (-1) counting at a moment: the outcome sums move, and each leg's stretch opens or closes. */
async function count(tx: Transaction<LiabilityTables>, moment: Moment, exposure: Exposure, legs: readonly OpenLeg[], sign: 1 | -1): Promise<void> {
  if (legs.length === 0) return;
  for (const leg of legs) await move(tx, leg, sign * exposure.stake, sign * exposure.payout, sign);
  if (sign === 1) {
    await tx
      .insertInto('liability_leg_history')
      .values(
        legs.map((leg) => ({
          coupon_id: exposure.couponId,
          selection_id: leg.selectionId,
          match_id: leg.matchId,
          market: leg.market,
          special: leg.special,
          outcome: leg.outcome,
          stake: exposure.stake,
          potential_payout: exposure.payout,
          opened_commit: moment.commit,
          opened_prepare: moment.prepare,
          opened_at: moment.at,
        })),
      )
      .execute();
    return;
  }
  await tx
    .updateTable('liability_leg_history')
    .set({ closed_commit: moment.commit, closed_prepare: moment.prepare, closed_at: moment.at })
    .where('coupon_id', '=', exposure.couponId)
    .where('selection_id', 'in', legs.map((leg) => leg.selectionId))
    .where('closed_commit', 'is', null)
    .execute();
}

async function move(tx: Transaction<LiabilityTables>, leg: OpenLeg, stake: number, payout: number, coupons: number): Promise<void> {
  await tx
    .insertInto('liability_outcomes')
    .values({ match_id: leg.matchId, market: leg.market, special: leg.special, outcome: leg.outcome, open_stake: stake, potential_payout: payout, coupons })
    .onConflict((oc) =>
      oc.columns(['match_id', 'market', 'special', 'outcome']).doUpdateSet((eb) => ({
        open_stake: eb('liability_outcomes.open_stake', '+', eb.ref('excluded.open_stake')),
        potential_payout: eb('liability_outcomes.potential_payout', '+', eb.ref('excluded.potential_payout')),
        coupons: eb('liability_outcomes.coupons', '+', eb.ref('excluded.coupons')),
      })),
    )
    .execute();
}

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
