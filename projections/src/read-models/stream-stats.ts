import { type RecordedEvent, streamCategory } from '@kupon/eventstore';
import type { ColumnType, Transaction } from 'kysely';
import type { Projection } from '../runner/projection';

/** How much each part of the system has written: per stream category, and each stream's head. */
export interface StreamStatsTables {
  stream_categories: {
    category: string;
    /** bigint as text. */
    streams: ColumnType<string, string, string>;
    events: ColumnType<string, string, string>;
    last_event_at: ColumnType<Date, string, string>;
  };
  stream_heads: {
    stream_name: string;
    category: string;
    /** The last revision seen, bigint as text. */
    revision: string;
    last_event_type: string;
    last_event_at: ColumnType<Date, string, string>;
  };
}

export const streamStats: Projection<StreamStatsTables> = {
  name: 'stream-stats',
  version: 1,
  handles: 'all',
  tables: ['stream_categories', 'stream_heads'],

  async createTables(tx) {
    await tx.schema
      .createTable('stream_categories')
      .addColumn('category', 'text', (c) => c.primaryKey())
      .addColumn('streams', 'bigint', (c) => c.notNull())
      .addColumn('events', 'bigint', (c) => c.notNull())
      .addColumn('last_event_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema
      .createTable('stream_heads')
      .addColumn('stream_name', 'text', (c) => c.primaryKey())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('last_event_type', 'text', (c) => c.notNull())
      .addColumn('last_event_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('stream_heads_category').on('stream_heads').columns(['category', 'stream_name']).execute();
  },

  async apply(tx: Transaction<StreamStatsTables>, event: RecordedEvent) {
    const category = streamCategory(event.streamName);
    const opensStream = event.streamRevision === 0n;
    await tx
      .insertInto('stream_heads')
      .values({ stream_name: event.streamName, category, revision: event.streamRevision.toString(), last_event_type: event.type, last_event_at: event.metadata.at })
      .onConflict((oc) =>
        oc.column('stream_name').doUpdateSet((eb) => ({
          revision: eb.ref('excluded.revision'),
          last_event_type: eb.ref('excluded.last_event_type'),
          last_event_at: eb.ref('excluded.last_event_at'),
        })),
      )
      .execute();
    await tx
      .insertInto('stream_categories')
      .values({ category, streams: opensStream ? '1' : '0', events: '1', last_event_at: event.metadata.at })
      .onConflict((oc) =>
        oc.column('category').doUpdateSet((eb) => ({
          streams: eb('stream_categories.streams', '+', eb.ref('excluded.streams')),
          events: eb('stream_categories.events', '+', eb.ref('excluded.events')),
          last_event_at: eb.fn('greatest', [eb.ref('stream_categories.last_event_at'), eb.ref('excluded.last_event_at')]),
        })),
      )
      .execute();
  },
};
