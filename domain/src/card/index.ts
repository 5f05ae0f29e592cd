/** Card: prepaid cards a dealer issues out of its credit and a player redeems into its wallet (api/CARDS.md). */
export type * from './commands';
export type * from './events';
export { CARD_EVENT_TYPES, cardStream } from './events';
export { cardDecider, initialCardState, isExpired } from './decider';
export type { CardState } from './decider';
