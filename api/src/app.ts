/**
 * The HTTP api (ARCHITECTURE.md, "The HTTP API").
 *
 * Adding a context: write `routes/<context>.ts` exporting an encapsulated `FastifyPluginAsyncZod`
 * (routes with zod schemas for params, body and every response status; guards from
 * `plugins/auth.ts`: `requireLogin`, `requireRole`, `requirePermission`, `actorOf`; the brand from
 * `plugins/site.ts`: `siteOf`; refusals by throwing `ApiError` / `refusal(domainError)`), then add ONE
 * line in the "contexts" block below:
 *
 *   await api.register(couponRoutes, { prefix: '/coupons', ...services });
 *
 * Everything under `/api/v1` gets the site, the actor, error mapping, rate limiting and OpenAPI.
 */
import cookie from '@fastify/cookie';
import type { EventStore, SqlPool } from '@kupon/eventstore';
import closeWithGrace from 'close-with-grace';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { type GeoLocator, NO_GEO } from './geo/locator';
import { CaptchaChallenges, type CaptchaOptions } from './identity/captcha';
import { geoPlugin } from './plugins/geo';
import { maintenancePlugin } from './plugins/maintenance';
import { UserAccounts } from './identity/accounts';
import { type Mailer, OutboxMailer } from './identity/mail';
import { argon2idHasher, type PasswordHasher } from './identity/passwords';
import { DEFAULT_SESSION_TIMEOUTS, SessionStore, type SessionTimeouts } from './identity/sessions';
import { SiteDirectory } from './identity/site-directory';
import { authPlugin } from './plugins/auth';
import { errorsPlugin } from './plugins/errors';
import { openApiPlugin } from './plugins/openapi';
import { DEFAULT_RATE_LIMITS, type RateLimits, securityPlugin } from './plugins/security';
import { sitePlugin } from './plugins/site';
import { identityRoutes } from './routes/identity';
import { staffRoutes } from './routes/staff';
import { eventLogRoutes } from './routes/events';
import { siteRoutes } from './routes/sites';
import { type MoneyOptions, moneyServices } from './payments/money';
import { couponRoutes } from './routes/coupons';
import { paymentRoutes } from './routes/payments';
import { transferRoutes } from './routes/transfers';
import { walletRoutes } from './routes/wallet';
import { cardRoutes } from './routes/cards';
import type { LiveHub } from './live/hub';
import type { LiveOddsBook } from './live/odds-book';
import { livePlugin } from './live/plugin';
import { catalogRoutes } from './routes/catalog';
import { liveRoutes } from './routes/live';
import { matchResultRoutes } from './routes/match-results';
import { couponSearchRoutes } from './routes/coupon-search';
import { catalogSettingsRoutes } from './routes/catalog-settings';
import { SiteCatalogs } from './live/site-catalogs';
import { reportRoutes } from './routes/reports';
import { contentRoutes, contentSettingsRoutes } from './routes/content';
import { propositionRoutes, propositionSettingsRoutes } from './routes/propositions';
import { contactInboxRoutes, contactRoutes } from './routes/contact';
import { staffWaitingRoutes } from './routes/staff-waiting';
import { TemplatedMailer } from './content/templated-mailer';
import { casinoReportRoutes, casinoRoutes } from './routes/casino';
import { type CasinoOptions, casinoServices } from './casino/services';
import { affiliateRoutes } from './routes/affiliate';
import { ticketCheckRoutes } from './routes/ticket-check';
import { billRoutes } from './routes/bills';
import { printRoutes, terminalPrintRoutes } from './routes/prints';

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

/** What route plugins get: the shared services of the identity context. */
export interface IdentityServices {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly clock: () => Date;
  readonly accounts: UserAccounts;
  readonly sessions: SessionStore;
  readonly sites: SiteDirectory;
  readonly captcha: CaptchaChallenges;
  readonly mailer: Mailer;
  readonly outbox: OutboxMailer;
  readonly passwords: PasswordHasher;
  readonly rateLimits: RateLimits;
  readonly secureCookies: boolean;
}

