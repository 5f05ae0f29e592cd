import { type CasinoGame, errorKey, providerMenu } from '@kupon/domain';
import { openGame } from '@kupon/commands';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CasinoBalanceCallback,
  CasinoGames,
  CasinoGamesQuery,
  type CasinoItem,
  CasinoMoneyCallback,
  CasinoOpen,
  CasinoOpenBody,
  CasinoProviders,
  CasinoProvidersQuery,
  CasinoRollbackCallback,
  CasinoWalletAnswer,
} from '../contract/casino';
import { ErrorBody } from '../contract/identity';
import type { WalletCallbackKind } from './provider';
import { SeamlessWallet, type WalletCall } from './seamless-wallet';
import { GAME_SESSION_MS } from './sessions';
import { ApiError, registerErrorStatuses } from '../http/api-error';
import { actorOf, requireLogin } from '../plugins/auth';

registerErrorStatuses({ casinoGameNotFound: 404, casinoRoundNotFound: 404, invalidSession: 401, invalidSignature: 401, casinoRoundClosed: 409, transactionCanceled: 409 });

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

const CALLBACK_BODIES = { balance: CasinoBalanceCallback, bet: CasinoMoneyCallback, win: CasinoMoneyCallback, rollback: CasinoRollbackCallback } as const;
const CALLBACK_SUMMARIES: Record<WalletCallbackKind, string> = {
  balance: "Seamless wallet: the player's balance (provider → us, signed)",
  bet: 'Seamless wallet: debit a bet, once per provider transaction (signed; a replay answers again, moves nothing)',
  win: 'Seamless wallet: credit a win (0 closes a lost round), once per provider transaction (signed)',
  rollback: 'Seamless wallet: give a bet back, once per bet (signed; a bet rolled back before it arrived is refused later)',
};

/**
 * Casino (spec §4 Casino, §7 casino calls): the provider menu and game lists of the catalogue,
 * opening a game through its provider's adapter, and the seamless-wallet callbacks the providers
 * move the money with. A provider's own game pages (the demo's, when composed in) are mounted here too.
 */
