import { z } from 'zod';
import { RequestId, WalletView } from './money';

/** Wire shapes of prepaid cards (api/CARDS.md). Amounts in integer minor units. */

const positiveMinor = z.number().int('invalidAmount').positive('invalidAmount').max(Number.MAX_SAFE_INTEGER, 'invalidAmount');

/** Most cards one request issues: each PIN is hashed with scrypt while the dealer waits. */
export const MAX_CARDS_PER_BATCH = 100;

export const IssueCardsBody = z.object({
  requestId: RequestId,
  count: z.number().int('invalidAmount').min(1, `minLimit|1`).max(MAX_CARDS_PER_BATCH, `maxLimit|${MAX_CARDS_PER_BATCH}`),
  amount: positiveMinor,
  /** The spec's "team": a label to group and find a batch by. */
  batch: z.string().trim().max(40, 'unexpectedLength').optional(),
  /** Days until unredeemed cards expire and their amount goes back (absent: never). */
  expiresInDays: z.number().int('numberRequired').min(1, 'minLimit|1').max(3650, 'maxLimit|3650').optional(),
});

export const CardView = z.object({
  cardId: z.string(),
  number: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  batch: z.string().nullable(),
  dealerId: z.string(),
  dealerName: z.string().nullable(),
  state: z.enum(['issued', 'redeemed', 'cancelled', 'expired']),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
  redeemedBy: z.string().nullable(),
  redeemedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type CardView = z.infer<typeof CardView>;

/** A card as issued: the only answer that ever carries its PIN (null when a repeated request is answered). */
export const IssuedCardView = z.object({
  cardId: z.string(),
  number: z.string(),
  pin: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  batch: z.string().nullable(),
  issuedAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type IssuedCardView = z.infer<typeof IssuedCardView>;

export const IssueCardsResponse = z.object({ cards: z.array(IssuedCardView), wallet: WalletView });
export type IssueCardsResponse = z.infer<typeof IssueCardsResponse>;

export const CardListQuery = z.object({
  state: z.enum(['issued', 'redeemed', 'cancelled', 'expired']).optional(),
  batch: z.string().max(40).optional(),
  number: z.string().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const CardList = z.object({ cards: z.array(CardView), total: z.number().int() });
export type CardList = z.infer<typeof CardList>;

export const CardIdParams = z.object({ cardId: z.uuid('cardNotFound') });

export const CancelCardResponse = z.object({ card: CardView.pick({ cardId: true, number: true, amount: true, state: true }), wallet: WalletView });

export const ExpireCardsResponse = z.object({ expired: z.number().int(), returned: z.number().int() });

export const RedeemCardBody = z.object({
  number: z.string().trim().min(1, 'isRequiredArea|number').max(40, 'cardNotFound'),
  pin: z.string().trim().min(1, 'isRequiredArea|pin').max(40, 'cardNotFound'),
});
export type RedeemCardBody = z.infer<typeof RedeemCardBody>;

export const RedeemCardResponse = z.object({ status: z.literal(true), amount: z.number().int(), wallet: WalletView });
export type RedeemCardResponse = z.infer<typeof RedeemCardResponse>;
