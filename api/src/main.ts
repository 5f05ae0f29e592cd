import { openEventStore, openSqlPool, storageConfigFromEnv } from '@kupon/eventstore';
import { migrateToLatest, moneyReactors, ProjectionRunner, projections, ReactorRunner, StreamCommands } from '@kupon/projections';
import { creditSeededPlayers } from './payments/seed-money';
import { geoLocatorFromEnv } from './geo/locator';
import { buildApp, closeGracefully, identityServices } from './app';
import { describeLogins, seedDemo } from './seed';
import { seedDemoContent } from './seed/demo-pages';
import { settlementReactor } from '@kupon/projections';
import { CardExpiry, cardExpiryIntervalFromEnv } from '@kupon/projections';
import { startFeed } from './feed';
import { LiveHub, LiveOddsBook } from './live';
import { loadServerKeys } from './server-keys';

/**
 * `npm start`: one process on the embedded store by default (PGlite is single-process), PostgreSQL
 * when DATABASE_URL is set, EventStoreDB for events when EVENTSTORE_URL is set. The projection
 * runner follows the log in the same process.
 */
const config = storageConfigFromEnv();
const pool = await openSqlPool(config);
const { applied } = await migrateToLatest(pool);
const store = await openEventStore(config, pool);
// The HMAC keys every api process shares: the environment's, else drawn once into the database.
const keys = await loadServerKeys(pool);
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
  money: { commands, odds: book, paymentSecret: keys.payment, ticketSecret: keys.ticket },
  // The casino catalogue lists the providers' games (the built-in demo provider's) when the api starts.
  casino: { syncCatalog: true, secret: keys.casino },
  live: { book, hub },
  // §8 countryNotAllowed: the CIDR → country table (api/GEO.md); unset, no address is located.
  geo: geoLocatorFromEnv(),
});
// Demo brands, staff, dealers, players and a terminal (KUPON_SEED=0 skips). The money issue credits the players in seedDemo's hook.
const seeded = process.env.KUPON_SEED === '0' ? null : await seedDemo(identityServices({ store, pool }), creditSeededPlayers(identityServices({ store, pool }), commands));
// The brands’ footer info pages, home banners and welcome bonus, through the back office’s content commands; kept out of seedDemo, which every test api runs.
if (seeded) await seedDemoContent({ commands, clock: () => new Date() });

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
await app.listen({ port, host });
const address = app.server.address();
const boundPort = typeof address === 'object' && address ? address.port : port;
// The odds feed (FEED=off | file:<path> | the seeded simulator by default; FEED_SPEED, FEED_SEED…).
const feed = startFeed(store, process.env, (line) => app.log.warn(line));

const where = config.eventStoreUrl ? 'EventStoreDB' : config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite at ${config.dataDir}`;
// One write, so a reader that waits for the "listening" line also has the rest.
process.stdout.write(
  [
    '',
    `Storage: ${where}${applied.length ? `; migrations applied: ${applied.join(', ')}` : ''}`,
    `Projections: ${projections.map((p) => `${p.name} v${p.version}`).join(', ')}`,
    ...(seeded ? describeLogins(seeded) : []),
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