export const casinoRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.casino;
  const seamless = new SeamlessWallet(services);
  if (services.syncCatalog) {
    try {
      await services.casinoCatalog.sync(services.casinoProviders.values());
    } catch (error) {
      // A provider that cannot list its games now keeps what the catalogue held; the api still starts.
      app.log.warn({ err: error }, 'casino catalogue sync failed');
    }
  }

  app.get(
    '/providers',
    {
      schema: {
        tags: ['casino'],
        summary: 'The provider menu: each provider (masterServiceId) with its game count, lobby flag (0: an aggregator of several studios) and sub-providers, of every product or one',
        querystring: CasinoProvidersQuery,
        response: { 200: CasinoProviders, ...refusals },
      },
    },
    async (request) => ({ providers: providerMenu(await services.casinoCatalog.games(), request.query.product) }),
  );

  app.get(
    '/games',
    { schema: { tags: ['casino'], summary: 'getAllCasinos: the casino/slot items of a provider, of one of its sub-providers (company) or of all (limit 1000, order, search)', querystring: CasinoGamesQuery, response: { 200: CasinoGames, ...refusals } } },
    async (request) => {
      const q = request.query;
      const search = q.search?.toLocaleLowerCase('tr');
      const games = (await services.casinoCatalog.games())
        .filter(
          (g) =>
            (q.masterServiceId === undefined || g.masterServiceId === q.masterServiceId) &&
            (!q.company || g.company_name === q.company) &&
            (!q.product || g.product === q.product) &&
            (!search || g.title.toLocaleLowerCase('tr').includes(search)),
        )
        .sort((a, b) => (q.order === 'title' ? a.title.localeCompare(b.title, 'tr') : a.listOrder - b.listOrder) || a.serviceId - b.serviceId);
      return { status: true as const, games: games.slice(0, q.limit).map((g) => itemOf(g, q.lang)), total: games.length };
    },
  );

  // Spec §7 casinos/get/tombalalive: the live bingo (tombala) games, as getAllCasinos lists them.
  app.get(
    '/casinos/get/tombalalive',
    { schema: { tags: ['casino'], summary: 'casinos/get/tombalalive: the live bingo (tombala) games', querystring: CasinoGamesQuery.pick({ lang: true }), response: { 200: CasinoGames, ...refusals } } },
    async (request) => {
      const games = (await services.casinoCatalog.games()).filter((g) => g.product === 'bingo').sort((a, b) => a.listOrder - b.listOrder || a.serviceId - b.serviceId);
      return { status: true as const, games: games.map((g) => itemOf(g, request.query.lang)), total: games.length };
    },
  );

  app.post(
    '/casinos/open',
    { preParsing: requireLogin, schema: { tags: ['casino'], summary: 'casinos/open: a game session for me, as the game url (framed or a redirect); status false with a msg key when it cannot open', body: CasinoOpenBody, response: { 200: CasinoOpen, ...refusals } } },
    async (request) => {
      const refused = (msg: string) => ({ status: false, msg, content: null, command: null });
      const actor = actorOf(request);
      const body = request.body;
      const opened = await openGame(services.commands, {
        player: await services.accounts.load(actor.userId),
        serviceId: body.serviceId,
        masterServiceId: body.masterServiceId,
        gameOf: (serviceId) => services.casinoCatalog.game(serviceId),
        providerRuns: (name) => services.casinoProviders.has(name),
        siteCurrency: request.site?.settings.defaultCurrency,
        now: services.clock(),
      });
      if (!opened.ok) return refused(errorKey(opened.error));
      const { player: user, game, wallet } = opened;
      const provider = services.casinoProviders.get(game.provider);
      if (!provider) return refused('casinoGameNotFound');
      const session = services.gameSessions.issue({
        accountId: user.userId,
        siteId: user.siteId,
        provider: provider.name,
        serviceId: game.serviceId,
        currency: wallet.currency,
        expiresAt: services.clock().getTime() + GAME_SESSION_MS,
      });
      const launch = await provider.launch({
        session,
        game,
        lang: body.lang ?? request.site?.settings.defaultLang ?? 'tr',
        currency: wallet.currency,
        isMobile: body.isMobile === 1,
        origin: `${request.protocol}://${request.host}`,
      });
      return { status: true, msg: '', content: { iframe: launch.iframe, gameurl: launch.url, iframeId: `casino-${game.serviceId}` }, command: game.product === 'slot' ? ('sessionStart' as const) : null };
    },
  );

  // Seamless wallet: the raw body is what the signature covers, so this scope reads it as text,
  // checks the signature before anything else, then lets the schema validate what it said.
  await app.register(async (scope) => {
    const callbacks = scope.withTypeProvider<ZodTypeProvider>();
    callbacks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    for (const kind of ['balance', 'bet', 'win', 'rollback'] as const) {
      callbacks.post(
        `/wallet/:provider/${kind}`,
        {
          schema: { tags: ['casino wallet'], summary: CALLBACK_SUMMARIES[kind], params: z.object({ provider: z.string().max(40) }), body: CALLBACK_BODIES[kind], response: { 200: CasinoWalletAnswer, ...refusals } },
          preValidation: async (request: FastifyRequest) => {
            const provider = services.casinoProviders.get((request.params as { provider: string }).provider);
            if (!provider) throw new ApiError(404, 'notFound');
            const read = typeof request.body === 'string' ? provider.readCallback(kind, request.body, request.headers) : null;
            if (read === null || typeof read !== 'object') throw new ApiError(401, 'invalidSignature');
            request.body = read;
          },
        },
        async (request) => seamless.answer(request.params.provider, { kind, body: request.body } as WalletCall, { id: request.id, ip: request.ip }),
      );
    }
  });

  // A provider that hosts its game pages in this process (the demo's) brings them as a plugin.
  for (const provider of services.casinoProviders.values()) {
    const pages = provider.pages?.();
    if (pages) await app.register(pages, { prefix: `/${provider.name}` });
  }
};

/** The catalogue's game as a §3 item. Fields the spec names that this product does not use carry neutral values. */
function itemOf(game: CasinoGame, lang: string): CasinoItem {
  return {
    serviceId: game.serviceId,
    masterServiceId: game.masterServiceId,
    topServiceId: 0,
    topServiceId2: 0,
    middleServiceId: 0,
    title: game.title,
    logo: game.logo,
    listOrder: game.listOrder,
    extras: { id: game.serviceId, limitID: 0 },
    openLobby: game.openLobby,
    company_name: game.company_name,
    lang,
    isMobile: game.isMobile,
    maxPay: game.maxPay,
    maxStake: game.maxStake,
    minStake: game.minStake,
    operatorId: game.provider,
    product: game.product,
  };
}
