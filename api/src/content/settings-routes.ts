import {
  bonusClaimDecider,
  bonusClaimStream,
  bonusCreditReference,
  contentDecider,
  type ContentCommand,
  type ContentState,
  contentStream,
  latestRequestOf,
  walletDecider,
  walletStream,
} from '@kupon/domain';
import { derivedId } from '@kupon/commands';
import { kyselyOver } from '@kupon/eventstore';
import { type ContentKind, ContentQueries } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BannerBody,
  BannerView,
  BonusOfferBody,
  BonusOfferView,
  BonusRequestList,
  BonusRequestQuery,
  CancelBonusBody,
  ClaimParams,
  ConfirmBonusBody,
  ConfirmedBonus,
  type ContentSettingsKind,
  ItemParams,
  itemList,
  LanguageBody,
  LanguageView,
  MailTemplateBody,
  MailTemplateView,
  NotificationList,
  NotificationParams,
  NotificationView,
  PageBody,
  PageView,
  PagingQuery,
  PopupBody,
  PopupView,
  SendNotificationBody,
  BonusRequestView,
} from '../contract/content';
import { OkResponse } from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { currencyOf, requestMeta, Wallets } from '../payments/money';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { refusals, STAFF_READ, STAFF_WRITE, lastDepositOf } from './shared';

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
export const contentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;
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
      { preParsing: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: `This site's ${path}, a page at a time`, querystring: PagingQuery, response: { 200: itemList(config.view), ...refusals } } },
      async (request) => {
        const page = await queries.items<unknown>(siteOf(request).siteId, config.kind, request.query);
        return { items: page.rows, total: page.total };
      },
    );

    app.put(
      `/${path}/:id`,
      { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: `Add or change one of this site's ${path}`, params: ItemParams, body: config.body, response: { 200: config.view, ...refusals } } },
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
      { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: `Remove one of this site's ${path}`, params: ItemParams, response: { 200: OkResponse, ...refusals } } },
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
    { preParsing: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: "This site's notifications, newest first, with how many players read each", querystring: PagingQuery, response: { 200: NotificationList, ...refusals } } },
    async (request) => {
      const page = await queries.notifications(siteOf(request).siteId, request.query);
      return { notifications: page.rows, total: page.total };
    },
  );

  app.post(
    '/notifications',
    { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Send a notification to every player of this site or to one', body: SendNotificationBody, response: { 200: NotificationView, ...refusals } } },
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
    { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Withdraw a notification: players no longer see it', params: NotificationParams, response: { 200: OkResponse, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      await execute(request, { type: 'WithdrawNotification', siteId: site.siteId, notificationId: request.params.notificationId, byUserId: actorOf(request).userId, now: services.clock().toISOString() });
      return { status: true as const };
    },
  );

  app.get(
    '/bonus-requests',
    { preParsing: requireRole(...STAFF_READ), schema: { tags: ['content-settings'], summary: "Players' bonus requests on this site, newest first", querystring: BonusRequestQuery, response: { 200: BonusRequestList, ...refusals } } },
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
      preParsing: requireRole(...STAFF_WRITE),
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
    { preParsing: requireRole(...STAFF_WRITE), schema: { tags: ['content-settings'], summary: 'Cancel a waiting bonus request, with a reason', params: ClaimParams, body: CancelBonusBody, response: { 200: BonusRequestView.pick({ claimId: true, requestNo: true, status: true }), ...refusals } } },
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
