import { fillPlaceholders, type MailTemplate } from '@kupon/domain';
import type { SqlPool } from '@kupon/eventstore';
import type { Mailer, MailMessage } from '../identity/mail';

/**
 * The site's own e-mail templates (back office "e-mail templates") over any mailer: a message that
 * carries its placeholder `values` is written from the site's template of its `kind`, in the
 * message's language (else the template's first); with no template set, the built-in text goes out
 * unchanged.
 */
export class TemplatedMailer implements Mailer {
  constructor(
    private readonly inner: Mailer,
    private readonly pool: SqlPool,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const template = message.values ? await this.templateOf(message.siteId, message.kind) : null;
    if (!template || !message.values) return this.inner.send(message);
    const lang = message.lang && template.subjects[message.lang] ? message.lang : Object.keys(template.subjects)[0];
    const subject = lang ? template.subjects[lang] : undefined;
    const body = lang ? template.bodies[lang] : undefined;
    if (!subject || !body) return this.inner.send(message);
    await this.inner.send({ ...message, subject: fillPlaceholders(subject, message.values).replace(/[\r\n]+/g, ' '), text: fillPlaceholders(body, message.values) });
  }

  private async templateOf(siteId: string, kind: string): Promise<MailTemplate | null> {
    let rows: { item: MailTemplate | string }[];
    try {
      ({ rows } = await this.pool.query<{ item: MailTemplate | string }>(`select item from content_items where site_id = $1 and kind = 'mailTemplate' and item_id = $2`, [siteId, kind]));
    } catch (error) {
      // The content read model not built yet (a fresh database before the projections ran): the built-in text.
      if ((error as { code?: string }).code === '42P01') return null;
      throw error;
    }
    const item = rows[0]?.item;
    return item === undefined ? null : typeof item === 'string' ? (JSON.parse(item) as MailTemplate) : item;
  }
}
