import type { ActingUser } from '../identity/commands';
import { domainError, type DomainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { WalletEvent } from '../wallet/stream';
import { walletMeasure } from '../wallet/measures';
import type { BilledAccount } from './commands';
import type { BillTotals } from './events';

/** Site-wide staff who cut any account of their site. */
const SITE_CUTTERS = ['admin', 'operator'] as const;

/**
 * Who may cut an account's period off: admin and operator of its site, and its dealer ancestors
 * (the dealers above it in the tree). The read-only regulator changes nothing; anyone else is
 * `thisOperatorNotYour` (spec §6 "cannot cut an account of a user not their own").
 */
export function checkMayCutOff(actor: ActingUser, account: BilledAccount): DomainError | null {
  if (actor.siteId !== account.siteId) return domainError('thisOperatorNotYour');
  if (actor.role === 'regulator') return domainError('permissionDenied', actor.role);
  if ((SITE_CUTTERS as readonly string[]).includes(actor.role)) return null;
  if (account.ancestors.includes(actor.userId)) return null;
  return domainError('thisOperatorNotYour');
}

/** Who may read an account's bills: those who may cut it, the site's regulator, and the account itself. */
export function checkMayReadBills(actor: ActingUser, account: BilledAccount): DomainError | null {
  if (actor.siteId !== account.siteId) return domainError('thisOperatorNotYour');
  if (actor.userId === account.accountId || actor.role === 'regulator') return null;
  return checkMayCutOff(actor, account);
}

export const ZERO_TOTALS: BillTotals = { stakes: 0, payouts: 0, refunds: 0, cashouts: 0, coupons: 0, deposits: 0, withdrawals: 0, creditIn: 0, creditOut: 0, bonuses: 0, adjustments: 0 };

/** stakes − payouts − refunds − cash-outs: what the account owes its dealer for the period (negative: the dealer owes it). */
export function netOf(totals: BillTotals): Minor {
  return totals.stakes - totals.payouts - totals.refunds - totals.cashouts;
}

/** How a period's totals move the balance; closing − opening always equals this (the bill adds up). */
export function balanceMovementOf(t: BillTotals): Minor {
  return -t.stakes + t.payouts + t.refunds + t.cashouts + t.deposits - t.withdrawals + t.creditIn - t.creditOut + t.bonuses + t.adjustments;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * Folds a period's wallet events into its totals and closing balance. Every money event carries the
 * balance after it, so the closing balance is the last one's; `amount` is unsigned except on payout
 * corrections and balance adjustments.
 */
export function foldPeriod(events: readonly WalletEvent[], openingBalance: Minor): { readonly totals: BillTotals; readonly closingBalance: Minor } {
  const t: Mutable<BillTotals> = { ...ZERO_TOTALS };
  let closingBalance = openingBalance;
  for (const event of events) {
    // Opening a wallet and setting a dealer's limit carry no balance.
    if (event.type === 'WalletOpened' || event.type === 'CreditLimitSet') continue;
    const moved = walletMeasure(event);
    if (moved) t[moved.measure] += moved.amount;
    if (event.type === 'CouponStaked') t.coupons += 1;
    closingBalance = event.data.balance;
  }
  return { totals: t, closingBalance };
}
