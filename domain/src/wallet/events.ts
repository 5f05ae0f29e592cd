import type { IssuedCard } from '../card/events';
import type { PlacedCoupon } from '../coupon/events';
import type { Minor } from '../shared/money';
import type { TransferRequest } from '../transfer/events';
import type { Currency, Movement } from './movement';

/** Players hold money; dealers also hand credit down their tree and may run below zero to their limit. */
export type OwnerKind = 'player' | 'dealer';

export type WalletOpened = {
  readonly type: 'WalletOpened';
  readonly data: { readonly accountId: string; readonly ownerKind: OwnerKind; readonly currency: Currency; readonly siteId: string; readonly at: string };
};

/** The money boundary of a bet: the whole accepted coupon, so the coupon stream can be opened from it. */
export type CouponStaked = { readonly type: 'CouponStaked'; readonly data: Movement & { readonly coupon: PlacedCoupon } };
export type PayoutCredited = { readonly type: 'PayoutCredited'; readonly data: Movement & { readonly couponId: string } };
/**
 * A corrected result changed a paid coupon's payout. `amount` is what moved (negative: taken back);
 * `unrecovered` what could not be taken back without the balance going below zero (the house's loss).
 */
export type PayoutCorrected = {
  readonly type: 'PayoutCorrected';
  readonly data: Movement & { readonly couponId: string; readonly difference: Minor; readonly unrecovered: Minor };
};
export type StakeRefunded = { readonly type: 'StakeRefunded'; readonly data: Movement & { readonly couponId: string } };
export type CouponSoldCredited = { readonly type: 'CouponSoldCredited'; readonly data: Movement & { readonly couponId: string } };

/**
 * Marks a deposit in flight (no money moves): one pending transaction per wallet. Carries the whole
 * request, so the transfer stream can be opened from it (by the request or, after a crash, a reactor).
 */
export type DepositRequested = { readonly type: 'DepositRequested'; readonly data: Movement & { readonly transferId: string; readonly request: TransferRequest } };
export type DepositCredited = { readonly type: 'DepositCredited'; readonly data: Movement & { readonly transferId: string } };
export type DepositFailed = { readonly type: 'DepositFailed'; readonly data: Movement & { readonly transferId: string } };
export type WithdrawalHeld = { readonly type: 'WithdrawalHeld'; readonly data: Movement & { readonly transferId: string; readonly request: TransferRequest } };
/** The held money left the house; the balance does not change again. */
export type WithdrawalPaid = { readonly type: 'WithdrawalPaid'; readonly data: Movement & { readonly transferId: string } };
export type WithdrawalReleased = { readonly type: 'WithdrawalReleased'; readonly data: Movement & { readonly transferId: string } };
/** A paid-out terminal cash-out undone because its slip did not print: the amount is back (api/PRINTS.md). */
export type WithdrawalReversed = { readonly type: 'WithdrawalReversed'; readonly data: Movement & { readonly transferId: string } };

/** Dealer credit: sent down by the parent's wallet, received by the child's; a cut goes back up. */
export type CreditSent = { readonly type: 'CreditSent'; readonly data: Movement & { readonly transferId: string; readonly toAccountId: string } };
export type CreditReceived = { readonly type: 'CreditReceived'; readonly data: Movement & { readonly transferId: string; readonly fromAccountId: string } };
export type CreditCut = { readonly type: 'CreditCut'; readonly data: Movement & { readonly transferId: string; readonly toAccountId: string; readonly byUserId: string } };
export type CreditReturned = { readonly type: 'CreditReturned'; readonly data: Movement & { readonly transferId: string; readonly fromAccountId: string } };
/** How far below zero a dealer's balance may go. */
export type CreditLimitSet = {
  readonly type: 'CreditLimitSet';
  readonly data: { readonly reference: string; readonly creditLimit: Minor; readonly byUserId: string; readonly at: string };
};

export type BonusCredited = { readonly type: 'BonusCredited'; readonly data: Movement & { readonly bonusId: string } };
/** A staff correction, with the reason (signed amount). */
export type BalanceAdjusted = { readonly type: 'BalanceAdjusted'; readonly data: Movement & { readonly reason: string; readonly byUserId: string } };

/** Prepaid cards (api/CARDS.md): the dealer pays for a card when it is issued, gets it back on cancel or expiry; the player gets it on redeem. */
export type CardFunded = { readonly type: 'CardFunded'; readonly data: Movement & { readonly cardId: string; readonly card: IssuedCard } };
export type CardRefunded = { readonly type: 'CardRefunded'; readonly data: Movement & { readonly cardId: string; readonly why: 'cancelled' | 'expired' } };
export type CardRedeemedCredited = { readonly type: 'CardRedeemedCredited'; readonly data: Movement & { readonly cardId: string; readonly dealerId: string } };

/** The events the wallet decider decides; the stream's whole union, with the casino's rounds, is `WalletEvent` (./stream). */
export type WalletOwnEvent =
  | WalletOpened
  | CouponStaked
  | PayoutCredited
  | PayoutCorrected
  | StakeRefunded
  | CouponSoldCredited
  | DepositRequested
  | DepositCredited
  | DepositFailed
  | WithdrawalHeld
  | WithdrawalPaid
  | WithdrawalReleased
  | WithdrawalReversed
  | CreditSent
  | CreditReceived
  | CreditCut
  | CreditReturned
  | CreditLimitSet
  | BonusCredited
  | BalanceAdjusted
  | CardFunded
  | CardRefunded
  | CardRedeemedCredited;
