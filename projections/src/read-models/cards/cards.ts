import { CARD_EVENT_TYPES, type CardEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/** Prepaid cards (api/CARDS.md): what a dealer lists; never the PIN, not even its hash. */
export interface CardTables {
  cards: {
    card_id: string;
    site_id: string;
    dealer_id: string;
    number: string;
    amount: ColumnType<string, string, never>;
    currency: string;
    batch: string | null;
    /** issued | redeemed | cancelled | expired */
    state: string;
    issued_at: ColumnType<Date, string, never>;
    expires_at: ColumnType<Date | null, string | null, never>;
    redeemed_by: string | null;
    /** When it was redeemed, cancelled or expired. */
    closed_at: ColumnType<Date | null, string | null, string | null>;
  };
}

export const cards: Projection<CardTables> = {
  name: 'cards',
  version: 1,
  handles: CARD_EVENT_TYPES,
  tables: ['cards'],

  async createTables(tx) {
    await tx.schema
      .createTable('cards')
      .addColumn('card_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('dealer_id', 'text', (c) => c.notNull())
      .addColumn('number', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('batch', 'text')
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('issued_at', 'timestamptz', (c) => c.notNull())
      .addColumn('expires_at', 'timestamptz')
      .addColumn('redeemed_by', 'text')
      .addColumn('closed_at', 'timestamptz')
      .execute();
    await tx.schema.createIndex('cards_site_dealer').on('cards').columns(['site_id', 'dealer_id', 'issued_at']).execute();
    await tx.schema.createIndex('cards_site_due').on('cards').columns(['site_id', 'state', 'expires_at']).execute();
  },

  async apply(tx: Transaction<CardTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as CardEvent;
    switch (event.type) {
      case 'CardIssued': {
        const c = event.data;
        await tx
          .insertInto('cards')
          .values({ card_id: c.cardId, site_id: c.siteId, dealer_id: c.dealerId, number: c.number, amount: String(c.amount), currency: c.currency, batch: c.batch, state: 'issued', issued_at: c.issuedAt, expires_at: c.expiresAt, redeemed_by: null, closed_at: null })
          .onConflict((oc) => oc.column('card_id').doNothing())
          .execute();
        return;
      }
      case 'CardRedeemed':
        await tx.updateTable('cards').set({ state: 'redeemed', redeemed_by: event.data.playerId, closed_at: event.data.at }).where('card_id', '=', event.data.cardId).execute();
        return;
      case 'CardCancelled':
      case 'CardExpired':
        await tx
          .updateTable('cards')
          .set({ state: event.type === 'CardCancelled' ? 'cancelled' : 'expired', closed_at: event.data.at })
          .where('card_id', '=', event.data.cardId)
          .execute();
        return;
      default:
        return;
    }
  },
};
