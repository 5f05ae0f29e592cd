import { checkContactForm, type ContactCommand, contactDecider, type ContactState, contactStream, type DomainError, isDomainError, isLanguageCode, type SendContactMessage } from '@kupon/domain';
import { ContactQueries, kyselyOver } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { IdentityServices } from '../app';
import { ContactBody, ContactInbox, ContactInboxQuery, ContactMessageParams, ContactReplyBody, ContactSent, MyContactMessages, StaffContactMessage } from '../contract/contact';
import { ErrorBody } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import { type MoneyServices, requestMeta } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

registerErrorStatuses({ contactMessageNotFound: 404, contactMessageExists: 409, contactMessageClosed: 409 });

export type ContactServices = Pick<MoneyServices, 'commands' | 'pool' | 'clock' | 'accounts'> & Pick<IdentityServices, 'captcha' | 'mailer' | 'rateLimits'>;

const STAFF_READ = ['admin', 'operator', 'regulator'] as const;
const STAFF_WRITE = ['admin', 'operator'] as const;
const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody };
/** What a player sees of their own messages. */
const MINE_LIMIT = 50;
/** The form's own rules answer 400 as the contract's schema does; the business's other refusals keep their status. */
const FORM_RULES: ReadonlySet<string> = new Set(['minLengthMaxLength', 'emailRequired', 'invalidField']);

function refused(error: DomainError): ApiError {
  return FORM_RULES.has(error.code) ? refusal(error, 400) : refusal(error);
}

type SentState = Exclude<ContactState, { status: 'none' }>;

