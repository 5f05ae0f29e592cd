import type { Minor } from '../shared/money';
import type { WalletEvent, WalletEventType } from './stream';

/**
 * The money measures a wallet event moves, each counted positive in its own direction: stakes are
 * what was staked, withdrawals what left. Bills (billing's `BillTotals`) and reports fold the same
 * measures; reports show credit in and out as one column.
 */
export type WalletMeasure = 'stakes' | 'payouts' | 'refunds' | 'cashouts' | 'deposits' | 'withdrawals' | 'creditIn' | 'creditOut' | 'bonuses' | 'adjustments';

/** The measure an event moves and which way: `-1` takes back what an earlier event added (a released withdrawal). */
type Classification = { readonly measure: WalletMeasure; readonly direction: 1 | -1 } | null;

const adds = (measure: WalletMeasure): Classification => ({ measure, direction: 1 });
const takesBack = (measure: WalletMeasure): Classification => ({ measure, direction: -1 });

/** Every wallet event type, classified: a new one does not compile until it says which measure it moves (or none). */
const WALLET_MEASURES: { readonly [T in WalletEventType]: Classification } = {
  // Opening a wallet and setting a dealer's limit move no money.
  WalletOpened: null,
  CreditLimitSet: null,
  // Requests and the paying out of a hold move no balance.
  DepositRequested: null,
  DepositFailed: null,
  WithdrawalPaid: null,
  CouponStaked: adds('stakes'),
  CasinoBetPlaced: adds('stakes'),
  // A correction of a paid coupon carries its signed difference.
  PayoutCredited: adds('payouts'),
  PayoutCorrected: adds('payouts'),
  CasinoWinCredited: adds('payouts'),
  StakeRefunded: adds('refunds'),
  CasinoRoundRolledBack: adds('refunds'),
  CouponSoldCredited: adds('cashouts'),
  DepositCredited: adds('deposits'),
  WithdrawalHeld: adds('withdrawals'),
  WithdrawalReleased: takesBack('withdrawals'),
  // A terminal's cash-out undone because its slip did not print (api/PRINTS.md).
  WithdrawalReversed: takesBack('withdrawals'),
  CreditReceived: adds('creditIn'),
  CreditReturned: adds('creditIn'),
  CreditSent: adds('creditOut'),
  CreditCut: adds('creditOut'),
  // Prepaid cards are dealer credit handed down through a voucher (api/CARDS.md): out of the dealer on
  // issue, back on cancel or expiry, into the player on redeem.
  CardFunded: adds('creditOut'),
  CardRefunded: adds('creditIn'),
  CardRedeemedCredited: adds('creditIn'),
  BonusCredited: adds('bonuses'),
  // A staff correction carries its signed amount.
  BalanceAdjusted: adds('adjustments'),
};

/** Which measure a wallet event moves and by how much (in that measure's direction); null when it moves none. */
export function walletMeasure(event: WalletEvent): { readonly measure: WalletMeasure; readonly amount: Minor } | null {
  const classified = WALLET_MEASURES[event.type];
  if (!classified || !('amount' in event.data)) return null;
  return { measure: classified.measure, amount: classified.direction * event.data.amount };
}

/** Every wallet event type that moves a measure, with the measure and its direction: for folds written in SQL over stored rows. */
export const WALLET_MEASURED_TYPES: readonly { readonly type: WalletEventType; readonly measure: WalletMeasure; readonly direction: 1 | -1 }[] = Object.entries(WALLET_MEASURES).flatMap(([type, classified]) =>
  classified ? [{ type: type as WalletEventType, measure: classified.measure, direction: classified.direction }] : [],
);
