import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { CardCommand } from './commands';
import type { CardEvent, IssuedCard } from './events';

/** issued → redeemed | cancelled | expired; the three ends are final. */
export type CardState =
  | { readonly status: 'none' }
  | { readonly status: 'issued'; readonly card: IssuedCard }
  | { readonly status: 'redeemed'; readonly card: IssuedCard; readonly playerId: string; readonly at: string }
  | { readonly status: 'cancelled' | 'expired'; readonly card: IssuedCard; readonly at: string };

export const initialCardState: CardState = { status: 'none' };

export function evolve(state: CardState, event: CardEvent): CardState {
  if (event.type === 'CardIssued') return state.status === 'none' ? { status: 'issued', card: event.data } : state;
  if (state.status !== 'issued') return state;
  switch (event.type) {
    case 'CardRedeemed':
      return { status: 'redeemed', card: state.card, playerId: event.data.playerId, at: event.data.at };
    case 'CardCancelled':
      return { status: 'cancelled', card: state.card, at: event.data.at };
    case 'CardExpired':
      return { status: 'expired', card: state.card, at: event.data.at };
    default:
      return assertNever(event);
  }
}

export function isExpired(card: IssuedCard, now: string): boolean {
  return card.expiresAt !== null && Date.parse(now) >= Date.parse(card.expiresAt);
}

/**
 * A card pays out once: the first redeem, cancel or expiry wins and every later one is refused (or,
 * when it is the same thing asked again, a no-op). A wrong number or PIN and a card of another site
 * are one vague `cardNotFound`, so guessing learns nothing; only the PIN holder learns a card is used.
 */
export function decide(command: CardCommand, state: CardState): readonly CardEvent[] | DomainError {
  if (command.type === 'IssueCard') {
    if (state.status !== 'none') return state.card.cardId === command.card.cardId ? [] : domainError('cardNotFound');
    if (!Number.isSafeInteger(command.card.amount) || command.card.amount <= 0) return domainError('invalidAmount');
    return [{ type: 'CardIssued', data: command.card }];
  }
  if (state.status === 'none') return domainError('cardNotFound');
  const { card } = state;
  switch (command.type) {
    case 'RedeemCard': {
      if (card.siteId !== command.siteId || card.pinHash !== command.pinHash || state.status === 'cancelled') return domainError('cardNotFound');
      if (state.status === 'redeemed') return state.playerId === command.playerId ? [] : domainError('cardAlreadyRedeemed');
      if (state.status === 'expired' || isExpired(card, command.now)) return domainError('cardExpired');
      return [{ type: 'CardRedeemed', data: { cardId: card.cardId, playerId: command.playerId, dealerId: card.dealerId, amount: card.amount, at: command.now } }];
    }
    case 'CancelCard': {
      if (!command.allowed) return domainError('cardNotFound');
      if (state.status === 'cancelled') return [];
      if (state.status !== 'issued') return domainError(state.status === 'redeemed' ? 'cardAlreadyRedeemed' : 'cardExpired');
      return [{ type: 'CardCancelled', data: { cardId: card.cardId, dealerId: card.dealerId, amount: card.amount, byUserId: command.byUserId, at: command.now } }];
    }
    case 'ExpireCard':
      if (state.status !== 'issued' || !isExpired(card, command.now)) return [];
      return [{ type: 'CardExpired', data: { cardId: card.cardId, dealerId: card.dealerId, amount: card.amount, at: command.now } }];
    default:
      return assertNever(command);
  }
}

export const cardDecider: Decider<CardState, CardCommand, CardEvent, undefined> = {
  initialState: initialCardState,
  evolve,
  decide: (command, state) => decide(command, state),
};
