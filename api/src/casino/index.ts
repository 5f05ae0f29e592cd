/** The casino context's pieces other workspaces use (tests, seeds). */
export { DemoCasinoProvider, DEMO_CASINO_PATHS, DEMO_CASINO_SIGNATURE_HEADER } from './demo-provider';
export { DEMO_GAMES, DEMO_MASTER_SERVICE_ID, DEMO_DICE_SERVICE_ID, DEMO_FOOTBALL_SERVICE_ID, DEMO_TOMBALA_SERVICE_ID, DEMO_WHEEL_SERVICE_ID, DEMO_EXTERNAL_SERVICE_IDS, DEMO_AGGREGATOR_MASTER_SERVICE_ID, DEMO_AGGREGATOR_SERVICE_IDS, type Draw } from './demo-games';
export { HORSES, horseOdds, LOTTO_PAYS } from './demo-external';
export { TOMBALA_PAYS, WHEEL_SECTORS } from './demo-products';
export { casinoServices, providerSecret, type CasinoOptions, type CasinoServices } from './services';
export { GameSessions, type GameSession } from './sessions';
export type { CasinoProvider, GameLaunch, GameLaunchRequest, WalletCallbackKind } from './provider';
export type { BingoCard } from './provider';
