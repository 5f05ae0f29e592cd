import type { Fixture, MarketCode, MarketOffer, MatchResult, Scoreboard } from '@kupon/domain';

/**
 * What an odds feed says, modelled on the message kinds of a real provider feed (Betradar's
 * Unified Odds Feed: odds_change, bet_stop, bet_settlement, rollback_bet_settlement, bet_cancel,
 * fixture_change). `id` is unique per message and stable across redeliveries: the ingestor derives
 * event ids from it, so a message delivered twice changes nothing.
 */
export type FeedMessage =
  | { readonly kind: 'fixture_change'; readonly id: string; readonly at: string; readonly fixture: Fixture }
  | {
      readonly kind: 'odds_change';
      readonly id: string;
      readonly at: string;
      readonly matchId: string;
      readonly markets: readonly MarketOffer[];
      /** The sport event status, when it changed (score, clock, cards, corners). */
      readonly state?: Scoreboard;
    }
  | { readonly kind: 'bet_stop'; readonly id: string; readonly at: string; readonly matchId: string; readonly reason: string }
  | { readonly kind: 'bet_settlement'; readonly id: string; readonly at: string; readonly matchId: string; readonly result: MatchResult }
  | { readonly kind: 'rollback_bet_settlement'; readonly id: string; readonly at: string; readonly matchId: string }
  | {
      readonly kind: 'bet_cancel';
      readonly id: string;
      readonly at: string;
      readonly matchId: string;
      readonly from: string;
      readonly to: string | null;
      readonly markets: readonly MarketCode[] | null;
      readonly reason: string;
    };

export type FeedMessageKind = FeedMessage['kind'];

/**
 * The port a provider adapter implements: a stream of feed messages in the provider's order. The
 * built-in implementations are the seeded simulator and a JSON-lines file replay.
 */
export interface FeedSource {
  readonly name: string;
  messages(): AsyncIterable<FeedMessage>;
  /** Ends the iteration at the next message boundary. */
  close(): Promise<void>;
}

export function matchIdOf(message: FeedMessage): string {
  return message.kind === 'fixture_change' ? message.fixture.matchId : message.matchId;
}
