import type { SqlPool } from '@kupon/eventstore';
import { newId } from './secrets';

export interface MailMessage {
  /**
   * The mail's own id (a uuid), when the sender may send it again: a mailer sends one id once, so a
   * caller that cannot know whether an earlier try went out (it failed after, or it never answered)
   * sends again. Without one, every send is a new mail.
   */
  readonly id?: string;
  readonly siteId: string;
  readonly to: string;
  /** What it is for (`activation`, `passwordReset`): the backoffice groups by it; templates key on it. */
  readonly kind: string;
  readonly subject: string;
  readonly text: string;
  /** The reader's language, for a site's own template of this kind. */
  readonly lang?: string;
  /** What fills the `{{placeholders}}` of a site's own template of this kind (content/templated-mailer.ts). */
  readonly values?: Readonly<Record<string, string>>;
}

/** The mail port. Production plugs an SMTP / provider adapter in here. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface OutboxFilter {
  /** The exact (lower-case) address. */
  readonly to?: string | undefined;
  readonly kind?: string | undefined;
  readonly limit?: number;
  readonly offset?: number;
}

export interface OutboxEntry extends MailMessage {
  readonly id: string;
  readonly createdAt: string;
}

/**
 * The built-in mailer: writes every message to the `mail_outbox` table instead of sending it, so a
 * developer (and the backoffice) can read activation and reset mails without a mail server.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly pool: SqlPool,
    private readonly clock: () => Date,
  ) {}

  async send(message: MailMessage): Promise<void> {
    await this.pool.query('insert into mail_outbox (id, site_id, recipient, kind, subject, body, created_at) values ($1, $2, $3, $4, $5, $6, $7) on conflict (id) do nothing', [
      message.id ?? newId(),
      message.siteId,
      message.to,
      message.kind,
      message.subject,
      message.text,
      this.clock().toISOString(),
    ]);
  }

  async list(siteId: string, options: OutboxFilter = {}): Promise<OutboxEntry[]> {
    return (await this.page(siteId, options)).messages;
  }

  /** One page of a site's outbox, newest first, with how many messages match in all. */
  async page(siteId: string, { to, kind, limit = 50, offset = 0 }: OutboxFilter = {}): Promise<{ messages: OutboxEntry[]; total: number }> {
    const { rows } = await this.pool.query<{ id: string; site_id: string; recipient: string; kind: string; subject: string; body: string; created_at: Date | string; total: string | number }>(
      `select id, site_id, recipient, kind, subject, body, created_at, count(*) over () as total from mail_outbox
        where site_id = $1 and ($2::text is null or recipient = $2) and ($3::text is null or kind = $3)
        order by created_at desc, id limit $4 offset $5`,
      [siteId, to ?? null, kind ?? null, limit, offset],
    );
    const messages = rows.map((row) => ({
      id: row.id,
      siteId: row.site_id,
      to: row.recipient,
      kind: row.kind,
      subject: row.subject,
      text: row.body,
      createdAt: new Date(row.created_at).toISOString(),
    }));
    // Past the last page the window count has no row to ride on; count once so the pager still knows.
    if (rows.length === 0 && offset > 0) {
      const counted = await this.pool.query<{ total: string | number }>(
        'select count(*) as total from mail_outbox where site_id = $1 and ($2::text is null or recipient = $2) and ($3::text is null or kind = $3)',
        [siteId, to ?? null, kind ?? null],
      );
      return { messages, total: Number(counted.rows[0]?.total ?? 0) };
    }
    return { messages, total: Number(rows[0]?.total ?? 0) };
  }
}
