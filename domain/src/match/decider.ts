import { isSportId } from '../catalog/sports';
import type { MatchResult } from '../catalog/match-result';
import { selectionProblem } from '../catalog/settlement';
import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { MatchCommand } from './commands';
import type { Fixture, MarketOffer, MatchEvent, Scoreboard } from './events';
import { FINISHED_STATUSES } from './events';

/** The lowest price a book offers (spec §9: odds from 1.001). */
export const MIN_ODDS = 1001;

export const ZERO_SCORE = { home: 0, away: 0 } as const;

export const INITIAL_SCOREBOARD: Scoreboard = {
  status: 'not_started',
  score: ZERO_SCORE,
  periods: [],
  minute: null,
  cards: { yellow: ZERO_SCORE, red: ZERO_SCORE },
  corners: ZERO_SCORE,
};

export interface OpenMatch {
  readonly status: 'open';
  readonly fixture: Fixture;
  /** By `marketKey`. */
  readonly markets: Readonly<Record<string, MarketOffer>>;
  readonly scoreboard: Scoreboard;
  /** The recorded result in force (null before one, or after a rollback). */
  readonly result: MatchResult | null;
  readonly cancellations: readonly string[];
}

export type MatchStreamState = { readonly status: 'none' } | OpenMatch;

export const initialMatchStreamState: MatchStreamState = { status: 'none' };

export function marketKey(offer: { readonly market: string; readonly special: string }): string {
  return `${offer.market}|${offer.special}`;
}

export function evolveMatch(state: MatchStreamState, event: MatchEvent): MatchStreamState {
  switch (event.type) {
    case 'FixtureCreated':
      return { status: 'open', fixture: event.data, markets: {}, scoreboard: INITIAL_SCOREBOARD, result: null, cancellations: [] };
    case 'FixtureChanged':
      return state.status === 'open' ? { ...state, fixture: event.data } : state;
    case 'OddsChanged': {
      if (state.status !== 'open') return state;
      const markets = { ...state.markets };
      for (const offer of event.data.markets) markets[marketKey(offer)] = offer;
      return { ...state, markets };
    }
    case 'MatchStateChanged':
      return state.status === 'open' ? { ...state, scoreboard: event.data.state } : state;
    case 'BetStopped': {
      if (state.status !== 'open') return state;
      const markets = Object.fromEntries(
        Object.entries(state.markets).map(([key, offer]) => [key, offer.status === 'active' ? { ...offer, status: 'suspended' as const } : offer]),
      );
      return { ...state, markets };
    }
    case 'ResultRecorded':
    case 'ResultCorrected':
      return state.status === 'open' ? { ...state, result: event.data.result } : state;
    case 'BetsCancelled':
      return state.status === 'open' ? { ...state, cancellations: [...state.cancellations, event.data.cancellationId] } : state;
    case 'SettlementRolledBack':
      return state.status === 'open' ? { ...state, result: null } : state;
    default:
      return assertNever(event);
  }
}

