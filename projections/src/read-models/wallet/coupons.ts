import type { CouponEvent, PlacedCoupon } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Transaction, UpdateObject } from 'kysely';
import type { Projection } from '../../runner/projection';

/** A player's coupons (`getCoupons`) and each coupon's detail (`getCouponDetail`). */
export interface CouponTables {
  coupons: {
    coupon_id: string;
    user_id: string;
    coupon_type: string;
    is_live: boolean;
    total_stake: ColumnType<string, string, never>;
    potential_payout: ColumnType<string, string, never>;
    /** Spec §4: 0 waiting, 1 won, -1 lost, -2 cancelled, 2 sold. */
    status: number;
    /** What went back to the wallet: payout, sale or refund. */
    payout: ColumnType<string, string, string>;
    paid: boolean;
    pay_date: ColumnType<Date | null, string | null, string | null>;
    /** The placed coupon (selections, odds, combinations) and each selection's result. */
    coupon: ColumnType<PlacedCoupon, string, never>;
    results: ColumnType<Record<string, string>, string, string>;
    placed_at: ColumnType<Date, string, never>;
    updated_at: ColumnType<Date, string, string>;
  };
}

export const coupons: Projection<CouponTables> = {
  name: 'coupons',
  version: 1,
  handles: ['CouponPlaced', 'SelectionSettled', 'SelectionResettled', 'SelectionUnsettled', 'CouponSettled', 'CouponResettled', 'CouponSold', 'CouponCancelled', 'CouponPaid'],
  tables: ['coupons'],

  async createTables(tx) {
    await tx.schema
      .createTable('coupons')
      .addColumn('coupon_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('coupon_type', 'text', (c) => c.notNull())
      .addColumn('is_live', 'boolean', (c) => c.notNull())
      .addColumn('total_stake', 'bigint', (c) => c.notNull())
      .addColumn('potential_payout', 'bigint', (c) => c.notNull())
      .addColumn('status', 'integer', (c) => c.notNull())
      .addColumn('payout', 'bigint', (c) => c.notNull())
      .addColumn('paid', 'boolean', (c) => c.notNull())
      .addColumn('pay_date', 'timestamptz')
      .addColumn('coupon', 'jsonb', (c) => c.notNull())
      .addColumn('results', 'jsonb', (c) => c.notNull())
      .addColumn('placed_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('coupons_user_placed').on('coupons').columns(['user_id', 'placed_at']).execute();
  },

  async apply(tx: Transaction<CouponTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as CouponEvent;
    if (event.type === 'CouponPlaced') {
      const c = event.data;
      await tx
        .insertInto('coupons')
        .values({
          coupon_id: c.couponId,
          user_id: c.userId,
          coupon_type: c.couponType,
          is_live: c.isLive,
          total_stake: String(c.totalStake),
          potential_payout: String(c.potentialPayout),
          status: 0,
          payout: '0',
          paid: false,
          pay_date: null,
          coupon: JSON.stringify(c),
          results: '{}',
          placed_at: c.placedAt,
          updated_at: c.placedAt,
        })
        .onConflict((oc) => oc.column('coupon_id').doNothing())
        .execute();
      return;
    }
    const id = event.data.couponId;
    const row = await tx.selectFrom('coupons').select(['results']).where('coupon_id', '=', id).executeTakeFirst();
    if (!row) return;
    const update = (set: UpdateObject<CouponTables, 'coupons'>) => tx.updateTable('coupons').set(set).where('coupon_id', '=', id).execute();
    switch (event.type) {
      case 'SelectionSettled':
      case 'SelectionResettled':
        await update({ results: JSON.stringify({ ...row.results, [event.data.selectionId]: event.data.result }), updated_at: event.data.at });
        return;
      case 'SelectionUnsettled': {
        const { [event.data.selectionId]: _withdrawn, ...results } = row.results;
        await update({ results: JSON.stringify(results), updated_at: event.data.at });
        return;
      }
      case 'CouponSettled':
      case 'CouponResettled':
        await update({ status: event.data.status, payout: String(event.data.payout), updated_at: event.data.at });
        return;
      case 'CouponSold':
        await update({ status: 2, payout: String(event.data.amount), paid: true, pay_date: event.data.at, updated_at: event.data.at });
        return;
      case 'CouponCancelled':
        await update({ status: -2, payout: String(event.data.refund), updated_at: event.data.at });
        return;
      case 'CouponPaid':
        await update({ paid: true, pay_date: event.data.at, updated_at: event.data.at });
        return;
    }
  },
};
