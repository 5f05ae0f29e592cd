import type { LocalizedText } from '../content/events';

/**
 * The operator's proposed bets (spec §7 content `matchProposition`, the player site's "Günün
 * önerileri"): staff pick a selection of an upcoming match, optionally with a short note per
 * language; the player site lists them on the home page at the catalog's current odds. One stream
 * per site, `proposition-<siteId>`; the list's order is the stream's (added last, until reordered).
 */
export interface Proposition {
  readonly id: string;
  readonly matchId: string;
  /** The market code a coupon names (`1x2`, `ou`…). */
  readonly marketId: string;
  /** The market's line (`2.5`), '' for none. */
  readonly special: string;
  readonly outcomeId: string;
  /** A short note per language code; empty for none. */
  readonly notes: LocalizedText;
}

export interface PropositionAdded {
  readonly type: 'PropositionAdded';
  readonly data: { readonly siteId: string; readonly proposition: Proposition; readonly byUserId: string; readonly at: string };
}

/** The whole list in its new order. */
export interface PropositionsReordered {
  readonly type: 'PropositionsReordered';
  readonly data: { readonly siteId: string; readonly ids: readonly string[]; readonly byUserId: string; readonly at: string };
}

export interface PropositionRemoved {
  readonly type: 'PropositionRemoved';
  readonly data: { readonly siteId: string; readonly id: string; readonly byUserId: string; readonly at: string };
}

export type PropositionEvent = PropositionAdded | PropositionsReordered | PropositionRemoved;
export const PROPOSITION_EVENT_TYPES: readonly PropositionEvent['type'][] = ['PropositionAdded', 'PropositionsReordered', 'PropositionRemoved'];
