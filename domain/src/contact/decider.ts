import { normalizeEmail, isEmailAddress } from '../identity/rules/registration';
import { assertNever, type Decider, type DomainError, domainError, isDomainError } from '../shared/decider';
import type { ContactCommand, SendContactMessage } from './commands';
import { CONTACT_TOPICS, type ContactEvent, type ContactMessageSent, type ContactTopic } from './events';
import { isLanguageCode } from '../shared/language';

/** Trimmed lengths the form and the back office's reply box allow, [least, most]. */
export const CONTACT_LIMITS = { name: [2, 60], subject: [3, 120], message: [10, 2000], reply: [2, 4000] } as const;
/** The longest address the form takes (`invalidField|email` beyond). */
export const CONTACT_EMAIL_MAX = 254;

export type SentContactMessage = ContactMessageSent['data'];

export interface ContactReplyRecord {
  readonly replyId: string;
  readonly byUserId: string;
  readonly byUserName: string;
  readonly text: string;
  readonly at: string;
}

/** none → open → answered (after the first reply) → closed; closed is final. */
export type ContactState =
  | { readonly status: 'none' }
  | { readonly status: 'open' | 'answered'; readonly message: SentContactMessage; readonly replies: readonly ContactReplyRecord[] }
  | {
      readonly status: 'closed';
      readonly message: SentContactMessage;
      readonly replies: readonly ContactReplyRecord[];
      readonly closed: { readonly byUserId: string; readonly byUserName: string; readonly at: string };
    };

export const initialContactState: ContactState = { status: 'none' };

function evolve(state: ContactState, event: ContactEvent): ContactState {
  if (event.type === 'ContactMessageSent') return state.status === 'none' ? { status: 'open', message: event.data, replies: [] } : state;
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'ContactMessageReplied': {
      const { replyId, byUserId, byUserName, text, at } = event.data;
      const replies = [...state.replies, { replyId, byUserId, byUserName, text, at }];
      return state.status === 'closed' ? { ...state, replies } : { status: 'answered', message: state.message, replies };
    }
    case 'ContactMessageClosed': {
      const { byUserId, byUserName, at } = event.data;
      return { status: 'closed', message: state.message, replies: state.replies, closed: { byUserId, byUserName, at } };
    }
    default:
      return assertNever(event);
  }
}

/** The refusal of a text outside its field's CONTACT_LIMITS (`minLengthMaxLength|subject|3|120`): the decider's and the wire schema's. */
export function contactLengthError(field: keyof typeof CONTACT_LIMITS): DomainError {
  const [least, most] = CONTACT_LIMITS[field];
  return domainError('minLengthMaxLength', field, least, most);
}

function lengthRefused(field: keyof typeof CONTACT_LIMITS, text: string): DomainError | null {
  const [least, most] = CONTACT_LIMITS[field];
  return text.length < least || text.length > most ? contactLengthError(field) : null;
}

export type ContactForm = Pick<SendContactMessage, 'name' | 'email' | 'topic' | 'subject' | 'message' | 'lang'>;
export type CheckedContactForm = Pick<SentContactMessage, 'name' | 'email' | 'topic' | 'subject' | 'message' | 'lang'>;

/**
 * The form's own rules in the order it shows its fields; the first failure is the answer. The api
 * asks this before it spends a guest's captcha, so a typo does not cost the security code.
 */
export function checkContactForm(form: ContactForm): CheckedContactForm | DomainError {
  const name = form.name.trim();
  const email = normalizeEmail(form.email);
  const subject = form.subject.trim();
  const message = form.message.trim();
  const refused =
    lengthRefused('name', name) ??
    (email === '' ? domainError('emailRequired') : null) ??
    (email.length > CONTACT_EMAIL_MAX || !isEmailAddress(email) ? domainError('invalidField', 'email') : null) ??
    ((CONTACT_TOPICS as readonly string[]).includes(form.topic) ? null : domainError('invalidField', 'topic')) ??
    lengthRefused('subject', subject) ??
    lengthRefused('message', message) ??
    (isLanguageCode(form.lang) ? null : domainError('invalidField', 'lang'));
  return refused ?? { name, email, topic: form.topic as ContactTopic, subject, message, lang: form.lang };
}

/** The same message: one sender, the same words. Where and when it was sent again does not matter. */
function sameMessage(a: SentContactMessage, b: SentContactMessage): boolean {
  return (
    a.siteId === b.siteId && a.userId === b.userId && a.name === b.name && a.email === b.email && a.topic === b.topic && a.subject === b.subject && a.message === b.message
  );
}

function decide(command: ContactCommand, state: ContactState): readonly ContactEvent[] | DomainError {
  if (command.type === 'SendContactMessage') {
    const form = checkContactForm(command);
    if (isDomainError(form)) return form;
    const { siteId, messageId, userId, userName, ip, now } = command;
    const sent: SentContactMessage = { siteId, messageId, userId, userName, ...form, ip, at: now };
    // A retried send (same id, same words) records nothing; other words under a used id are refused.
    if (state.status !== 'none') return sameMessage(state.message, sent) ? [] : domainError('contactMessageExists', messageId);
    return [{ type: 'ContactMessageSent', data: sent }];
  }
  // A message of another site is not found from this one.
  if (state.status === 'none' || state.message.siteId !== command.siteId) return domainError('contactMessageNotFound', command.messageId);
  const { siteId, messageId, byUserId, byUserName, now } = command;
  switch (command.type) {
    case 'ReplyToContactMessage': {
      const text = command.text.trim();
      const refused = lengthRefused('reply', text);
      if (refused) return refused;
      // A retried reply is answered, not repeated, even once the message was closed after it.
      if (state.replies.some((reply) => reply.replyId === command.replyId)) return [];
      if (state.status === 'closed') return domainError('contactMessageClosed', messageId);
      return [{ type: 'ContactMessageReplied', data: { siteId, messageId, replyId: command.replyId, byUserId, byUserName, text, at: now } }];
    }
    case 'CloseContactMessage':
      if (state.status === 'closed') return [];
      return [{ type: 'ContactMessageClosed', data: { siteId, messageId, byUserId, byUserName, at: now } }];
    default:
      return assertNever(command);
  }
}

/** `contact-<messageId>`: sent once, replied by staff any number of times, closed once. */
export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState: initialContactState,
  evolve,
  decide: (command, state) => decide(command, state),
};
