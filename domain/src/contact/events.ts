/**
 * The contact form (spec §2 "contact form … pages exist"): a visitor or player writes to the
 * operator, staff answer by mail and close the message. One stream per message, `contact-<messageId>`:
 * sent → replied (any number of staff replies) → closed.
 */

/** What a message is about; the back office's inbox filters by it. `complaint` is a formal complaint. */
export const CONTACT_TOPICS = ['general', 'account', 'payments', 'betting', 'casino', 'technical', 'complaint'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** open until the first reply, answered after it, closed once staff close it (final). */
export const CONTACT_STATUSES = ['open', 'answered', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export interface ContactMessageSent {
  readonly type: 'ContactMessageSent';
  readonly data: {
    readonly siteId: string;
    readonly messageId: string;
    /** The sender's account; null for a guest. */
    readonly userId: string | null;
    readonly userName: string | null;
    /** Trimmed, as the reply mail addresses the sender. */
    readonly name: string;
    /** Trimmed and lower-case: where the replies go. */
    readonly email: string;
    readonly topic: ContactTopic;
    readonly subject: string;
    readonly message: string;
    /** The language the sender wrote in: the reply mail's. */
    readonly lang: string;
    /** The sender's address as the api saw it. */
    readonly ip: string;
    readonly at: string;
  };
}

export interface ContactMessageReplied {
  readonly type: 'ContactMessageReplied';
  readonly data: {
    readonly siteId: string;
    readonly messageId: string;
    readonly replyId: string;
    readonly byUserId: string;
    readonly byUserName: string;
    readonly text: string;
    readonly at: string;
  };
}

export interface ContactMessageClosed {
  readonly type: 'ContactMessageClosed';
  readonly data: { readonly siteId: string; readonly messageId: string; readonly byUserId: string; readonly byUserName: string; readonly at: string };
}

export type ContactEvent = ContactMessageSent | ContactMessageReplied | ContactMessageClosed;
export const CONTACT_EVENT_TYPES: readonly ContactEvent['type'][] = ['ContactMessageSent', 'ContactMessageReplied', 'ContactMessageClosed'];

export function contactStream(messageId: string): string {
  return `contact-${messageId}`;
}
