import type { Proposition } from './events';

interface Staff {
  readonly siteId: string;
  readonly byUserId: string;
  readonly now: string;
}

export type AddProposition = Staff & { readonly type: 'AddProposition'; readonly proposition: Proposition };
/** `ids`: every proposition of the site, once each, in the order to show. */
export type ReorderPropositions = Staff & { readonly type: 'ReorderPropositions'; readonly ids: readonly string[] };
export type RemoveProposition = Staff & { readonly type: 'RemoveProposition'; readonly id: string };

export type PropositionCommand = AddProposition | ReorderPropositions | RemoveProposition;

/**
 * What the catalog read model says of the picked match when a proposition is added (the caller
 * looks it up; the decider stays pure). null: the catalog has no such match (or the site does not
 * offer it).
 */
export interface PropositionCatalogFacts {
  readonly match: {
    /** §4 match status; only `not_started` may be proposed. */
    readonly status: string;
    /** ISO instant of kick-off. */
    readonly startsAt: string;
    /** Every market of the match, suspended and hidden ones too, with its outcome codes. */
    readonly markets: readonly { readonly marketId: string; readonly special: string; readonly outcomeIds: readonly string[] }[];
  } | null;
}
