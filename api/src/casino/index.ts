/** The casino context's pieces other workspaces use: the provider port and the services (the demo provider is `@kupon/demo`'s). */
export { casinoServices, providerSecret, type CasinoOptions, type CasinoServices } from './services';
export { GameSessions, type GameSession } from './sessions';
export type { CasinoProvider, GameLaunch, GameLaunchRequest, WalletCallbackKind } from './provider';
export type { BingoCard } from './provider';
