import type { Minor } from '../shared/money';
import type { Currency } from '../wallet/movement';

/**
 * A prepaid card ("kart", spec §3 Card: number, amount, team, time) as its dealer's wallet paid for
 * it: the whole card rides on `CardFunded`, so the card stream is opened from it (by the request or,
 * after a crash, by a reactor). Only a hash of the PIN is ever stored.
 */
export interface IssuedCard {
  readonly cardId: string;
  readonly siteId: string;
  readonly dealerId: string;
  /** The number printed on the card: digits only. */
  readonly number: string;
  /** scrypt of the PIN, salted with the card id (hex). */
  readonly pinHash: string;
  readonly amount: Minor;
  readonly currency: Currency;
  /** The spec's "team": a free batch label a dealer groups its cards by. */
  readonly batch: string | null;
  readonly issuedAt: string;
  /** After this instant the card cannot be redeemed and its amount goes back to the dealer (null: never). */
  readonly expiresAt: string | null;
}

export type CardIssued = { readonly type: 'CardIssued'; readonly data: IssuedCard };
export type CardRedeemed = { readonly type: 'CardRedeemed'; readonly data: { readonly cardId: string; readonly playerId: string; readonly dealerId: string; readonly amount: Minor; readonly at: string } };
export type CardCancelled = { readonly type: 'CardCancelled'; readonly data: { readonly cardId: string; readonly dealerId: string; readonly amount: Minor; readonly byUserId: string; readonly at: string } };
export type CardExpired = { readonly type: 'CardExpired'; readonly data: { readonly cardId: string; readonly dealerId: string; readonly amount: Minor; readonly at: string } };

export type CardEvent = CardIssued | CardRedeemed | CardCancelled | CardExpired;

export const CARD_EVENT_TYPES: readonly CardEvent['type'][] = ['CardIssued', 'CardRedeemed', 'CardCancelled', 'CardExpired'];

export function cardStream(cardId: string): string {
  return `card-${cardId}`;
}
