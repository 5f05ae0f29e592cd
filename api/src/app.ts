/**
 * The HTTP api (ARCHITECTURE.md, "The HTTP API").
 *
 * Adding a context: write `<context>/routes.ts` (or `<context>/<part>-routes.ts`) exporting an encapsulated `FastifyPluginAsyncZod`
 * (routes with zod schemas for params, body and every response status; guards from
 * `plugins/auth.ts`: `requireLogin`, `requireRole`, `requirePermission`, `actorOf`; the brand from
 * `plugins/site.ts`: `siteOf`; refusals by throwing `ApiError` / `refusal(domainError)`; services from
 * the instance's decorators, `app.identity`, `app.money`… of `plugins/services.ts`), then add ONE line
 * in the "contexts" block below:
 *
 *   await api.register(couponRoutes, { prefix: '/coupons' });
 *
 * A route file imports neither another route file nor this one; what two contexts share is a plain
 * module (`coupons/views.ts`, `http/csv.ts`), and the decisions are use cases of `@kupon/commands`.
 *
 * Everything under `/api/v1` gets the site, the actor, error mapping, rate limiting and OpenAPI.
 */
import cookie from '@fastify/cookie';
import type { EventStore, SqlPool } from '@kupon/eventstore';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type GeoLocator, NO_GEO } from './geo/locator';
import type { CaptchaOptions } from './identity/captcha';
import { geoPlugin } from './plugins/geo';
import { maintenancePlugin } from './plugins/maintenance';
import type { Mailer } from './identity/mail';
import type { PasswordHasher } from './identity/passwords';
import type { SessionTimeouts } from './identity/sessions';
import { identityServices } from './identity/services';
import { authPlugin } from './plugins/auth';
import { errorsPlugin, frameworkError } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { type RateLimits, securityPlugin } from './plugins/security';
import { servicesPlugin } from './plugins/services';
import { wireValidatorCompiler } from './http/wire-validation';
import { sitePlugin } from './plugins/site';
import { registrationRoutes } from './identity/registration-routes';
import { sessionRoutes } from './identity/session-routes';
import { profileRoutes } from './identity/profile-routes';
import { staffRoutes } from './identity/staff-routes';
import { eventLogRoutes } from './events/routes';
import { siteRoutes } from './sites/routes';
import { type MoneyOptions, moneyServices } from './payments/money';
import { couponRoutes } from './coupons/routes';
import { paymentRoutes } from './payments/routes';
import { transferRoutes } from './transfers/routes';
import { walletRoutes } from './wallet/routes';
import { cardRoutes } from './cards/routes';
import type { LiveHub } from './live/hub';
import type { LiveOddsBook } from './live/odds-book';
import { livePlugin } from './live/plugin';
import { catalogRoutes } from './catalog/routes';
import { liveRoutes } from './live/routes';
import { matchResultRoutes } from './matches/routes';
import { couponSearchRoutes } from './coupons/search-routes';
import { catalogSettingsRoutes } from './catalog/settings-routes';
import { SiteCatalogs } from './live/site-catalogs';
import { reportRoutes } from './reports/routes';
import { contentRoutes } from './content/routes';
import { contentSettingsRoutes } from './content/settings-routes';
import { propositionRoutes, propositionSettingsRoutes } from './propositions/routes';
import { contactRoutes } from './contact/routes';
import { contactInboxRoutes } from './contact/inbox-routes';
import { staffWaitingRoutes } from './staff/waiting-routes';
import { casinoRoutes } from './casino/routes';
import { casinoReportRoutes } from './casino/report-routes';
import { type CasinoOptions, casinoServices } from './casino/services';
import { affiliateRoutes } from './affiliate/routes';
import { ticketCheckRoutes } from './ticket-check/routes';
import { billRoutes } from './bills/routes';
import { printRoutes } from './prints/routes';
import { terminalPrintRoutes } from './prints/terminal-routes';

export { identityServices, type IdentityServices } from './identity/services';

export interface AppDependencies {
  readonly store: EventStore;
  readonly pool: SqlPool;
  /** false: silent; true: info; or a pino level. LOG_LEVEL in main.ts. */
  readonly logger?: boolean | string;
  /** Where the log lines go (stdout by default); tests read them here. */
  readonly logDestination?: { write(line: string): void };
  /** The api's clock (tests move it); the domain gets `now` from it. */
  readonly clock?: () => Date;
  /** The mail port; default: the outbox in the database. */
  readonly mailer?: Mailer;
  readonly passwords?: PasswordHasher;
  readonly sessionTimeouts?: SessionTimeouts;
  readonly rateLimits?: RateLimits;
  readonly captcha?: CaptchaOptions;
  /** Honour X-Forwarded-For from a proxy in front (the client IP in the IP log). */
  readonly trustProxy?: boolean;
  /** Use `Secure` cookies (behind https). */
  readonly secureCookies?: boolean;
  /** Money context: shared command runner, odds book, payment providers (payments/money.ts). */
  readonly money?: MoneyOptions;
  /** Casino context: game provider adapters, the casino key, catalogue sync at start (casino/services.ts). */
  readonly casino?: CasinoOptions;
  /** The live odds book and its WebSocket hub (`/live`); main.ts makes them, tests may leave them out. */
  readonly live?: { readonly book: LiveOddsBook; readonly hub: LiveHub } | null;
  /** Where an address is (§8 countryNotAllowed, api/GEO.md); default: nowhere known, nobody refused. */
  readonly geo?: GeoLocator;
}

