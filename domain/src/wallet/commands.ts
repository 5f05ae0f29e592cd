import type { PlacedCoupon } from '../coupon/events';
import type { Minor } from '../shared/money';
import type { TransferRequest } from '../transfer/events';
import type { SiteStakeLimits } from './coupon-exposure';
import type { OwnerKind } from './events';
import type { Currency } from './movement';
import type { IssuedCard } from '../card/events';

/**
 * Every wallet command carries `now` and `reference`: the client request id, or the id of the event
 * that caused it (reactors). A reference the wallet has seen makes the command a no-op.
 */
interface Base {
  readonly reference: string;
  readonly now: string;
}

export type OpenWallet = Base & { readonly type: 'OpenWallet'; readonly accountId: string; readonly ownerKind: OwnerKind; readonly currency: Currency; readonly siteId: string };
/** `limits`: the site's per-match stake and same-coupon limits, checked on the wallet's state (absent: none). */
export type StakeCoupon = Base & { readonly type: 'StakeCoupon'; readonly coupon: PlacedCoupon; readonly limits?: SiteStakeLimits };
export type CreditPayout = Base & { readonly type: 'CreditPayout'; readonly couponId: string; readonly amount: Minor };
export type CorrectPayout = Base & { readonly type: 'CorrectPayout'; readonly couponId: string; readonly difference: Minor };
export type RefundStake = Base & { readonly type: 'RefundStake'; readonly couponId: string; readonly amount: Minor };
export type CreditCouponSale = Base & { readonly type: 'CreditCouponSale'; readonly couponId: string; readonly amount: Minor };
export type RequestDeposit = Base & { readonly type: 'RequestDeposit'; readonly request: TransferRequest };
export type CreditDeposit = Base & { readonly type: 'CreditDeposit'; readonly transferId: string; readonly amount: Minor };
export type FailDeposit = Base & { readonly type: 'FailDeposit'; readonly transferId: string };
export type HoldWithdrawal = Base & { readonly type: 'HoldWithdrawal'; readonly request: TransferRequest };
export type PayWithdrawal = Base & { readonly type: 'PayWithdrawal'; readonly transferId: string };
export type ReleaseWithdrawal = Base & { readonly type: 'ReleaseWithdrawal'; readonly transferId: string };
/**
 * A terminal's cash-out undone (its slip did not print, api/PRINTS.md). `reference`: the
 * `TransferReversed` event id, so however often it is asked, the money comes back once.
 */
export type ReverseWithdrawal = Base & { readonly type: 'ReverseWithdrawal'; readonly transferId: string; readonly amount: Minor };
export type SendCredit = Base & { readonly type: 'SendCredit'; readonly transferId: string; readonly toAccountId: string; readonly amount: Minor };
export type ReceiveCredit = Base & { readonly type: 'ReceiveCredit'; readonly transferId: string; readonly fromAccountId: string; readonly amount: Minor };
/** On the child's wallet: the parent takes credit back up. */
export type CutCredit = Base & { readonly type: 'CutCredit'; readonly transferId: string; readonly toAccountId: string; readonly amount: Minor; readonly byUserId: string };
export type ReturnCredit = Base & { readonly type: 'ReturnCredit'; readonly transferId: string; readonly fromAccountId: string; readonly amount: Minor };
export type SetCreditLimit = Base & { readonly type: 'SetCreditLimit'; readonly creditLimit: Minor; readonly byUserId: string };
export type CreditBonus = Base & { readonly type: 'CreditBonus'; readonly bonusId: string; readonly amount: Minor };
export type AdjustBalance = Base & { readonly type: 'AdjustBalance'; readonly amount: Minor; readonly reason: string; readonly byUserId: string };
/** A dealer pays for a batch of cards: one `CardFunded` per card, all or none. */
export type FundCards = Base & { readonly type: 'FundCards'; readonly cards: readonly IssuedCard[] };
/** `reference`: the `CardCancelled` / `CardExpired` event id, so the amount comes back once. */
export type RefundCard = Base & { readonly type: 'RefundCard'; readonly cardId: string; readonly amount: Minor; readonly why: 'cancelled' | 'expired' };
/** `reference`: the `CardRedeemed` event id, so however many redeems race, the player is credited once. */
export type CreditCardRedeem = Base & { readonly type: 'CreditCardRedeem'; readonly cardId: string; readonly dealerId: string; readonly amount: Minor };

export type WalletCommand =
  | OpenWallet
  | StakeCoupon
  | CreditPayout
  | CorrectPayout
  | RefundStake
  | CreditCouponSale
  | RequestDeposit
  | CreditDeposit
  | FailDeposit
  | HoldWithdrawal
  | PayWithdrawal
  | ReleaseWithdrawal
  | ReverseWithdrawal
  | SendCredit
  | ReceiveCredit
  | CutCredit
  | ReturnCredit
  | SetCreditLimit
  | CreditBonus
  | AdjustBalance
  | FundCards
  | RefundCard
  | CreditCardRedeem;
