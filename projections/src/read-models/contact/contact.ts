import { CONTACT_EVENT_TYPES, type ContactEvent, type ContactReplyRecord } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * The contact form's messages as the back office's inbox and a player's "my messages" read them
 * (streams `contact-…`, api/CONTACT.md): one row per message with its replies as JSON, and the
 * columns the inbox filters, searches and sorts by.
 */
export interface ContactTables {
  contact_messages: {
    message_id: string;
    site_id: string;
    /** The sender's account; null for a guest. */
    user_id: string | null;
    user_name: string | null;
    name: string;
    email: string;
    topic: string;
    subject: string;
    message: string;
    lang: string;
    ip: string;
    /** open | answered | closed */
    status: string;
    sent_at: ColumnType<Date, string, never>;
    /** The last reply's instant. */
    replied_at: ColumnType<Date | null, string | null, string | null>;
    reply_count: number;
    /** Every reply in order: `ContactReplyRecord`s. */
    replies: ColumnType<ContactReplyRecord[] | string, string, string>;
    closed_at: ColumnType<Date | null, string | null, string | null>;
    closed_by_user_name: string | null;
  };
}

export const contact: Projection<ContactTables> = {
  name: 'contact',
  version: 1,
  handles: CONTACT_EVENT_TYPES,
  tables: ['contact_messages'],

  async createTables(tx) {
    await tx.schema
      .createTable('contact_messages')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text')
      .addColumn('user_name', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('topic', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('lang', 'text', (c) => c.notNull())
      .addColumn('ip', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('sent_at', 'timestamptz', (c) => c.notNull())
      .addColumn('replied_at', 'timestamptz')
      .addColumn('reply_count', 'integer', (c) => c.notNull())
      .addColumn('replies', 'jsonb', (c) => c.notNull())
      .addColumn('closed_at', 'timestamptz')
      .addColumn('closed_by_user_name', 'text')
      .execute();
    await tx.schema.createIndex('contact_messages_site_sent').on('contact_messages').columns(['site_id', 'sent_at']).execute();
    await tx.schema.createIndex('contact_messages_user_sent').on('contact_messages').columns(['user_id', 'sent_at']).execute();
  },

  async apply(tx: Transaction<ContactTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as ContactEvent;
    switch (event.type) {
      case 'ContactMessageSent': {
        const m = event.data;
        await tx
          .insertInto('contact_messages')
          .values({
            message_id: m.messageId,
            site_id: m.siteId,
            user_id: m.userId,
            user_name: m.userName,
            name: m.name,
            email: m.email,
            topic: m.topic,
            subject: m.subject,
            message: m.message,
            lang: m.lang,
            ip: m.ip,
            status: 'open',
            sent_at: m.at,
            replied_at: null,
            reply_count: 0,
            replies: '[]',
            closed_at: null,
            closed_by_user_name: null,
          })
          .onConflict((oc) => oc.column('message_id').doNothing())
          .execute();
        return;
      }
      case 'ContactMessageReplied': {
        const { messageId, replyId, byUserId, byUserName, text, at } = event.data;
        const reply: ContactReplyRecord = { replyId, byUserId, byUserName, text, at };
        // The decider records a reply id once; the guard keeps a row right even so.
        await tx
          .updateTable('contact_messages')
          .set({
            replies: sql<string>`replies || ${JSON.stringify([reply])}::jsonb`,
            reply_count: sql<number>`reply_count + 1`,
            replied_at: at,
            status: sql<string>`case when status = 'closed' then 'closed' else 'answered' end`,
          })
          .where('message_id', '=', messageId)
          .where(sql<boolean>`not replies @> ${JSON.stringify([{ replyId }])}::jsonb`)
          .execute();
        return;
      }
      case 'ContactMessageClosed':
        await tx.updateTable('contact_messages').set({ status: 'closed', closed_at: event.data.at, closed_by_user_name: event.data.byUserName }).where('message_id', '=', event.data.messageId).execute();
        return;
      default:
        return;
    }
  },
};
