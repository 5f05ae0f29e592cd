/** Match streams (`match-…`): fixtures, odds, live state and results as the feed reports them. */
export type * from './events';
export { FINISHED_STATUSES, MATCH_EVENT_TYPES, matchStream } from './events';
export type * from './commands';
export {
  INITIAL_SCOREBOARD,
  MIN_ODDS,
  ZERO_SCORE,
  decideMatch,
  evolveMatch,
  initialMatchStreamState,
  marketKey,
  matchDecider,
} from './decider';
export type { MatchStreamState, OpenMatch } from './decider';
export {
  LIST_LIMITS,
  VISIBILITY,
  firstBulletinSize,
  isFinished,
  isInPlay,
  isLiveVisible,
  isPrematchVisible,
  isSearchable,
  isSuspended,
  liveMinutesLeft,
} from './rules/visibility';
export type { ListedMatch } from './rules/visibility';
export { DEFAULT_LIVE_DELAY_MS, FALLBACK_LIVE_DELAY_MS, liveAcceptance, liveDelayMs, liveSelectionVerdict } from './rules/live-delay';
export type { LiveQuoteSnapshot, LiveSelectionVerdict } from './rules/live-delay';
export { MAX_ODDS, marginOf, normalCdf, oddsWithMargin, onLadder, poisson } from './rules/pricing';
export { isCancelled, selectionOutcome } from './rules/settle';
export type { Cancellation, SettlingSelection } from './rules/settle';
export { incidentKey, incidentsBetween, timelineOf } from './rules/incidents';
export type { Incident, IncidentKind } from './rules/incidents';
export { FOOTBALL_MINUTES, matchClock } from './rules/clock';
export type { MatchClock } from './rules/clock';
