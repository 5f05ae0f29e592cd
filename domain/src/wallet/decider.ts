import { Map as ImmutableMap, Set as ImmutableSet } from 'immutable';
import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError, isDomainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { WalletCommand } from './commands';
import type { OwnerKind } from './events';
import type { Currency } from './movement';
import type { WalletEvent } from './stream';
import { type CasinoLedger, EMPTY_CASINO_LEDGER, evolveCasinoLedger } from '../casino/ledger';
import { type CouponExposure, EMPTY_COUPON_EXPOSURE, exposureRefunded, exposureRefusal, exposureStaked, NO_SITE_STAKE_LIMITS } from './coupon-exposure';

export interface OpenWalletState {
  readonly status: 'open';
  readonly accountId: string;
  readonly ownerKind: OwnerKind;
  readonly currency: Currency;
  readonly siteId: string;
  /** Minor units; held withdrawals are already out of it. */
  readonly balance: Minor;
  /** How far below zero the balance may go (dealers; 0 for players). */
  readonly creditLimit: Minor;
  /** Withdrawals held, by transfer id. */
  readonly holds: ImmutableMap<string, Minor>;
  /** The deposit or withdrawal in flight, if any (spec: "You already have a transaction."). */
  readonly pendingTransferId: string | null;
  /** Every reference (request id, causing event id) already acted on. Persistent, so a fold stays O(n). */
  readonly references: ImmutableSet<string>;
  /** Transfers whose money is settled for good: a late repeat of their last step is a no-op. */
  readonly closedTransfers: ImmutableSet<string>;
  /** Casino bets and rounds by provider transaction (the casino decider's part of the wallet). */
  readonly casino: CasinoLedger;
  /** Per match the total staked, per same coupon the count: what the site's stake limits are checked on. */
  readonly coupons: CouponExposure;
}

export type WalletState = { readonly status: 'unopened' } | OpenWalletState;

export const initialWalletState: WalletState = { status: 'unopened' };

/** What the wallet may still spend: down to zero, or down to minus its credit limit for a dealer. */
export function availableOf(state: WalletState): Minor {
  return state.status === 'open' ? state.balance + state.creditLimit : 0;
}

export function evolve(state: WalletState, event: WalletEvent): WalletState {
  if (event.type === 'WalletOpened') {
    if (state.status === 'open') return state;
    const { accountId, ownerKind, currency, siteId } = event.data;
    return {
      status: 'open',
      accountId,
      ownerKind,
      currency,
      siteId,
      balance: 0,
      creditLimit: 0,
      holds: ImmutableMap(),
      pendingTransferId: null,
      references: ImmutableSet(),
      closedTransfers: ImmutableSet(),
      casino: EMPTY_CASINO_LEDGER,
      coupons: EMPTY_COUPON_EXPOSURE,
    };
  }
  if (state.status !== 'open') return state;
  const seen = { ...state, references: state.references.add(event.data.reference) };
  switch (event.type) {
    case 'CreditLimitSet':
      return { ...seen, creditLimit: event.data.creditLimit };
    case 'DepositRequested':
      return { ...seen, pendingTransferId: event.data.transferId };
    case 'DepositCredited':
    case 'DepositFailed':
      return {
        ...seen,
        balance: event.data.balance,
        pendingTransferId: state.pendingTransferId === event.data.transferId ? null : state.pendingTransferId,
        closedTransfers: state.closedTransfers.add(event.data.transferId),
      };
    case 'WithdrawalHeld':
      return { ...seen, balance: event.data.balance, holds: state.holds.set(event.data.transferId, event.data.amount), pendingTransferId: event.data.transferId };
    case 'WithdrawalPaid':
    case 'WithdrawalReleased':
      return {
        ...seen,
        balance: event.data.balance,
        holds: state.holds.delete(event.data.transferId),
        pendingTransferId: state.pendingTransferId === event.data.transferId ? null : state.pendingTransferId,
        closedTransfers: state.closedTransfers.add(event.data.transferId),
      };
    case 'CouponStaked':
      return { ...seen, balance: event.data.balance, coupons: exposureStaked(state.coupons, event.data.coupon, event.data.at) };
    case 'StakeRefunded':
      return { ...seen, balance: event.data.balance, coupons: exposureRefunded(state.coupons, event.data.couponId) };
    case 'WithdrawalReversed':
    case 'PayoutCredited':
    case 'PayoutCorrected':
    case 'CouponSoldCredited':
    case 'CreditSent':
    case 'CreditReceived':
    case 'CreditCut':
    case 'CreditReturned':
    case 'BonusCredited':
    case 'BalanceAdjusted':
    case 'CardFunded':
    case 'CardRefunded':
    case 'CardRedeemedCredited':
      return { ...seen, balance: event.data.balance };
    case 'CasinoBetPlaced':
    case 'CasinoWinCredited':
    case 'CasinoRoundRolledBack':
      return { ...seen, balance: event.data.balance, casino: evolveCasinoLedger(state.casino, event) };
    default:
      return assertNever(event);
  }
}

