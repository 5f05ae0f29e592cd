import type { ContactReplyRecord, ContactStatus, ContactTopic } from '@kupon/domain';
import type { Kysely, Selectable } from 'kysely';
import { COUNT, escapeLike, type Page, TOTAL, totalOf } from '../paging';
import type { ContactTables } from './contact';

/** One message as the inbox lists it. */
export interface ContactSummaryRow {
  readonly messageId: string;
  readonly userId: string | null;
  readonly userName: string | null;
  readonly name: string;
  readonly email: string;
  readonly topic: ContactTopic;
  readonly subject: string;
  readonly status: ContactStatus;
  readonly sentAt: string;
  readonly repliedAt: string | null;
  readonly replyCount: number;
}

/** The whole message: its text, where it came from, every reply and who closed it. */
export interface ContactMessageRow extends ContactSummaryRow {
  readonly message: string;
  readonly lang: string;
  readonly ip: string;
  readonly replies: readonly ContactReplyRecord[];
  readonly closedAt: string | null;
  readonly closedByUserName: string | null;
}

export interface ContactInboxFilter {
  readonly status?: ContactStatus | undefined;
  readonly topic?: ContactTopic | undefined;
  /** Part of the name, e-mail, username or subject, any case. */
  readonly q?: string | undefined;
  readonly offset: number;
  readonly limit: number;
}

const SUMMARY = ['message_id', 'user_id', 'user_name', 'name', 'email', 'topic', 'subject', 'status', 'sent_at', 'replied_at', 'reply_count'] as const;
type Row = Selectable<ContactTables['contact_messages']>;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Reads of the contact read model; every one names its site, so one brand never sees another's messages. */
export class ContactQueries {
  constructor(private readonly db: Kysely<ContactTables>) {}

  /** Staff: the site's messages, newest first, of one status and topic or all, matching `q`. */
  async inbox(siteId: string, filter: ContactInboxFilter): Promise<Page<ContactSummaryRow>> {
    let base = this.db.selectFrom('contact_messages').where('site_id', '=', siteId);
    if (filter.status) base = base.where('status', '=', filter.status);
    if (filter.topic) base = base.where('topic', '=', filter.topic);
    const q = filter.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      base = base.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('email', 'ilike', pattern), eb('user_name', 'ilike', pattern), eb('subject', 'ilike', pattern)]));
    }
    const rows = await base.select([...SUMMARY, TOTAL]).orderBy('sent_at', 'desc').orderBy('message_id').offset(filter.offset).limit(filter.limit).execute();
    return { rows: rows.map(summaryRow), total: await totalOf(rows, filter.offset, () => base.select(COUNT).executeTakeFirstOrThrow()) };
  }

  /** Staff: one message of the site, or null (none, or another site's). */
  async message(siteId: string, messageId: string): Promise<ContactMessageRow | null> {
    const row = await this.db.selectFrom('contact_messages').selectAll().where('site_id', '=', siteId).where('message_id', '=', messageId).executeTakeFirst();
    return row ? messageRow(row) : null;
  }

  /** A player's own messages on the site, newest first. */
  async mine(siteId: string, userId: string, limit: number): Promise<ContactMessageRow[]> {
    const rows = await this.db.selectFrom('contact_messages').selectAll().where('site_id', '=', siteId).where('user_id', '=', userId).orderBy('sent_at', 'desc').orderBy('message_id').limit(limit).execute();
    return rows.map(messageRow);
  }
}

function summaryRow(row: Pick<Row, (typeof SUMMARY)[number]>): ContactSummaryRow {
  return {
    messageId: row.message_id,
    userId: row.user_id,
    userName: row.user_name,
    name: row.name,
    email: row.email,
    topic: row.topic as ContactTopic,
    subject: row.subject,
    status: row.status as ContactStatus,
    sentAt: iso(row.sent_at),
    repliedAt: isoOrNull(row.replied_at),
    replyCount: row.reply_count,
  };
}

function messageRow(row: Row): ContactMessageRow {
  // pg parses jsonb; a driver that answers text gets it parsed here.
  const replies = typeof row.replies === 'string' ? (JSON.parse(row.replies) as ContactReplyRecord[]) : row.replies;
  return {
    ...summaryRow(row),
    message: row.message,
    lang: row.lang,
    ip: row.ip,
    replies,
    closedAt: isoOrNull(row.closed_at),
    closedByUserName: row.closed_by_user_name,
  };
}
