import type { MarketCode } from '../catalog/markets';
import type { MatchResult } from '../catalog/match-result';
import type { Fixture, MarketOffer, Scoreboard } from './events';

/** Each command is what one feed message asks of a match stream (see api/src/feed). */
export type CreateFixture = { readonly type: 'CreateFixture'; readonly fixture: Fixture; readonly now: string };
export type ChangeFixture = { readonly type: 'ChangeFixture'; readonly fixture: Fixture; readonly now: string };
export type ChangeOdds = { readonly type: 'ChangeOdds'; readonly matchId: string; readonly markets: readonly MarketOffer[]; readonly now: string };
export type UpdateMatchState = { readonly type: 'UpdateMatchState'; readonly matchId: string; readonly state: Scoreboard; readonly now: string };
export type StopBets = { readonly type: 'StopBets'; readonly matchId: string; readonly reason: string; readonly now: string };
export type RecordResult = { readonly type: 'RecordResult'; readonly matchId: string; readonly result: MatchResult; readonly now: string };
/** A result different from the recorded one; the same result again is a no-op. */
export type CorrectResult = { readonly type: 'CorrectResult'; readonly matchId: string; readonly result: MatchResult; readonly now: string };
export type CancelBets = {
  readonly type: 'CancelBets';
  readonly matchId: string;
  readonly cancellationId: string;
  readonly from: string;
  readonly to: string | null;
  readonly markets: readonly MarketCode[] | null;
  readonly reason: string;
  readonly now: string;
};
export type RollBackSettlement = { readonly type: 'RollBackSettlement'; readonly matchId: string; readonly now: string };

export type MatchCommand =
  | CreateFixture
  | ChangeFixture
  | ChangeOdds
  | UpdateMatchState
  | StopBets
  | RecordResult
  | CorrectResult
  | CancelBets
  | RollBackSettlement;
