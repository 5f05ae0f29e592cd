import {
  type Banner,
  bonusClaimDecider,
  type BonusClaimCommand,
  bonusClaimStream,
  bonusCreditReference,
  type BonusOffer,
  type BonusRequestStatus,
  contentDecider,
  type ContentCommand,
  type ContentState,
  contentStream,
  inboxDecider,
  inboxStream,
  type Language,
  latestRequestOf,
  localizedText,
  type Popup,
  shownAt,
  type StaticPage,
  walletDecider,
  walletStream,
} from '@kupon/domain';
import { type BonusRequestRow, type ContentKind, ContentQueries, derivedId, kyselyOver } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerBody,
  BannerQuery,
  BannerView,
  BonusOfferBody,
  BonusOfferView,
  BonusParams,
  BonusRequestList,
  BonusRequestQuery,
  CancelBonusBody,
  ClaimParams,
  ConfirmBonusBody,
  ConfirmedBonus,
  type ContentSettingsKind,
  ItemParams,
  itemList,
  LangQuery,
  LanguageBody,
  LanguageView,
  MailTemplateBody,
  MailTemplateView,
  MarkReadBody,
  MyNotifications,
  NotificationList,
  NotificationParams,
  NotificationView,
  PageBody,
  PageParams,
  PageView,
  PagingQuery,
  PopupBody,
  PopupView,
  PublicBanners,
  PublicBonus,
  PublicBonuses,
  PublicLanguages,
  PublicPage,
  PublicPageList,
  PublicPopups,
  SendNotificationBody,
  UnreadCount,
  BonusRequestView,
} from '../contract/content';
import { ErrorBody, OkResponse } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import { currencyOf, type MoneyServices, requestMeta, Wallets } from '../payments/money';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

registerErrorStatuses({
  contentNotFound: 404,
  bonusNotFound: 404,
  bonusRequestNotFound: 404,
  bonusAlreadyRequested: 409,
  bonusAlreadyUsed: 409,
  bonusRequestNotWaiting: 409,
});

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const STAFF_READ = ['admin', 'operator', 'regulator'] as const;
const STAFF_WRITE = ['admin', 'operator'] as const;

/** The languages a site offers until it sets its own (§1: tr is the default; en is complete too). */
const DEFAULT_LANGUAGES = [
  { id: 'tr', code: 'tr', icon: '', directory: 'ltr' as const, text: 'Türkçe', status: 1 as const },
  { id: 'en', code: 'en', icon: '', directory: 'ltr' as const, text: 'English', status: 1 as const },
];

const STATUS_CODE: Record<BonusRequestStatus, 0 | 1 | 2> = { waiting: 0, confirmed: 1, canceled: 2 };

/** The last deposit credited to a player (what a bonus's percent is of), from the transfers read model. */
async function lastDepositOf(services: MoneyServices, accountId: string): Promise<number> {
  const { rows } = await services.pool.query<{ amount: string }>(
    `select amount from transfers where account_id = $1 and direction = 'deposit' and status = 'credited' order by updated_at desc limit 1`,
    [accountId],
  );
  return rows[0] ? Number(rows[0].amount) : 0;
}

/**
 * The player site's content (contract/content.ts): banners, popups, pages and languages of the
 * request's site in its language, my notifications, the bonuses on offer and my requests of them.
 */
