import { CardExpiry, cardExpiryIntervalFromEnv, moneyReactors, ReactorRunner, settlementReactor, StreamCommands } from '@kupon/commands';
import { type EventStore, openEventStore, openSqlPool, type SqlPool, storageConfigFromEnv } from '@kupon/eventstore';
import { migrateToLatest, ProjectionRunner, projections } from '@kupon/projections';
import type { FastifyInstance } from 'fastify';
import { buildApp, closeGracefully } from './app';
import type { CasinoProvider } from './casino/provider';
import { type FeedSource, startFeed } from './feed';
import { geoLocatorFromEnv } from './geo/locator';
import { identityServices, type IdentityServices } from './identity/services';
import { LiveHub, LiveOddsBook } from './live';
import type { PaymentProvider } from './payments/provider';
import { loadServerKeys, type ServerKeys } from './server-keys';

/** The adapters behind the api's ports, built with the keys every api process shares. */
export interface ServerAdapters {
  readonly paymentProviders?: readonly PaymentProvider[];
  readonly casinoProviders?: readonly CasinoProvider[];
  /** The odds feed; none: this process ingests no feed. */
  readonly feed?: FeedSource | null;
}

/** What the process has running once storage is open, for what a start composes in before the api listens. */
export interface ServerContext {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly commands: StreamCommands;
  readonly identity: IdentityServices;
}

export interface ServerOptions {
  /** The port adapters (payment and casino providers, the feed); none: the api runs without them. */
  readonly adapters?: (keys: ServerKeys) => ServerAdapters;
  /** Runs after the app is built and before it listens (the demo's seed); returns lines printed with the start banner. */
  readonly prepare?: (context: ServerContext) => Promise<readonly string[]>;
}

export interface RunningServer {
  readonly app: FastifyInstance;
  readonly context: ServerContext;
}

/**
 * One api process with every role (api, worker, feed), as `npm start` and a production start run it:
 * the embedded store by default (PGlite is single-process), PostgreSQL when DATABASE_URL is set,
 * EventStoreDB for events when EVENTSTORE_URL is set; the projection runner and the reactors follow
 * the log in the same process. What sits behind the ports comes from `options` (`@kupon/demo` gives
 * its providers, simulator and seed); the api itself composes none of them.
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const config = storageConfigFromEnv();
  const pool = await openSqlPool(config);
  const { applied } = await migrateToLatest(pool);
  const store = await openEventStore(config, pool);
  // The HMAC keys every api process shares: the environment's, else drawn once into the database.
  const keys = await loadServerKeys(pool);
  const adapters = options.adapters?.(keys) ?? {};
  const runner = new ProjectionRunner({ store, pool, projections });
  await runner.start();
  // One command runner for the money routes and the reactors: each wallet is folded once per process.
  const commands = new StreamCommands(store);
  const reactors = new ReactorRunner({ store, pool, commands, reactors: [...moneyReactors(store), settlementReactor(pool, { payouts: store })], onError: (name, error) => console.error(`reactor ${name}:`, error) });
  await reactors.start();
  // Prepaid cards whose time is up go back to their dealers every CARD_EXPIRY_INTERVAL_MS (api/CARDS.md); every process may sweep, the second writes nothing.
  const cardExpiry = new CardExpiry({ pool, commands, clock: () => new Date(), intervalMs: cardExpiryIntervalFromEnv(process.env), onError: (error) => console.error('card expiry:', error) });
  cardExpiry.start();
  // The live odds book follows every match stream; coupon placement and the /live hub read it.
  const book = new LiveOddsBook(store);
  book.start();
  const hub = new LiveHub(book);
  const app = buildApp({
    store,
    pool,
    logger: process.env.LOG_LEVEL === 'silent' ? false : (process.env.LOG_LEVEL ?? true),
    // Behind an https proxy: the client's address from X-Forwarded-For (the IP log) and Secure session cookies.
    trustProxy: process.env.TRUST_PROXY === '1',
    secureCookies: process.env.SECURE_COOKIES === '1',
    money: { commands, odds: book, paymentSecret: keys.payment, ticketSecret: keys.ticket, providers: adapters.paymentProviders ?? [] },
    // The casino catalogue lists the providers' games when the api starts.
    casino: { syncCatalog: true, secret: keys.casino, providers: adapters.casinoProviders ?? [] },
    live: { book, hub },
    // §8 countryNotAllowed: the CIDR → country table (api/GEO.md); unset, no address is located.
    geo: geoLocatorFromEnv(),
  });
  const context: ServerContext = { store, pool, commands, identity: identityServices({ store, pool }) };
  const lines = (await options.prepare?.(context)) ?? [];

  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '127.0.0.1';
  await app.listen({ port, host });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  const feed = startFeed(store, adapters.feed ?? null, (line) => app.log.warn(line));

  const where = config.eventStoreUrl ? 'EventStoreDB' : config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`;
  // One write, so a reader that waits for the "listening" line also has the rest.
  process.stdout.write(
    [
      '',
      `Storage: ${where}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`,
      `Projections: ${projections.map((p) => `${p.name} v${p.version}`).join(', ')}`,
      `Feed: ${feed ? feed.source.name : 'none'}`,
      ...lines,
      `Kupon api listening on http://${host}:${boundPort}  (health: http://${host}:${boundPort}/health)`,
      '',
      '',
    ].join('\n'),
  );

  // SIGINT / SIGTERM: stop taking requests, finish those in flight, then stop the runner and close storage.
  closeGracefully(app, async () => {
    await feed?.stop();
    await book.stop();
    await cardExpiry.stop();
    await reactors.stop();
    await runner.stop();
    await store.close();
    await pool.end();
  });
  return { app, context };
}