/** A message as staff see it, from its folded stream: what a command answers (the read model catches up a moment later). */
function staffView(state: SentState): StaffContactMessage {
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

/**
 * The player site's contact form (contract/contact.ts): `POST /contact` from guests (with the captcha)
 * and logged-in users (without), `GET /contact/mine`. Closed during maintenance like every player route.
 */
export const contactRoutes: FastifyPluginAsyncZod<ContactServices> = async (app, services) => {
  const queries = new ContactQueries(kyselyOver(services.pool));

  app.post(
    '/',
    {
      config: { rateLimit: services.rateLimits.login, maintenanceGuarded: true },
      schema: { tags: ['contact'], summary: 'Contact form: a message to the operator (guests solve the captcha); a retried messageId stores one message', body: ContactBody, response: { 200: ContactSent, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const actor = request.actor;
      const { messageId, captchaId, captchaCode, ...form } = request.body;
      const account = actor ? await services.accounts.load(actor.userId) : null;
      const at = services.clock();
      const command: SendContactMessage = {
        type: 'SendContactMessage',
        siteId: site.siteId,
        messageId,
        userId: actor?.userId ?? null,
        userName: actor?.userName ?? null,
        // A logged-in sender is known: their username and account e-mail unless they typed others.
        name: form.name?.trim() || actor?.userName || '',
        email: form.email?.trim() || account?.email || '',
        topic: form.topic,
        subject: form.subject,
        message: form.message,
        lang: [form.lang, account?.profile.lang, site.settings.defaultLang].find((lang) => lang !== undefined && isLanguageCode(lang)) ?? 'tr',
        ip: request.ip,
        now: at.toISOString(),
      };
      // The form's own rules first, so a typo does not spend the captcha.
      const early = checkContactForm(command);
      if (isDomainError(early)) throw refused(early);
      const stream = contactStream(messageId);
      if (!actor) {
        // A retried send spent its captcha the first time: a message already there is decided without one.
        const { state } = await services.commands.load(stream, contactDecider);
        if (state.status === 'none' && !(captchaId && captchaCode && (await services.captcha.check(site.siteId, captchaId, captchaCode)))) throw new ApiError(422, 'securityCodeWrong');
      }
      // A new message's stream is created without reading it first; a retry (the stream is there) is
      // read and decided again, and the state it was decided on is the answer's without another read.
      const outcome = await services.commands.runNew(stream, contactDecider, command, requestMeta(request, messageId, 'contact-send', at));
      if (!outcome.ok) throw refused(outcome.error);
      const { state } = services.commands.peek(stream, contactDecider) ?? (await services.commands.load(stream, contactDecider));
      return { messageId, status: state.status === 'none' ? 'open' : state.status };
    },
  );

  app.get(
    '/mine',
    { preHandler: requireLogin, schema: { tags: ['contact'], summary: 'My messages to this site, newest first, with every reply', response: { 200: MyContactMessages, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const rows = await queries.mine(siteOf(request).siteId, actor.userId, MINE_LIMIT);
      return {
        messages: rows.map((row) => ({
          messageId: row.messageId,
          topic: row.topic,
          subject: row.subject,
          message: row.message,
          status: row.status,
          sentAt: row.sentAt,
          // The sender is answered by the site, not by a named staff member.
          replies: row.replies.map(({ replyId, text, at }) => ({ replyId, text, at })),
        })),
      };
    },
  );
};

/**
 * The back office's contact inbox of its own site (contract/contact.ts): admin and operator reply and
 * close, each a command on `contact-<messageId>`; the regulator reads. Lists read the contact read model.
 */
export const contactInboxRoutes: FastifyPluginAsyncZod<ContactServices> = async (app, services) => {
  const queries = new ContactQueries(kyselyOver(services.pool));

  const execute = async (request: FastifyRequest, command: ContactCommand, scope: string, requestId: string) => {
    const at = services.clock();
    const stream = contactStream(command.messageId);
    const outcome = await services.commands.run(stream, contactDecider, command, requestMeta(request, requestId, scope, at));
    if (!outcome.ok) throw refused(outcome.error);
    const { state } = await services.commands.load(stream, contactDecider);
    if (state.status === 'none') throw new ApiError(404, 'contactMessageNotFound', command.messageId);
    return { state };
  };

  const staff = (request: FastifyRequest, messageId: string) => {
    const actor = actorOf(request);
    return { siteId: actor.siteId, messageId, byUserId: actor.userId, byUserName: actor.userName, now: services.clock().toISOString() };
  };

  app.get(
    '/',
    { preHandler: requireRole(...STAFF_READ), schema: { tags: ['contact'], summary: "This site's contact messages, newest first, by status, topic and text", querystring: ContactInboxQuery, response: { 200: ContactInbox, ...refusals } } },
    async (request) => {
      const page = await queries.inbox(actorOf(request).siteId, request.query);
      return { total: page.total, messages: page.rows };
    },
  );

  app.get(
    '/:messageId',
    { preHandler: requireRole(...STAFF_READ), schema: { tags: ['contact'], summary: 'One contact message with its replies', params: ContactMessageParams, response: { 200: StaffContactMessage, ...refusals } } },
    async (request) => {
      const row = await queries.message(actorOf(request).siteId, request.params.messageId);
      if (!row) throw new ApiError(404, 'contactMessageNotFound', request.params.messageId);
      return { ...row, replies: [...row.replies] };
    },
  );

  app.post(
    '/:messageId/replies',
    {
      preHandler: requireRole(...STAFF_WRITE),
      schema: { tags: ['contact'], summary: 'Answer a message: recorded, and mailed to its address (kind contactReply)', params: ContactMessageParams, body: ContactReplyBody, response: { 200: StaffContactMessage, ...refusals } },
    },
    async (request) => {
      const { replyId, text } = request.body;
      const command: ContactCommand = { type: 'ReplyToContactMessage', ...staff(request, request.params.messageId), replyId, text };
      const { state } = await execute(request, command, 'contact-reply', replyId);
      // Mailed under the reply's id, on a retry too: a try whose mail failed (or never answered) mails
      // it now, one whose mail went out is not mailed twice (the mail port sends one id once).
      const reply = state.replies.find((r) => r.replyId === replyId);
      if (reply) {
        const { message } = state;
        const site = siteOf(request);
        await services.mailer.send({
          id: replyId,
          siteId: message.siteId,
          to: message.email,
          kind: 'contactReply',
          subject: `Re: ${message.subject}`.replace(/[\r\n]+/g, ' '),
          text: reply.text,
          lang: message.lang,
          values: { siteName: site.name, name: message.name, subject: message.subject, message: message.message, reply: reply.text },
        });
      }
      return staffView(state);
    },
  );

  app.post(
    '/:messageId/close',
    { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['contact'], summary: 'Close a message (closing a closed one records nothing)', params: ContactMessageParams, response: { 200: StaffContactMessage, ...refusals } } },
    async (request) => {
      const { state } = await execute(request, { type: 'CloseContactMessage', ...staff(request, request.params.messageId) }, 'contact-close', request.id);
      return staffView(state);
    },
  );
};
