import type { Minor, Odds } from '../shared/money';
import type { OutcomeLimits, SlipRules } from './rules/types';

/** Where a match stands (spec §4 match status, reduced to what betting needs). */
export type MatchPhase = 'not_started' | 'live' | 'ended' | 'cancelled';

export interface MatchState {
  readonly phase: MatchPhase;
  /** ISO 8601 UTC. */
  readonly startsAt: string;
}

/** The book's current offer for one outcome. */
export interface OutcomeQuote {
  readonly odds: Odds;
  /** Market `iss`, bet status stopped, or outcome inactive. */
  readonly suspended: boolean;
  /** Market or outcome not visible (`isv` 0, market inactive). */
  readonly hidden: boolean;
  readonly limits?: OutcomeLimits | null;
}

export interface OutcomeRef {
  readonly matchId: string;
  readonly marketId: string;
  readonly special: string;
  readonly outcomeId: string;
}

/** The odds book and match states as the api's in-memory book knows them. */
export interface OddsBook {
  match(matchId: string): MatchState | undefined;
  quote(outcome: OutcomeRef): OutcomeQuote | undefined;
}

export interface CouponContext {
  readonly odds: OddsBook;
  readonly rules: SlipRules;
  /** When given, a stake above it is refused with `insufficientCredit`; the wallet checks again. */
  readonly availableBalance?: Minor | null;
  /** Server `sellType` and the dealer's permission; the operator margin in basis points. */
  readonly sell: { readonly enabled: boolean; readonly marginBp: number };
  /** Dealer permission "coupon cancellation" and the site's cancel period. */
  readonly cancel: { readonly enabled: boolean; readonly periodMs: number };
}

export function outcomeKey(outcome: OutcomeRef): string {
  return [outcome.matchId, outcome.marketId, outcome.special, outcome.outcomeId].join('|');
}

/** An odds book over plain maps (keys of quotes: `outcomeKey`). */
export function oddsBookOf(matches: Readonly<Record<string, MatchState>>, quotes: Readonly<Record<string, OutcomeQuote>>): OddsBook {
  return {
    match: (matchId) => matches[matchId],
    quote: (outcome) => quotes[outcomeKey(outcome)],
  };
}
