import { type ContactCommand, contactDecider, contactStream } from '@kupon/domain';
import { kyselyOver } from '@kupon/eventstore';
import { ContactQueries } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactInbox, ContactInboxQuery, ContactMessageParams, ContactReplyBody, StaffContactMessage } from '../contract/contact';
import { ApiError } from '../http/api-error';
import { requestMeta } from '../payments/money';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { contactServices, STAFF_READ, STAFF_WRITE, refusals, refused, staffView } from './shared';

/**
 * The back office's contact inbox of its own site (contract/contact.ts): admin and operator reply and
 * close, each a command on `contact-<messageId>`; the regulator reads. Lists read the contact read model.
 */
export const contactInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = contactServices(app);
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
    { preParsing: requireRole(...STAFF_READ), schema: { tags: ['contact'], summary: "This site's contact messages, newest first, by status, topic and text", querystring: ContactInboxQuery, response: { 200: ContactInbox, ...refusals } } },
    async (request) => {
      const page = await queries.inbox(actorOf(request).siteId, request.query);
      return { total: page.total, messages: page.rows };
    },
  );

  app.get(
    '/:messageId',
    { preParsing: requireRole(...STAFF_READ), schema: { tags: ['contact'], summary: 'One contact message with its replies', params: ContactMessageParams, response: { 200: StaffContactMessage, ...refusals } } },
    async (request) => {
      const row = await queries.message(actorOf(request).siteId, request.params.messageId);
      if (!row) throw new ApiError(404, 'contactMessageNotFound', request.params.messageId);
      return { ...row, replies: [...row.replies] };
    },
  );

  app.post(
    '/:messageId/replies',
    {
      preParsing: requireRole(...STAFF_WRITE),
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
    { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['contact'], summary: 'Close a message (closing a closed one records nothing)', params: ContactMessageParams, response: { 200: StaffContactMessage, ...refusals } } },
    async (request) => {
      const { state } = await execute(request, { type: 'CloseContactMessage', ...staff(request, request.params.messageId) }, 'contact-close', request.id);
      return staffView(state);
    },
  );
};
