import { checkContactForm, contactDecider, contactStream, isDomainError, isLanguageCode, type SendContactMessage } from '@kupon/domain';
import { kyselyOver } from '@kupon/eventstore';
import { ContactQueries } from '@kupon/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContactBody, ContactSent, MyContactMessages } from '../contract/contact';
import { ApiError } from '../http/api-error';
import { requestMeta } from '../payments/money';
import { actorOf, requireLogin } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { contactServices, refusals, MINE_LIMIT, refused } from './shared';

/**
 * The player site's contact form (contract/contact.ts): `POST /contact` from guests (with the captcha)
 * and logged-in users (without), `GET /contact/mine`. Closed during maintenance like every player route.
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = contactServices(app);
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
    { preParsing: requireLogin, schema: { tags: ['contact'], summary: 'My messages to this site, newest first, with every reply', response: { 200: MyContactMessages, ...refusals } } },
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