export function decideMatch(command: MatchCommand, state: MatchStreamState): readonly MatchEvent[] | DomainError {
  if (command.type === 'CreateFixture') {
    const problem = fixtureProblem(command.fixture);
    if (problem) return problem;
    if (state.status === 'open') return sameJson(state.fixture, command.fixture) ? [] : domainError('fixtureExists', command.fixture.matchId);
    return [{ type: 'FixtureCreated', data: command.fixture }];
  }
  if (state.status === 'none') return domainError('matchNotFound', command.type === 'ChangeFixture' ? command.fixture.matchId : command.matchId);
  const finished = FINISHED_STATUSES.includes(state.scoreboard.status);
  switch (command.type) {
    case 'ChangeFixture': {
      const problem = fixtureProblem(command.fixture);
      if (problem) return problem;
      if (command.fixture.sportId !== state.fixture.sportId) return domainError('sportCannotChange');
      return sameJson(state.fixture, command.fixture) ? [] : [{ type: 'FixtureChanged', data: command.fixture }];
    }
    case 'ChangeOdds': {
      if (finished || state.result !== null) return domainError('matchEnded');
      const changed: MarketOffer[] = [];
      for (const offer of command.markets) {
        const problem = offerProblem(offer, state.fixture);
        if (problem) return problem;
        if (!sameJson(state.markets[marketKey(offer)], offer)) changed.push(offer);
      }
      return changed.length === 0 ? [] : [{ type: 'OddsChanged', data: { matchId: command.matchId, markets: changed, at: command.now } }];
    }
    case 'UpdateMatchState': {
      if (finished && !FINISHED_STATUSES.includes(command.state.status)) return domainError('matchEnded');
      if (sameJson(state.scoreboard, command.state)) return [];
      return [{ type: 'MatchStateChanged', data: { matchId: command.matchId, state: command.state, at: command.now } }];
    }
    case 'StopBets': {
      const open = Object.values(state.markets).some((offer) => offer.status === 'active');
      return open ? [{ type: 'BetStopped', data: { matchId: command.matchId, reason: command.reason, at: command.now } }] : [];
    }
    case 'RecordResult': {
      if (command.result.sportId !== state.fixture.sportId) return domainError('resultSportMismatch');
      if (state.result !== null) return sameJson(state.result, command.result) ? [] : domainError('resultAlreadyRecorded');
      return [{ type: 'ResultRecorded', data: { matchId: command.matchId, result: command.result, at: command.now } }];
    }
    case 'CorrectResult': {
      if (command.result.sportId !== state.fixture.sportId) return domainError('resultSportMismatch');
      if (state.result === null) return domainError('resultNotRecorded');
      if (sameJson(state.result, command.result)) return [];
      return [{ type: 'ResultCorrected', data: { matchId: command.matchId, previous: state.result, result: command.result, at: command.now } }];
    }
    case 'CancelBets': {
      if (state.cancellations.includes(command.cancellationId)) return [];
      if (command.to !== null && Date.parse(command.to) < Date.parse(command.from)) return domainError('badCancelWindow');
      for (const market of command.markets ?? []) {
        if (selectionProblem(market, '', '', state.fixture.sportId) === 'unknown_market') return domainError('unknownMarket', market);
      }
      const { type: _type, now, ...data } = command;
      return [{ type: 'BetsCancelled', data: { ...data, at: now } }];
    }
    case 'RollBackSettlement':
      if (state.result === null) return [];
      return [{ type: 'SettlementRolledBack', data: { matchId: command.matchId, previous: state.result, at: command.now } }];
    default:
      return assertNever(command);
  }
}

function fixtureProblem(fixture: Fixture): DomainError | null {
  if (!isSportId(fixture.sportId)) return domainError('unknownSport', String(fixture.sportId));
  if (Number.isNaN(Date.parse(fixture.startsAt))) return domainError('badStartTime', fixture.startsAt);
  if (fixture.home.id === fixture.away.id) return domainError('sameTeams');
  return null;
}

function offerProblem(offer: MarketOffer, fixture: Fixture): DomainError | null {
  const seen = new Set<string>();
  for (const outcome of offer.outcomes) {
    const problem = selectionProblem(offer.market, offer.special, outcome.outcome, fixture.sportId);
    if (problem) return domainError(problem, `${offer.market} ${offer.special} ${outcome.outcome}`.trim());
    if (!Number.isSafeInteger(outcome.odds) || outcome.odds < MIN_ODDS) return domainError('badOdds', outcome.odds);
    if (seen.has(outcome.outcome)) return domainError('duplicateOutcome', outcome.outcome);
    seen.add(outcome.outcome);
  }
  return null;
}

/** Commands and events are plain JSON, so equal JSON is equal content. */
function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const matchDecider: Decider<MatchStreamState, MatchCommand, MatchEvent> = {
  initialState: initialMatchStreamState,
  evolve: evolveMatch,
  decide: (command, state) => decideMatch(command, state),
};