export const contentRoutes: FastifyPluginAsyncZod<MoneyServices> = async (app, services) => {
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

  app.get('/notifications', { preHandler: requireLogin, schema: { tags: ['content'], summary: 'getNotification: my notifications, newest first, and how many I have not read', response: { 200: MyNotifications, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const inbox = await queries.inbox(siteOf(request).siteId, actor.userId, 100);
    return { notifications: inbox.rows.map((row) => ({ id: row.notificationId, title: row.title, body: row.body, sentAt: row.sentAt, read: row.read })), unread: inbox.unread };
  });

  app.post(
    '/notifications/read',
    { preHandler: requireLogin, schema: { tags: ['content'], summary: 'Mark my notifications read (the ones named, or all)', body: MarkReadBody, response: { 200: UnreadCount, ...refusals } } },
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
    { preHandler: requireRole('player'), schema: { tags: ['content'], summary: 'bonusRequest: ask for a bonus (once while it waits; a one-use bonus once ever)', params: BonusParams, body: z.object({}).optional(), response: { 200: PublicBonus, ...refusals } } },
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

interface KindConfig {
  readonly kind: ContentKind;
  readonly collection: Exclude<keyof ContentState, 'notifications'>;
  readonly command: 'Banner' | 'Page' | 'Popup' | 'Language' | 'MailTemplate' | 'BonusOffer';
  readonly body: z.ZodType;
  readonly view: z.ZodType;
}

const KINDS: Record<ContentSettingsKind, KindConfig> = {
  banners: { kind: 'banner', collection: 'banners', command: 'Banner', body: BannerBody, view: BannerView },
  pages: { kind: 'page', collection: 'pages', command: 'Page', body: PageBody, view: PageView },
  popups: { kind: 'popup', collection: 'popups', command: 'Popup', body: PopupBody, view: PopupView },
  languages: { kind: 'language', collection: 'languages', command: 'Language', body: LanguageBody, view: LanguageView },
  'mail-templates': { kind: 'mailTemplate', collection: 'mailTemplates', command: 'MailTemplate', body: MailTemplateBody, view: MailTemplateView },
  bonuses: { kind: 'bonus', collection: 'bonuses', command: 'BonusOffer', body: BonusOfferBody, view: BonusOfferView },
};

/**
 * The back office's content of its own site (contract/content.ts): each change is a command on the
 * site's `content-<siteId>` stream; lists page the content read model on the server. Admin and
 * operator change; the regulator reads.
 */
export const contentSettingsRoutes: FastifyPluginAsyncZod<MoneyServices> = async (app, services) => {
  const queries = new ContentQueries(kyselyOver(services.pool));
  const wallets = new Wallets(services);

  const execute = async (request: FastifyRequest, command: ContentCommand): Promise<ContentState> => {
    const at = services.clock();
    const stream = contentStream(command.siteId);
    const outcome = await services.commands.run(stream, contentDecider, command, requestMeta(request, request.id, 'content', at));
    if (!outcome.ok) throw refusal(outcome.error);
    return (await services.commands.load(stream, contentDecider)).state;
  };

  for (const [path, config] of Object.entries(KINDS) as [ContentSettingsKind, KindConfig][]) {
    app.get(
      `/${path}`,
      { preHandler: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: `This site's ${path}, a page at a time`, querystring: PagingQuery, response: { 200: itemList(config.view), ...refusals } } },
      async (request) => {
        const page = await queries.items<unknown>(siteOf(request).siteId, config.kind, request.query);
        return { items: page.rows, total: page.total };
      },
    );

    app.put(
      `/${path}/:id`,
      { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: `Add or change one of this site's ${path}`, params: ItemParams, body: config.body, response: { 200: config.view, ...refusals } } },
      async (request) => {
        const site = siteOf(request);
        const actor = actorOf(request);
        const item = { ...(request.body as object), id: request.params.id };
        const command = { type: `Save${config.command}`, siteId: site.siteId, item, byUserId: actor.userId, now: services.clock().toISOString() } as ContentCommand;
        const state = await execute(request, command);
        return state[config.collection][request.params.id];
      },
    );

    app.delete(
      `/${path}/:id`,
      { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: `Remove one of this site's ${path}`, params: ItemParams, response: { 200: OkResponse, ...refusals } } },
      async (request) => {
        const site = siteOf(request);
        const command = { type: `Remove${config.command}`, siteId: site.siteId, id: request.params.id, byUserId: actorOf(request).userId, now: services.clock().toISOString() } as ContentCommand;
        await execute(request, command);
        return { status: true as const };
      },
    );
  }

  app.get(
    '/notifications',
    { preHandler: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: "This site's notifications, newest first, with how many players read each", querystring: PagingQuery, response: { 200: NotificationList, ...refusals } } },
    async (request) => {
      const page = await queries.notifications(siteOf(request).siteId, request.query);
      return { notifications: page.rows, total: page.total };
    },
  );

  app.post(
    '/notifications',
    { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Send a notification to every player of this site or to one', body: SendNotificationBody, response: { 200: NotificationView, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const { title, body, userName } = request.body;
      let userId: string | null = null;
      if (userName) {
        const user = await services.accounts.byUserName(site.siteId, userName);
        if (!user) throw new ApiError(404, 'noSuchUser');
        userId = user.userId;
      }
      const notificationId = derivedId('notification', site.siteId, request.id);
      const at = services.clock().toISOString();
      await execute(request, { type: 'SendNotification', siteId: site.siteId, notificationId, userId, title, body, byUserId: actor.userId, now: at });
      return { notificationId, userId, title: title.trim(), body: body.trim(), byUserId: actor.userId, withdrawn: false, sentAt: at, readCount: 0 };
    },
  );

  app.delete(
    '/notifications/:notificationId',
    { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Withdraw a notification: players no longer see it', params: NotificationParams, response: { 200: OkResponse, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      await execute(request, { type: 'WithdrawNotification', siteId: site.siteId, notificationId: request.params.notificationId, byUserId: actorOf(request).userId, now: services.clock().toISOString() });
      return { status: true as const };
    },
  );

  app.get(
    '/bonus-requests',
    { preHandler: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: "Players' bonus requests on this site, newest first", querystring: BonusRequestQuery, response: { 200: BonusRequestList, ...refusals } } },
    async (request) => {
      const page = await queries.bonusRequests(siteOf(request).siteId, request.query);
      return { requests: page.rows, total: page.total };
    },
  );

  /** The claim of this site, or 404: a claim of another site is not found from here. */
  const claimOf = async (request: FastifyRequest, claimId: string) => {
    const loaded = await services.commands.load(bonusClaimStream(claimId), bonusClaimDecider);
    if (loaded.state.status !== 'open' || loaded.state.siteId !== siteOf(request).siteId) throw new ApiError(404, 'bonusRequestNotFound');
    return loaded.state;
  };

  app.post(
    '/bonus-requests/:claimId/confirm',
    {
      preHandler: requireRole(...STAFF_WRITE),
      schema: { tags: ['content-settings'], summary: "Confirm a waiting bonus request: the player's wallet is credited once (BonusCredited)", params: ClaimParams, body: ConfirmBonusBody, response: { 200: ConfirmedBonus, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const claim = await claimOf(request, request.params.claimId);
      const { state: content } = await services.commands.load(contentStream(site.siteId), contentDecider);
      const offer = content.bonuses[claim.bonusId] ?? null;
      const lastDeposit = await lastDepositOf(services, claim.userId);
      const at = services.clock();
      const stream = bonusClaimStream(claim.claimId);
      const outcome = await services.commands.run(
        stream,
        bonusClaimDecider,
        { type: 'ConfirmBonusRequest', amount: request.body.amount ?? null, byUserId: actor.userId, now: at.toISOString() },
        requestMeta(request, request.id, 'bonus-confirm', at),
        { offer, lastDeposit },
      );
      if (!outcome.ok) throw refusal(outcome.error);
      const { state } = await services.commands.load(stream, bonusClaimDecider);
      const latest = latestRequestOf(state)!;
      // Credited here at once; the bonus-credit reactor issues the same command (same reference) after a crash in between.
      const user = await services.accounts.load(claim.userId);
      if (!user) throw new ApiError(404, 'noSuchUser');
      await wallets.ensureOpen(user, currencyOf(user, site.settings.defaultCurrency));
      const reference = bonusCreditReference(claim.claimId, latest.requestNo);
      const credited = await services.commands.run(walletStream(claim.userId), walletDecider, { type: 'CreditBonus', reference, now: at.toISOString(), bonusId: claim.bonusId, amount: latest.amount! }, {
        ...requestMeta(request, request.id, 'bonus-credit', at),
        eventId: (index) => derivedId('bonus-credit', reference, String(index)),
      });
      if (!credited.ok) throw refusal(credited.error);
      const wallet = await wallets.state(claim.userId);
      return {
        request: { claimId: claim.claimId, requestNo: latest.requestNo, bonusId: claim.bonusId, userId: claim.userId, status: latest.status, amount: latest.amount },
        balance: wallet.state.status === 'open' ? wallet.state.balance : 0,
      };
    },
  );

  app.post(
    '/bonus-requests/:claimId/cancel',
    { preHandler: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Cancel a waiting bonus request, with a reason', params: ClaimParams, body: CancelBonusBody, response: { 200: BonusRequestView.pick({ claimId: true, requestNo: true, status: true }), ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const claim = await claimOf(request, request.params.claimId);
      const at = services.clock();
      const stream = bonusClaimStream(claim.claimId);
      const outcome = await services.commands.run(stream, bonusClaimDecider, { type: 'CancelBonusRequest', reason: request.body.reason, byUserId: actor.userId, now: at.toISOString() }, requestMeta(request, request.id, 'bonus-cancel', at), {
        offer: null,
        lastDeposit: 0,
      });
      if (!outcome.ok) throw refusal(outcome.error);
      const latest = latestRequestOf((await services.commands.load(stream, bonusClaimDecider)).state)!;
      return { claimId: claim.claimId, requestNo: latest.requestNo, status: latest.status };
    },
  );
};
