import type { CasinoWalletEvent } from '../casino/events';
import type { WalletOwnEvent } from './events';

/**
 * The wallet stream, composed in this one place: the wallet's own events and the casino's rounds
 * (the seamless wallet). Each context defines its events in its own file and none imports another's back.
 */
export type WalletEvent = WalletOwnEvent | CasinoWalletEvent;

export type WalletEventType = WalletEvent['type'];

export const WALLET_EVENT_TYPES: readonly WalletEventType[] = [
  'WalletOpened',
  'CouponStaked',
  'PayoutCredited',
  'PayoutCorrected',
  'StakeRefunded',
  'CouponSoldCredited',
  'DepositRequested',
  'DepositCredited',
  'DepositFailed',
  'WithdrawalHeld',
  'WithdrawalPaid',
  'WithdrawalReleased',
  'WithdrawalReversed',
  'CreditSent',
  'CreditReceived',
  'CreditCut',
  'CreditReturned',
  'CreditLimitSet',
  'BonusCredited',
  'BalanceAdjusted',
  'CasinoBetPlaced',
  'CasinoWinCredited',
  'CasinoRoundRolledBack',
  'CardFunded',
  'CardRefunded',
  'CardRedeemedCredited',
];

export function walletStream(accountId: string): string {
  return `wallet-${accountId}`;
}