export function decide(command: WalletCommand, state: WalletState): readonly WalletEvent[] | DomainError {
  if (command.type === 'OpenWallet') {
    if (state.status === 'open') return state.accountId === command.accountId ? [] : domainError('walletAlreadyOpened');
    const { accountId, ownerKind, currency, siteId, now } = command;
    return [{ type: 'WalletOpened', data: { accountId, ownerKind, currency, siteId, at: now } }];
  }
  if (state.status !== 'open') return domainError('walletNotOpened');
  // A repeated request or a redelivered event: the first answer stands, nothing moves twice.
  if (state.references.has(command.reference)) return [];
  const { reference, now: at } = command;
  const credit = (amount: Minor) => ({ reference, amount, balance: state.balance + amount, at });
  const debit = (amount: Minor): { reference: string; amount: Minor; balance: Minor; at: string } | DomainError =>
    amount > availableOf(state) ? domainError('insufficientCredit') : { reference, amount, balance: state.balance - amount, at };

  switch (command.type) {
    case 'StakeCoupon': {
      const amount = command.coupon.totalStake;
      if (!isPositive(amount)) return domainError('invalidAmount');
      if (command.coupon.userId !== state.accountId) return domainError('thisOperatorNotYour');
      const overLimit = exposureRefusal(state.coupons, command.coupon, command.limits ?? NO_SITE_STAKE_LIMITS, at);
      if (overLimit) return overLimit;
      const moved = debit(amount);
      return isDomainError(moved) ? moved : [{ type: 'CouponStaked', data: { ...moved, coupon: command.coupon } }];
    }
    case 'CreditPayout':
      if (!isNonNegative(command.amount)) return domainError('invalidAmount');
      return [{ type: 'PayoutCredited', data: { ...credit(command.amount), couponId: command.couponId } }];
    case 'CorrectPayout': {
      if (!Number.isSafeInteger(command.difference) || command.difference === 0) return domainError('invalidAmount');
      const recoverable = Math.max(0, availableOf(state));
      const amount = command.difference > 0 ? command.difference : -Math.min(-command.difference, recoverable);
      const unrecovered = command.difference > 0 ? 0 : -command.difference + amount;
      return [{ type: 'PayoutCorrected', data: { ...credit(amount), couponId: command.couponId, difference: command.difference, unrecovered } }];
    }
    case 'RefundStake':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'StakeRefunded', data: { ...credit(command.amount), couponId: command.couponId } }];
    case 'CreditCouponSale':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'CouponSoldCredited', data: { ...credit(command.amount), couponId: command.couponId } }];
    case 'RequestDeposit': {
      const { request } = command;
      if (!isPositive(request.amount) || request.direction !== 'deposit') return domainError('invalidAmount');
      if (request.accountId !== state.accountId) return domainError('thisOperatorNotYour');
      if (state.pendingTransferId !== null) return domainError('alreadyHaveTransaction');
      return [{ type: 'DepositRequested', data: { reference, amount: request.amount, balance: state.balance, at, transferId: request.transferId, request } }];
    }
    case 'CreditDeposit':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      if (state.closedTransfers.has(command.transferId)) return [];
      return [{ type: 'DepositCredited', data: { ...credit(command.amount), transferId: command.transferId } }];
    case 'FailDeposit':
      if (state.closedTransfers.has(command.transferId)) return [];
      return [{ type: 'DepositFailed', data: { reference, amount: 0, balance: state.balance, at, transferId: command.transferId } }];
    case 'HoldWithdrawal': {
      const { request } = command;
      if (!isPositive(request.amount) || request.direction !== 'withdrawal') return domainError('invalidAmount');
      if (request.accountId !== state.accountId) return domainError('thisOperatorNotYour');
      if (state.pendingTransferId !== null) return domainError('alreadyHaveTransaction');
      // A withdrawal pays out what the account holds, never a dealer's credit line.
      if (request.amount > state.balance) return domainError('insufficientCredit');
      const data = { reference, amount: request.amount, balance: state.balance - request.amount, at, transferId: request.transferId, request };
      return [{ type: 'WithdrawalHeld', data }];
    }
    case 'PayWithdrawal':
    case 'ReleaseWithdrawal': {
      if (state.closedTransfers.has(command.transferId)) return [];
      const held = state.holds.get(command.transferId);
      if (held === undefined) return domainError('transferNotFound');
      const transferId = command.transferId;
      return command.type === 'PayWithdrawal'
        ? [{ type: 'WithdrawalPaid', data: { reference, amount: held, balance: state.balance, at, transferId } }]
        : [{ type: 'WithdrawalReleased', data: { ...credit(held), transferId } }];
    }
    case 'ReverseWithdrawal': {
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      const held = state.holds.get(command.transferId);
      // Not paid out yet (the reactor runs behind): the hold is let go, and paying it later is a no-op.
      if (held !== undefined) return [{ type: 'WithdrawalReleased', data: { ...credit(held), transferId: command.transferId } }];
      if (!state.closedTransfers.has(command.transferId)) return domainError('transferNotFound');
      return [{ type: 'WithdrawalReversed', data: { ...credit(command.amount), transferId: command.transferId } }];
    }
    case 'SendCredit': {
      if (state.ownerKind !== 'dealer') return domainError('transfersForbidden');
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      if (command.toAccountId === state.accountId) return domainError('transfersForbidden');
      const moved = debit(command.amount);
      return isDomainError(moved) ? moved : [{ type: 'CreditSent', data: { ...moved, transferId: command.transferId, toAccountId: command.toAccountId } }];
    }
    case 'ReceiveCredit':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'CreditReceived', data: { ...credit(command.amount), transferId: command.transferId, fromAccountId: command.fromAccountId } }];
    case 'CutCredit': {
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      // A cut takes back what the account holds, never pushes it onto its own credit line.
      if (command.amount > state.balance) return domainError('insufficientCredit');
      return [
        {
          type: 'CreditCut',
          data: { reference, amount: command.amount, balance: state.balance - command.amount, at, transferId: command.transferId, toAccountId: command.toAccountId, byUserId: command.byUserId },
        },
      ];
    }
    case 'ReturnCredit':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'CreditReturned', data: { ...credit(command.amount), transferId: command.transferId, fromAccountId: command.fromAccountId } }];
    case 'SetCreditLimit':
      if (state.ownerKind !== 'dealer') return domainError('transfersForbidden');
      if (!isNonNegative(command.creditLimit)) return domainError('invalidAmount');
      // Lowering the line below what is already used would leave the balance under its floor.
      if (state.balance + command.creditLimit < 0) return domainError('insufficientCredit');
      return [{ type: 'CreditLimitSet', data: { reference, creditLimit: command.creditLimit, byUserId: command.byUserId, at } }];
    case 'CreditBonus':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'BonusCredited', data: { ...credit(command.amount), bonusId: command.bonusId } }];
    case 'AdjustBalance': {
      if (!Number.isSafeInteger(command.amount) || command.amount === 0) return domainError('invalidAmount');
      if (command.reason.trim() === '') return domainError('isRequiredArea');
      if (command.amount < 0 && state.balance + command.amount < 0) return domainError('insufficientCredit');
      return [{ type: 'BalanceAdjusted', data: { ...credit(command.amount), reason: command.reason, byUserId: command.byUserId } }];
    }
    case 'FundCards': {
      if (state.ownerKind !== 'dealer') return domainError('transfersForbidden');
      if (command.cards.length === 0 || !command.cards.every((card) => isPositive(card.amount) && card.dealerId === state.accountId && card.currency === state.currency)) return domainError('invalidAmount');
      const total = command.cards.reduce((sum, card) => sum + card.amount, 0);
      // §8 "user limit insufficient to create cards": the batch must fit in what the dealer may still spend.
      if (!Number.isSafeInteger(total) || total > availableOf(state)) return domainError('cardLimitInsufficient');
      let balance = state.balance;
      return command.cards.map((card) => {
        balance -= card.amount;
        return { type: 'CardFunded' as const, data: { reference, amount: card.amount, balance, at, cardId: card.cardId, card } };
      });
    }
    case 'RefundCard':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'CardRefunded', data: { ...credit(command.amount), cardId: command.cardId, why: command.why } }];
    case 'CreditCardRedeem':
      if (!isPositive(command.amount)) return domainError('invalidAmount');
      return [{ type: 'CardRedeemedCredited', data: { ...credit(command.amount), cardId: command.cardId, dealerId: command.dealerId } }];
    default:
      return assertNever(command);
  }
}

export const walletDecider: Decider<WalletState, WalletCommand, WalletEvent, undefined> = {
  initialState: initialWalletState,
  evolve,
  decide: (command, state) => decide(command, state),
};

function isPositive(amount: Minor): boolean {
  return Number.isSafeInteger(amount) && amount > 0;
}

function isNonNegative(amount: Minor): boolean {
  return Number.isSafeInteger(amount) && amount >= 0;
}
