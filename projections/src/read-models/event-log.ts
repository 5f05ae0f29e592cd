import { type RecordedEvent, streamCategory } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../runner/projection';

/**
 * The regulator's index of the whole log: who did what, to which stream, when, and where it sits in
 * the global order. The events themselves (data, hashes) stay in the event store; this answers
 * "everything user X did last week" or "every event of coupon Y" without reading the log.
 */
export interface EventLogTables {
  event_log: {
    event_id: string;
    /** The event's global position, as numeric(20) text: compare as bigint. */
    position_commit: string;
    position_prepare: string;
    stream_name: string;
    stream_revision: string;
    category: string;
    event_type: string;
    actor_user_id: string;
    actor_role: string;
    actor_ip: string | null;
    correlation_id: string;
    causation_id: string;
    /** When the command was decided (metadata.at), not when the row was written. */
    at: ColumnType<Date, string, never>;
  };
}

export const eventLog: Projection<EventLogTables> = {
  name: 'event-log',
  version: 1,
  handles: 'all',
  tables: ['event_log'],

  async createTables(tx) {
    await tx.schema
      .createTable('event_log')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('position_commit', sql`numeric(20, 0)`, (c) => c.notNull())
      .addColumn('position_prepare', sql`numeric(20, 0)`, (c) => c.notNull())
      .addColumn('stream_name', 'text', (c) => c.notNull())
      .addColumn('stream_revision', 'bigint', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('actor_user_id', 'text', (c) => c.notNull())
      .addColumn('actor_role', 'text', (c) => c.notNull())
      .addColumn('actor_ip', 'text')
      .addColumn('correlation_id', 'text', (c) => c.notNull())
      .addColumn('causation_id', 'text', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('event_log_position').on('event_log').columns(['position_commit', 'position_prepare']).execute();
    await tx.schema.createIndex('event_log_stream').on('event_log').columns(['stream_name', 'stream_revision']).execute();
    await tx.schema.createIndex('event_log_actor_at').on('event_log').columns(['actor_user_id', 'at']).execute();
    await tx.schema.createIndex('event_log_type_at').on('event_log').columns(['event_type', 'at']).execute();
    await tx.schema.createIndex('event_log_category_at').on('event_log').columns(['category', 'at']).execute();
    await tx.schema.createIndex('event_log_correlation').on('event_log').column('correlation_id').execute();
  },

  async apply(tx: Transaction<EventLogTables>, event: RecordedEvent) {
    const { actor } = event.metadata;
    await tx
      .insertInto('event_log')
      .values({
        event_id: event.id,
        position_commit: event.position.commit.toString(),
        position_prepare: event.position.prepare.toString(),
        stream_name: event.streamName,
        stream_revision: event.streamRevision.toString(),
        category: streamCategory(event.streamName),
        event_type: event.type,
        actor_user_id: actor.userId,
        actor_role: actor.role,
        actor_ip: actor.ip ?? null,
        correlation_id: event.metadata.correlationId,
        causation_id: event.metadata.causationId,
        at: event.metadata.at,
      })
      .execute();
  },
};

