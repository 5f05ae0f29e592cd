import type { IssuedCard } from './events';

/** Opens the card stream from the `CardFunded` that paid for it (request or reactor: the same event). */
export type IssueCard = { readonly type: 'IssueCard'; readonly card: IssuedCard };
/** `pinHash`: the hash of the PIN the player typed, salted like the card's. */
export type RedeemCard = { readonly type: 'RedeemCard'; readonly playerId: string; readonly siteId: string; readonly pinHash: string; readonly now: string };
/** `allowed`: the caller is the issuing dealer, one of its ancestors, or site-wide staff of its site (checked by the route). */
export type CancelCard = { readonly type: 'CancelCard'; readonly byUserId: string; readonly allowed: boolean; readonly now: string };
export type ExpireCard = { readonly type: 'ExpireCard'; readonly now: string };

export type CardCommand = IssueCard | RedeemCard | CancelCard | ExpireCard;
