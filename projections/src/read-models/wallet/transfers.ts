import { TRANSFER_EVENT_TYPES, type TransferEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/** Deposit and withdrawal requests (`getTransfers`, staff approval queue). */
export interface TransferTables {
  transfers: {
    transfer_id: string;
    account_id: string;
    site_id: string;
    direction: string;
    amount: ColumnType<string, string, never>;
    currency: string;
    pay_id: number;
    pay_cat_id: number;
    provider: string;
    /** requested | approved | rejected | credited | paid */
    status: string;
    reason: string | null;
    decided_by: string | null;
    requested_at: ColumnType<Date, string, never>;
    updated_at: ColumnType<Date, string, string>;
  };
}

export const transfers: Projection<TransferTables> = {
  name: 'transfers',
  version: 1,
  handles: TRANSFER_EVENT_TYPES,
  tables: ['transfers'],

  async createTables(tx) {
    await tx.schema
      .createTable('transfers')
      .addColumn('transfer_id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('direction', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('pay_id', 'integer', (c) => c.notNull())
      .addColumn('pay_cat_id', 'integer', (c) => c.notNull())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('reason', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('transfers_account_at').on('transfers').columns(['account_id', 'requested_at']).execute();
    await tx.schema.createIndex('transfers_site_status').on('transfers').columns(['site_id', 'status', 'requested_at']).execute();
  },

  async apply(tx: Transaction<TransferTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as TransferEvent;
    switch (event.type) {
      case 'TransferRequested': {
        const r = event.data;
        await tx
          .insertInto('transfers')
          .values({
            transfer_id: r.transferId,
            account_id: r.accountId,
            site_id: r.siteId,
            direction: r.direction,
            amount: String(r.amount),
            currency: r.currency,
            pay_id: r.payId,
            pay_cat_id: r.payCatId,
            provider: r.provider,
            status: 'requested',
            reason: null,
            decided_by: null,
            requested_at: r.requestedAt,
            updated_at: r.requestedAt,
          })
          .onConflict((oc) => oc.column('transfer_id').doNothing())
          .execute();
        return;
      }
      case 'TransferApproved':
        await tx.updateTable('transfers').set({ status: 'approved', decided_by: event.data.by, updated_at: event.data.at }).where('transfer_id', '=', event.data.transferId).execute();
        return;
      case 'TransferRejected':
        await tx
          .updateTable('transfers')
          .set({ status: 'rejected', decided_by: event.data.by, reason: event.data.reason, updated_at: event.data.at })
          .where('transfer_id', '=', event.data.transferId)
          .execute();
        return;
      case 'TransferCredited':
      case 'TransferPaid':
        await tx
          .updateTable('transfers')
          .set({ status: event.type === 'TransferCredited' ? 'credited' : 'paid', updated_at: event.data.at })
          .where('transfer_id', '=', event.data.transferId)
          .where('status', '!=', 'reversed')
          .execute();
        return;
      case 'TransferReversed':
        // A terminal's cash-out whose slip did not print (api/PRINTS.md); a late `TransferPaid` leaves it reversed.
        await tx.updateTable('transfers').set({ status: 'reversed', reason: event.data.reason, updated_at: event.data.at }).where('transfer_id', '=', event.data.transferId).execute();
        return;
      case 'TransferSlipReported':
        return;
    }
  },
};
