export { wallets, BALANCE_SIGN, type WalletTables } from './wallets';
export { transfers, type TransferTables } from './transfers';
export { coupons, type CouponTables } from './coupons';
export { statementRows, type StatementFilter } from './queries';
