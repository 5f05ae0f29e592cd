import { type CardCancelled, type CardExpired, type CardFunded, type CardRedeemed, cardDecider, cardStream } from '@kupon/domain';
import { outcomeOf, walletCommand } from './money';
import type { Reactor, ReactorOutcome } from './reactor-runner';
import { type Cause, metaFromCause } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

export const CARD_FLOW = 'card-flow';

/**
 * Prepaid cards across the dealer's wallet, the card stream and the player's wallet (api/CARDS.md):
 * - `CardFunded` (dealer wallet, the money boundary) opens the card stream from the card it carries;
 * - `CardRedeemed` (card) credits the player (`CardRedeemedCredited`, reference: the redeem's event id);
 * - `CardCancelled` / `CardExpired` (card) give the amount back to the dealer (`CardRefunded`).
 * The requests do each step themselves through `completeCard`; this finishes what a crash left
 * undone. Ids derive from the cause, so the request's append and the reactor's are the same event.
 */
export const cardFlow: Reactor = {
  name: CARD_FLOW,
  handles: ['CardFunded', 'CardRedeemed', 'CardCancelled', 'CardExpired'],
  react: (event, commands) => completeCard(commands, event),
};

/** The next step after one card event (a no-op for an event that has none). */
export async function completeCard(commands: StreamCommands, cause: Cause): Promise<ReactorOutcome> {
  const base = { reference: cause.id, now: cause.metadata.at };
  switch (cause.type) {
    case 'CardFunded': {
      const { card } = cause.data as unknown as CardFunded['data'];
      return outcomeOf(await commands.run(cardStream(card.cardId), cardDecider, { type: 'IssueCard', card }, metaFromCause(CARD_FLOW, cause)));
    }
    case 'CardRedeemed': {
      const { cardId, playerId, dealerId, amount } = cause.data as unknown as CardRedeemed['data'];
      return walletCommand(CARD_FLOW, commands, playerId, cause, { type: 'CreditCardRedeem', ...base, cardId, dealerId, amount });
    }
    case 'CardCancelled':
    case 'CardExpired': {
      const { cardId, dealerId, amount } = cause.data as unknown as (CardCancelled | CardExpired)['data'];
      return walletCommand(CARD_FLOW, commands, dealerId, cause, { type: 'RefundCard', ...base, cardId, amount, why: cause.type === 'CardCancelled' ? 'cancelled' : 'expired' });
    }
    default:
      return { ok: true };
  }
}
