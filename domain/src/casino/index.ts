/** Casino: the game catalogue the providers list, and rounds on the seamless wallet (money on the player's wallet stream). */
export type * from './commands';
export type * from './events';
export { CASINO_CATALOG_EVENT_TYPES, CASINO_CATALOG_STREAM, CASINO_WALLET_EVENT_TYPES, casinoReference } from './events';
export { CASINO_PRODUCTS, EXTERNAL_GAME_PRODUCTS, PRODUCT_FLAG, stakeWithinLimits } from './games';
export type { CasinoGame, CasinoProduct, ExternalGameProduct } from './games';
export { SHOP_CASINO_PRODUCTS, sellableInShop } from './games';
export { EMPTY_CASINO_LEDGER } from './ledger';
export type { CasinoBetEntry, CasinoLedger, CasinoRoundEntry } from './ledger';
export { casinoCatalogDecider, casinoWalletDecider, decideCasino, initialCasinoCatalogState } from './decider';
export type { CasinoBetContext, CasinoCatalogState } from './decider';
export { providerMenu } from './provider-menu';
export type { ProviderMenuEntry, SubProvider } from './provider-menu';
