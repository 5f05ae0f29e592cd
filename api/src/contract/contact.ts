import { CONTACT_STATUSES, CONTACT_TOPICS, contactLengthError, type ContactStatus, type ContactTopic, errorKey, LANGUAGE_CODE } from '@kupon/domain';
import { z } from 'zod';

/**
 * Wire shapes of the contact form and the back office's inbox (spec §2 "contact form … pages exist;
 * their forms are not shown beyond labels"; the labels a player expects: name, e-mail, topic,
 * subject, message). Each message is its own stream `contact-<messageId>` (domain/src/contact):
 * sent → replied (any number of staff replies) → closed. The inbox reads the `contact_messages`
 * read table (projections/src/read-models/contact).
 *
 * Player site (`/contact`):
 * - `POST /contact` with `ContactBody` → `ContactSent`. Guests give their name and e-mail and solve
 *   the captcha (`GET /captcha`); a logged-in player (or terminal) needs neither: the name
 *   is their username and the e-mail their account's unless they type another. The client draws
 *   `messageId` (a uuid) once per form, so a retried send stores one message; the same id with
 *   other content is refused (`contactMessageExists`). Rate-limited as logins are.
 * - `GET /contact/mine` (logged in) → `MyContactMessages`: the player's own messages of this site,
 *   newest first (at most 50), with every staff reply (the replying staff member is not named).
 *
 * Back office (`/staff/contact-messages`; admin and operator answer and close, the regulator reads):
 * - `GET ?status=&topic=&q=&limit=&offset=` → `ContactInbox`: this site's messages, newest first,
 *   with the total that match. `q` matches the name, e-mail, username or subject (any case).
 * - `GET /:messageId` → `StaffContactMessage` (the whole message and its replies).
 * - `POST /:messageId/replies` with `ContactReplyBody` → `StaffContactMessage`: the reply is
 *   recorded (status `answered`) and mailed to the message's address through the mail port (kind
 *   `contactReply`; the dev outbox shows it). `replyId` (a uuid per reply) makes a retry safe.
 * - `POST /:messageId/close` → `StaffContactMessage`; closing a closed message records nothing.
 *
 * Refusals: 400 `minLengthMaxLength|name|2|60`, `emailRequired`, `invalidField|email|topic`,
 * `minLengthMaxLength|subject|3|120`, `minLengthMaxLength|message|10|2000`,
 * `minLengthMaxLength|reply|2|4000`; 401 `loginRequired`; 403 `permissionDenied|role`,
 * `readOnlyRole` (the regulator's reply or close);
 * 404 `contactMessageNotFound|messageId`; 409 `contactMessageExists|messageId`,
 * `contactMessageClosed|messageId` (a reply to a closed message); 422 `securityCodeWrong`;
 * 429 `tooManyRequests`; 503 `maintenance`.
 */

/**
 * What the message is about (the inbox filters by it; `complaint` is a formal complaint) and where it
 * stands: the domain's lists (domain/src/contact/events.ts), which its decider checks against.
 */
export { CONTACT_STATUSES, CONTACT_TOPICS, type ContactStatus, type ContactTopic };

/**
 * A text far over its field's bound is refused on the wire with the same key the decider gives one
 * just over it (`minLengthMaxLength|subject|3|120`), so the client shows one message for both.
 */
const lengthKey = (field: Parameters<typeof contactLengthError>[0]): string => errorKey(contactLengthError(field));

export const ContactBody = z.object({
  messageId: z.uuid('invalidField|messageId'),
  /** Required of guests; a logged-in player's username when left out. */
  name: z.string().max(200, lengthKey('name')).optional(),
  /** Required of guests; a logged-in player's account e-mail when left out. */
  email: z.string().max(254, 'invalidField|email').optional(),
  topic: z.enum(CONTACT_TOPICS, 'invalidField|topic'),
  subject: z.string().max(500, lengthKey('subject')),
  message: z.string().max(10_000, lengthKey('message')),
  /** The language the player wrote in (the reply mail's template language). */
  lang: z.string().regex(LANGUAGE_CODE, 'invalidField|lang').optional(),
  /** Guests only. */
  captchaId: z.string().max(40).optional(),
  captchaCode: z.string().max(20).optional(),
});
export type ContactBody = z.input<typeof ContactBody>;

export const ContactSent = z.object({ messageId: z.uuid(), status: z.enum(CONTACT_STATUSES) });
export type ContactSent = z.infer<typeof ContactSent>;

export const ContactReply = z.object({ replyId: z.uuid(), text: z.string(), at: z.string() });
export type ContactReply = z.infer<typeof ContactReply>;

/** A message as its sender sees it. */
export const MyContactMessage = z.object({
  messageId: z.uuid(),
  topic: z.enum(CONTACT_TOPICS),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  /** ISO instant. */
  sentAt: z.string(),
  replies: z.array(ContactReply),
});
export type MyContactMessage = z.infer<typeof MyContactMessage>;
export const MyContactMessages = z.object({ messages: z.array(MyContactMessage) });
export type MyContactMessages = z.infer<typeof MyContactMessages>;

export const ContactInboxQuery = z.object({
  status: z.enum(CONTACT_STATUSES, 'invalidField|status').optional(),
  topic: z.enum(CONTACT_TOPICS, 'invalidField|topic').optional(),
  q: z.string().max(100, 'invalidField|q').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ContactInboxQuery = z.input<typeof ContactInboxQuery>;

/** One row of the inbox. */
export const ContactSummary = z.object({
  messageId: z.uuid(),
  /** The sender's account, null for a guest. */
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  topic: z.enum(CONTACT_TOPICS),
  subject: z.string(),
  status: z.enum(CONTACT_STATUSES),
  sentAt: z.string(),
  /** The last reply's instant, null before the first. */
  repliedAt: z.string().nullable(),
  replyCount: z.number().int(),
});
export type ContactSummary = z.infer<typeof ContactSummary>;
export const ContactInbox = z.object({ total: z.number().int(), messages: z.array(ContactSummary) });
export type ContactInbox = z.infer<typeof ContactInbox>;

export const StaffContactReply = ContactReply.extend({ byUserId: z.string(), byUserName: z.string() });
export type StaffContactReply = z.infer<typeof StaffContactReply>;

/** A message as staff see it: the summary, the text, where it came from, every reply and who closed it. */
export const StaffContactMessage = ContactSummary.extend({
  message: z.string(),
  lang: z.string(),
  /** The sender's address as the api saw it (TRUST_PROXY aware). */
  ip: z.string(),
  replies: z.array(StaffContactReply),
  closedAt: z.string().nullable(),
  closedByUserName: z.string().nullable(),
});
export type StaffContactMessage = z.infer<typeof StaffContactMessage>;

export const ContactMessageParams = z.object({ messageId: z.uuid('contactMessageNotFound') });
export const ContactReplyBody = z.object({
  replyId: z.uuid('invalidField|replyId'),
  text: z.string().max(20_000, lengthKey('reply')),
});
export type ContactReplyBody = z.infer<typeof ContactReplyBody>;