export function identityServices(deps: AppDependencies): IdentityServices {
  const clock = deps.clock ?? (() => new Date());
  const passwords = deps.passwords ?? argon2idHasher();
  const accounts = new UserAccounts(deps.store, passwords, clock);
  const outbox = new OutboxMailer(deps.pool, clock);
  const sites = new SiteDirectory(deps.store, deps.pool);
  return {
    store: deps.store,
    pool: deps.pool,
    clock,
    accounts,
    sessions: new SessionStore(deps.pool, accounts, sites, clock, deps.sessionTimeouts ?? DEFAULT_SESSION_TIMEOUTS),
    sites,
    captcha: new CaptchaChallenges(deps.pool, clock, deps.captcha),
    mailer: new TemplatedMailer(deps.mailer ?? outbox, deps.pool),
    outbox,
    passwords,
    rateLimits: deps.rateLimits ?? DEFAULT_RATE_LIMITS,
    secureCookies: deps.secureCookies ?? false,
  };
}

export function buildApp(deps: AppDependencies): FastifyInstance {
  const { store, pool } = deps;
  const app = Fastify({
    logger: loggerOptions(deps.logger ?? false, deps.logDestination),
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    trustProxy: deps.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
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

  app.register(
    async (api) => {
      // contexts: one register line each.
      await api.register(siteRoutes, { prefix: '/sites', ...services });
      await api.register(identityRoutes, { prefix: '/', ...services });
      await api.register(staffRoutes, { prefix: '/staff', ...services });
      await api.register(eventLogRoutes, { prefix: '/events', ...services });
      await api.register(reportRoutes, { prefix: '/reports', ...services });
      await api.register(casinoReportRoutes, { prefix: '/reports/casino', ...services });
      const money = moneyServices(services, deps.money);
      await api.register(walletRoutes, { prefix: '/wallet', ...money });
      await api.register(couponRoutes, { prefix: '/coupons', ...money });
      await api.register(ticketCheckRoutes, { prefix: '/coupons/check', ...money, rateLimits: services.rateLimits });
      await api.register(paymentRoutes, { prefix: '/payments', ...money });
      await api.register(transferRoutes, { prefix: '/transfers', ...money });
      await api.register(contentRoutes, { prefix: '/content', ...money });
      await api.register(contentSettingsRoutes, { prefix: '/content-settings', ...money });
      const casino = casinoServices(money, deps.casino);
      await api.register(casinoRoutes, { prefix: '/casino', ...casino });
      await api.register(affiliateRoutes, { prefix: '/affiliate', ...money });
      await api.register(billRoutes, { prefix: '/bills', ...money });
      await api.register(cardRoutes, { prefix: '/cards', ...money, rateLimits: services.rateLimits });
      await api.register(printRoutes, { prefix: '/prints', ...money, casinoProviders: casino.casinoProviders });
      await api.register(terminalPrintRoutes, { prefix: '/terminal', ...money, casinoProviders: casino.casinoProviders });
      await api.register(catalogRoutes, { prefix: '/catalog', pool, clock: services.clock, siteCatalogs });
      await api.register(liveRoutes, { prefix: '/live', pool, clock: services.clock, book: deps.live?.book ?? null, siteCatalogs });
      await api.register(matchResultRoutes, { prefix: '/matches', store, pool, clock: services.clock });
      await api.register(couponSearchRoutes, { prefix: '/coupon-search', pool });
      await api.register(catalogSettingsRoutes, { prefix: '/catalog-settings', store, pool, clock: services.clock, siteCatalogs });
      await api.register(propositionRoutes, { prefix: '/content/propositions', ...money, siteCatalogs });
      await api.register(propositionSettingsRoutes, { prefix: '/content-settings/propositions', ...money, siteCatalogs });
      const contact = { ...money, captcha: services.captcha, mailer: services.mailer, rateLimits: services.rateLimits };
      await api.register(contactRoutes, { prefix: '/contact', ...contact });
      await api.register(contactInboxRoutes, { prefix: '/staff/contact-messages', ...contact });
      await api.register(staffWaitingRoutes, { prefix: '/staff/waiting', ...money });
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