export function buildApp(deps: AppDependencies): FastifyInstance {
  const { store, pool } = deps;
  const app = Fastify({
    logger: loggerOptions(deps.logger ?? false, deps.logDestination),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: deps.trustProxy ?? false,
    frameworkErrors: frameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(wireValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const services = identityServices(deps);
  const siteCatalogs = SiteCatalogs.shared(pool);

  app.register(errorsPlugin);
  app.register(openApiPlugin);
  app.register(securityPlugin);
  app.register(cookie);
  app.register(sitePlugin, { sites: services.sites });
  app.register(authPlugin, { sessions: services.sessions, sites: services.sites });
  app.register(geoPlugin, { locator: deps.geo ?? NO_GEO });
  app.register(maintenancePlugin);

  app.register(async (root) => {
    root.withTypeProvider<ZodTypeProvider>().get(
      '/health',
      { schema: { tags: ['health'], summary: 'Liveness: the database answers and the head of the event log', response: { 200: HealthResponse, 503: HealthResponse } } },
      async (request, reply) => {
        try {
          await pool.query('select 1');
          const head = await store.headPosition();
          return { status: 'ok' as const, eventStore: store.kind, database: pool.dialect, head: { commit: head.commit.toString(), prepare: head.prepare.toString() } };
        } catch (error) {
          request.log.error({ err: error }, 'health check failed');
          return reply.code(503).send({ status: 'unavailable' as const, eventStore: store.kind, database: pool.dialect });
        }
      },
    );
  });

  const money = moneyServices(services, deps.money);
  const casino = casinoServices(money, deps.casino);
  app.register(
    async (api) => {
      // Services reach the routes as decorators of this scope (app.identity, app.money…): no route imports this file.
      await api.register(servicesPlugin, { identity: services, money, casino, siteCatalogs, liveBook: deps.live?.book ?? null });
      // contexts: one register line each.
      await api.register(siteRoutes, { prefix: '/sites' });
      await api.register(registrationRoutes, { prefix: '/' });
      await api.register(sessionRoutes, { prefix: '/' });
      await api.register(profileRoutes, { prefix: '/' });
      await api.register(staffRoutes, { prefix: '/staff' });
      await api.register(eventLogRoutes, { prefix: '/events' });
      await api.register(reportRoutes, { prefix: '/reports' });
      await api.register(casinoReportRoutes, { prefix: '/reports/casino' });
      await api.register(walletRoutes, { prefix: '/wallet' });
      await api.register(couponRoutes, { prefix: '/coupons' });
      await api.register(ticketCheckRoutes, { prefix: '/coupons/check' });
      await api.register(paymentRoutes, { prefix: '/payments' });
      await api.register(transferRoutes, { prefix: '/transfers' });
      await api.register(contentRoutes, { prefix: '/content' });
      await api.register(contentSettingsRoutes, { prefix: '/content-settings' });
      await api.register(casinoRoutes, { prefix: '/casino' });
      await api.register(affiliateRoutes, { prefix: '/affiliate' });
      await api.register(billRoutes, { prefix: '/bills' });
      await api.register(cardRoutes, { prefix: '/cards' });
      await api.register(printRoutes, { prefix: '/prints' });
      await api.register(terminalPrintRoutes, { prefix: '/terminal' });
      await api.register(catalogRoutes, { prefix: '/catalog' });
      await api.register(liveRoutes, { prefix: '/live' });
      await api.register(matchResultRoutes, { prefix: '/matches' });
      await api.register(couponSearchRoutes, { prefix: '/coupon-search' });
      await api.register(catalogSettingsRoutes, { prefix: '/catalog-settings' });
      await api.register(propositionRoutes, { prefix: '/content/propositions' });
      await api.register(propositionSettingsRoutes, { prefix: '/content-settings/propositions' });
      await api.register(contactRoutes, { prefix: '/contact' });
      await api.register(contactInboxRoutes, { prefix: '/staff/contact-messages' });
      await api.register(staffWaitingRoutes, { prefix: '/staff/waiting' });
    },
    { prefix: '/api/v1' },
  );
  if (deps.live) app.register(livePlugin, { hub: deps.live.hub, siteCatalogs });

  return app;
}

const HealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  eventStore: z.string(),
  database: z.string(),
  head: z.object({ commit: z.string(), prepare: z.string() }).optional().describe('the newest position in the log'),
});

/** pino, one JSON line per entry, each request's lines carrying its `reqId`; secrets redacted. */
function loggerOptions(logger: boolean | string, destination?: AppDependencies['logDestination']): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  return {
    level: logger === true ? 'info' : logger,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    ...(destination ? { stream: destination } : {}),
  };
}

/**
 * Graceful shutdown: on SIGINT/SIGTERM (or an uncaught error) stop taking requests, let the ones in
 * flight finish (fastify's close), then run `cleanup` (runner, store, pool) and exit.
 */
export function closeGracefully(app: FastifyInstance, cleanup: () => Promise<void>, delayMs = 10_000): void {
  closeWithGrace({ delay: delayMs }, async ({ err, signal }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
    await cleanup();
  });
}
