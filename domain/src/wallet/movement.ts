import type { Minor } from '../shared/money';

/**
 * The shapes every money event on a wallet stream shares, whichever context decides it (the wallet,
 * the casino's rounds) or carries a currency (cards): kept apart from the events so that a context
 * can use them without importing the wallet's events back.
 */

/** Spec §3 currency list. */
export const CURRENCIES = ['TRY', 'EUR', 'USD', 'TND', 'CHF', 'PEN', 'PLN', 'ILS', 'IQD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/**
 * Every money event carries `reference` (the request id or the causing event's id: what makes a
 * repeated command a no-op), `amount` (minor units, what moved; signed only on adjustments and
 * corrections) and `balance` (the balance after it, so statements need no running sum).
 */
export interface Movement {
  readonly reference: string;
  readonly amount: Minor;
  readonly balance: Minor;
  readonly at: string;
}
