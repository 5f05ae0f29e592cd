import {
  type Banner,
  bonusClaimDecider,
  type BonusClaimCommand,
  bonusClaimStream,
  type BonusOffer,
  type BonusRequestStatus,
  contentDecider,
  contentStream,
  inboxDecider,
  inboxStream,
  type Language,
  localizedText,
  type Popup,
  shownAt,
  type StaticPage,
} from '@kupon/domain';
import { derivedId } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import { type BonusRequestRow, ContentQueries } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerQuery,
  BonusParams,
  LangQuery,
  MarkReadBody,
  MyNotifications,
  PageParams,
  PublicBanners,
  PublicBonus,
  PublicBonuses,
  PublicLanguages,
  PublicPage,
  PublicPageList,
  PublicPopups,
  UnreadCount,
} from '../contract/content';
import { ApiError, refusal } from '../http/api-error';
import { requestMeta } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { refusals, DEFAULT_LANGUAGES, STATUS_CODE } from './shared';

/**
 * The player site's content (contract/content.ts): banners, popups, pages and languages of the
 * request's site in its language, my notifications, the bonuses on offer and my requests of them.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
  const queries = new ContentQueries(kyselyOver(services.pool));
  const langOf = (request: FastifyRequest, lang: string | undefined) => lang ?? siteOf(request).settings.defaultLang;
  const now = () => services.clock().toISOString();

  app.get('/banners', { schema: { tags: ['content'], summary: 'getSliders: the active banners of this site for a language and display area', querystring: BannerQuery, response: { 200: PublicBanners, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const lang = langOf(request, request.query.lang);
    const at = now();
    const banners = (await queries.activeItems<Banner>(site.siteId, 'banner')).filter(
      (banner) => shownAt(banner, at) && (banner.languages.length === 0 || banner.languages.includes(lang)) && (!request.query.area || banner.area === request.query.area),
    );
    return { banners: banners.map(({ id, title, image, url, tag, area, order }) => ({ id, title, image, url, tag, area, order })) };
  });

  app.get('/popups', { schema: { tags: ['content'], summary: 'getPopups: popup alerts to show (type 0 or 2; type2 0 on the home page only)', querystring: LangQuery, response: { 200: PublicPopups, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const lang = langOf(request, request.query.lang);
    const at = now();
    const popups = (await queries.activeItems<Popup>(site.siteId, 'popup')).filter((popup) => popup.type !== 1 && shownAt(popup, at));
    const fallback = site.settings.defaultLang;
    return { popups: popups.map((p) => ({ id: p.id, title: localizedText(p.titles, lang, fallback), content: localizedText(p.contents, lang, fallback), type: p.type, type2: p.type2, autoClose: p.autoClose })) };
  });

  app.get('/pages', { schema: { tags: ['content'], summary: 'The published static pages (id and title), for footers', querystring: LangQuery, response: { 200: PublicPageList, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const lang = langOf(request, request.query.lang);
    const pages = await queries.activeItems<StaticPage>(site.siteId, 'page');
    return { pages: pages.map((page) => ({ id: page.id, title: localizedText(page.titles, lang, site.settings.defaultLang) })) };
  });

  app.get(
    '/pages/:pageId',
    { schema: { tags: ['content'], summary: 'getPage (/page/{id}): a published static page in a language', params: PageParams, querystring: LangQuery, response: { 200: PublicPage, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const lang = langOf(request, request.query.lang);
      const page = await queries.item<StaticPage>(site.siteId, 'page', request.params.pageId);
      if (!page || !page.published) throw new ApiError(404, 'contentNotFound', request.params.pageId);
      const fallback = site.settings.defaultLang;
      return { id: page.id, title: localizedText(page.titles, lang, fallback), body: localizedText(page.bodies, lang, fallback) };
    },
  );

  app.get('/languages', { schema: { tags: ['content'], summary: 'getLanguages: the languages this site offers', response: { 200: PublicLanguages, ...refusals } } }, async (request) => {
    const languages = await queries.activeItems<Language>(siteOf(request).siteId, 'language');
    if (languages.length === 0) return { languages: DEFAULT_LANGUAGES };
    return { languages: languages.map((l) => ({ id: l.id, code: l.id, icon: l.icon, directory: l.directory, text: l.text, status: 1 as const })) };
  });

  app.get('/notifications', { preParsing: requireLogin, schema: { tags: ['content'], summary: 'getNotification: my notifications, newest first, and how many I have not read', response: { 200: MyNotifications, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const inbox = await queries.inbox(siteOf(request).siteId, actor.userId, 100);
    return { notifications: inbox.rows.map((row) => ({ id: row.notificationId, title: row.title, body: row.body, sentAt: row.sentAt, read: row.read })), unread: inbox.unread };
  });

  app.post(
    '/notifications/read',
    { preParsing: requireLogin, schema: { tags: ['content'], summary: 'Mark my notifications read (the ones named, or all)', body: MarkReadBody, response: { 200: UnreadCount, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const site = siteOf(request);
      const inbox = await queries.inbox(site.siteId, actor.userId, 1000);
      const unread = inbox.rows.filter((row) => !row.read).map((row) => row.notificationId);
      const ids = request.body.notificationIds ? await queries.visibleNotificationIds(site.siteId, actor.userId, request.body.notificationIds) : unread;
      const at = services.clock();
      const outcome = await services.commands.run(inboxStream(actor.userId), inboxDecider, { type: 'MarkNotificationsRead', userId: actor.userId, notificationIds: ids, now: at.toISOString() }, requestMeta(request, request.id, 'inbox', at));
      if (!outcome.ok) throw refusal(outcome.error);
      // The read model catches up a moment later: count what this request took off.
      const marked = new Set(ids);
      return { unread: Math.max(0, inbox.unread - unread.filter((id) => marked.has(id)).length) };
    },
  );

  const bonusView = (offer: BonusOffer, lang: string, fallback: string, mine: { status: BonusRequestStatus } | undefined): PublicBonus => ({
    id: offer.id,
    title: localizedText(offer.titles, lang, fallback),
    description: localizedText(offer.descriptions, lang, fallback),
    category: offer.category,
    percent: offer.percent,
    amount: offer.amount,
    maxAmount: offer.maxAmount,
    multiplier: offer.multiplier,
    oneUse: offer.oneUse,
    until: offer.until,
    status: mine ? STATUS_CODE[mine.status] : null,
    requestedExists: mine !== undefined,
  });

  app.get('/bonuses', { schema: { tags: ['content'], summary: 'getBonus: the bonuses on offer, with my request of each when logged in', querystring: LangQuery, response: { 200: PublicBonuses, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const lang = langOf(request, request.query.lang);
    const at = now();
    const offers = (await queries.activeItems<BonusOffer>(site.siteId, 'bonus')).filter((offer) => shownAt(offer, at));
    const mine = request.actor ? await queries.myBonusRequests(site.siteId, request.actor.userId) : new Map<string, BonusRequestRow>();
    const bonuses = offers.map((offer) => bonusView(offer, lang, site.settings.defaultLang, mine.get(offer.id)));
    return { bonuses, count: bonuses.length };
  });

  app.post(
    '/bonuses/:bonusId/request',
    { preParsing: requireRole('player'), schema: { tags: ['content'], summary: 'bonusRequest: ask for a bonus (once while it waits; a one-use bonus once ever)', params: BonusParams, body: z.object({}).optional(), response: { 200: PublicBonus, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const at = services.clock();
      const { state } = await services.commands.load(contentStream(site.siteId), contentDecider);
      const offer = state.bonuses[request.params.bonusId] ?? null;
      const claimId = derivedId('bonus-claim', site.siteId, request.params.bonusId, actor.userId);
      const command: BonusClaimCommand = { type: 'RequestBonus', claimId, siteId: site.siteId, bonusId: request.params.bonusId, userId: actor.userId, userName: actor.userName, now: at.toISOString() };
      const outcome = await services.commands.run(bonusClaimStream(claimId), bonusClaimDecider, command, requestMeta(request, request.id, 'bonus-request', at), { offer, lastDeposit: 0 });
      if (!outcome.ok) throw refusal(outcome.error);
      return bonusView(offer!, site.settings.defaultLang, site.settings.defaultLang, { status: 'waiting' });
    },
  );
};
