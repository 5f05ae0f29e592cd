export { casinoMoney, type CasinoMoneyCall, type CasinoMoneyInput } from './seamless-wallet';
export { type GamePlayer, openGame, type OpenGameInput } from './open-game';
