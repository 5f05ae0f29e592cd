/** The demo behind the api's ports, for `npm start`, the tests and the benchmarks. */
export { demoServerOptions } from './compose';
export { SimulatedFeed, type SimulatedFeedOptions } from './feed/simulated-feed';
export { demoFeedFromEnv } from './feed/sources';
export { DEFAULT_INCIDENTS, FeedSimulator, type FeedIncidents, type SimulatorOptions } from './feed/simulator/simulator';
export { DemoPaymentProvider, DEMO_PATHS, DEMO_SIGNATURE_HEADER } from './payments/demo-provider';
export { demoCheckoutPages, hostedDemoPayments } from './payments/checkout-pages';
export { DemoCasinoProvider, DEMO_CASINO_PATHS, DEMO_CASINO_SIGNATURE_HEADER } from './casino/demo-provider';
export { DEMO_GAMES, DEMO_MASTER_SERVICE_ID, DEMO_DICE_SERVICE_ID, DEMO_FOOTBALL_SERVICE_ID, DEMO_TOMBALA_SERVICE_ID, DEMO_WHEEL_SERVICE_ID, DEMO_EXTERNAL_SERVICE_IDS, DEMO_AGGREGATOR_MASTER_SERVICE_ID, DEMO_AGGREGATOR_SERVICE_IDS, type Draw } from './casino/demo-games';
export { HORSES, horseOdds, LOTTO_PAYS } from './casino/demo-external';
export { TOMBALA_PAYS, WHEEL_SECTORS } from './casino/demo-products';
export { hostedDemoCasino } from './casino/hosted';
export { DEMO_SITES, describeLogins, seedDemo, type DemoLogin, type SeededDemo } from './seed';
export { demoPages, seedDemoContent, type DemoBrand } from './seed/demo-pages';
export { demoBanners, demoBonusOffers } from './seed/demo-offers';
export { creditSeededPlayers, DEMO_OPENING_BALANCE } from './seed/money';
