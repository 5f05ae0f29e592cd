export { openWallet, walletCurrencyOf, type WalletOwner } from './open-wallet';
export { creditOpeningBalance } from './opening-balance';
