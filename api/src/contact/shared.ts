/** What the contact form's routes and the staff inbox's routes share: services, refusals, the staff view of a message. */
import type { ContactState, DomainError } from '@kupon/domain';
import type { FastifyInstance } from 'fastify';
import type { IdentityServices } from '../identity/services';
import { StaffContactMessage } from '../contract/contact';
import { ErrorBody } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import type { MoneyServices } from '../payments/money';

registerErrorStatuses({ contactMessageNotFound: 404, contactMessageExists: 409, contactMessageClosed: 409 });

export type ContactServices = Pick<MoneyServices, 'commands' | 'pool' | 'clock' | 'accounts'> & Pick<IdentityServices, 'captcha' | 'mailer' | 'rateLimits'>;

/** The money services with the identity context's captcha, mailer and rate limits. */
export function contactServices(app: FastifyInstance): ContactServices {
  return { ...app.money, captcha: app.identity.captcha, mailer: app.identity.mailer, rateLimits: app.identity.rateLimits };
}

export const STAFF_READ = ['admin', 'operator', 'regulator'] as const;
export const STAFF_WRITE = ['admin', 'operator'] as const;
export const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody };
/** What a player sees of their own messages. */
export const MINE_LIMIT = 50;
/** The form's own rules answer 400 as the contract's schema does; the business's other refusals keep their status. */
export const FORM_RULES: ReadonlySet<string> = new Set(['minLengthMaxLength', 'emailRequired', 'invalidField']);

export function refused(error: DomainError): ApiError {
  return FORM_RULES.has(error.code) ? refusal(error, 400) : refusal(error);
}

export type SentState = Exclude<ContactState, { status: 'none' }>;

/** A message as staff see it, from its folded stream: what a command answers (the read model catches up a moment later). */
export function staffView(state: SentState): StaffContactMessage {
  const { message: m, replies } = state;
  return {
    messageId: m.messageId,
    userId: m.userId,
    userName: m.userName,
    name: m.name,
    email: m.email,
    topic: m.topic,
    subject: m.subject,
    status: state.status,
    sentAt: m.at,
    repliedAt: replies.at(-1)?.at ?? null,
    replyCount: replies.length,
    message: m.message,
    lang: m.lang,
    ip: m.ip,
    replies: [...replies],
    closedAt: state.status === 'closed' ? state.closed.at : null,
    closedByUserName: state.status === 'closed' ? state.closed.byUserName : null,
  };
}
