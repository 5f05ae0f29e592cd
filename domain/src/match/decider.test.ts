import { describe, expect, it } from 'vitest';
import type { MatchResult } from '../catalog/match-result';
import { evolveMatch, initialMatchStreamState, INITIAL_SCOREBOARD } from './decider';
import type { MatchEvent } from './events';
import { FIXTURE, given, NOW, oneXTwo } from './testing/given';

const created: MatchEvent = { type: 'FixtureCreated', data: FIXTURE };
const opened: MatchEvent = { type: 'OddsChanged', data: { matchId: 'm1', markets: [oneXTwo(2100, 3300, 3400)], at: NOW } };
const result: MatchResult = { sportId: 1, status: 'completed', periods: [{ home: 1, away: 0 }, { home: 1, away: 1 }] };
const recorded: MatchEvent = { type: 'ResultRecorded', data: { matchId: 'm1', result, at: NOW } };

describe('match stream: fixtures', () => {
  it('creates a fixture once; the same fixture again is a no-op, a different one is refused', () => {
    given().when({ type: 'CreateFixture', fixture: FIXTURE, now: NOW }).then([created]);
    given([created]).when({ type: 'CreateFixture', fixture: FIXTURE, now: NOW }).then([]);
    given([created]).when({ type: 'CreateFixture', fixture: { ...FIXTURE, startsAt: NOW }, now: NOW }).thenFails('fixtureExists');
  });

  it('refuses a fixture of an unknown sport or a team against itself', () => {
    given().when({ type: 'CreateFixture', fixture: { ...FIXTURE, sportId: 99 as never }, now: NOW }).thenFails('unknownSport');
    given().when({ type: 'CreateFixture', fixture: { ...FIXTURE, away: FIXTURE.home }, now: NOW }).thenFails('sameTeams');
  });

  it('moves a kick-off time', () => {
    const moved = { ...FIXTURE, startsAt: '2026-11-22T19:00:00.000Z' };
    given([created]).when({ type: 'ChangeFixture', fixture: moved, now: NOW }).then([{ type: 'FixtureChanged', data: moved }]);
  });

  it('knows nothing of a match before its fixture', () => {
    given().when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(2000, 3000, 4000)], now: NOW }).thenFails('matchNotFound');
  });
});

describe('match stream: odds', () => {
  it('opens a market and records only the markets that changed', () => {
    given([created]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(2100, 3300, 3400)], now: NOW }).then([opened]);
    given([created, opened]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(2100, 3300, 3400)], now: NOW }).then([]);
  });

  it('refuses odds below 1.001, an outcome the market lacks, or a market of another sport', () => {
    given([created]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(1000, 3300, 3400)], now: NOW }).thenFails('badOdds');
    const bad = { market: 'FT_1X2' as const, special: '', status: 'active' as const, outcomes: [{ outcome: '3', odds: 2000, active: true }] };
    given([created]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [bad], now: NOW }).thenFails('unknown_outcome');
    const tennis = { market: 'TN_MATCH' as const, special: '', status: 'active' as const, outcomes: [{ outcome: '1', odds: 2000, active: true }] };
    given([created]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [tennis], now: NOW }).thenFails('market_not_for_sport');
  });

  it('a bet stop suspends every open market until the feed reopens it', () => {
    const stopped: MatchEvent = { type: 'BetStopped', data: { matchId: 'm1', reason: 'dangerous attack', at: NOW } };
    given([created, opened]).when({ type: 'StopBets', matchId: 'm1', reason: 'dangerous attack', now: NOW }).then([stopped]);
    const state = given([created, opened, stopped]).state;
    expect(state.status === 'open' && Object.values(state.markets).map((m) => m.status)).toEqual(['suspended']);
    given([created, opened, stopped]).when({ type: 'StopBets', matchId: 'm1', reason: 'again', now: NOW }).then([]);
    given([created, opened, stopped])
      .when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(2100, 3300, 3400)], now: NOW })
      .then([{ ...opened }]);
  });

  it('takes no odds once the match has a result', () => {
    given([created, opened, recorded]).when({ type: 'ChangeOdds', matchId: 'm1', markets: [oneXTwo(2000, 3000, 4000)], now: NOW }).thenFails('matchEnded');
  });
});

describe('match stream: live state', () => {
  it('records score changes and never goes back to play after the end', () => {
    const live = { ...INITIAL_SCOREBOARD, status: '1p' as const, minute: 12, score: { home: 1, away: 0 }, periods: [{ home: 1, away: 0 }] };
    given([created]).when({ type: 'UpdateMatchState', matchId: 'm1', state: live, now: NOW }).then([{ type: 'MatchStateChanged', data: { matchId: 'm1', state: live, at: NOW } }]);
    const ended: MatchEvent = { type: 'MatchStateChanged', data: { matchId: 'm1', state: { ...live, status: 'ended' }, at: NOW } };
    given([created, ended]).when({ type: 'UpdateMatchState', matchId: 'm1', state: live, now: NOW }).thenFails('matchEnded');
  });
});

describe('match stream: results', () => {
  const corrected: MatchResult = { ...result, periods: [{ home: 1, away: 0 }, { home: 0, away: 1 }] };

  it('records a result once; a different one must come as a correction', () => {
    given([created]).when({ type: 'RecordResult', matchId: 'm1', result, now: NOW }).then([recorded]);
    given([created, recorded]).when({ type: 'RecordResult', matchId: 'm1', result, now: NOW }).then([]);
    given([created, recorded]).when({ type: 'RecordResult', matchId: 'm1', result: corrected, now: NOW }).thenFails('resultAlreadyRecorded');
    given([created, recorded])
      .when({ type: 'CorrectResult', matchId: 'm1', result: corrected, now: NOW })
      .then([{ type: 'ResultCorrected', data: { matchId: 'm1', previous: result, result: corrected, at: NOW } }]);
  });

  it('refuses a correction before any result and a result of another sport', () => {
    given([created]).when({ type: 'CorrectResult', matchId: 'm1', result, now: NOW }).thenFails('resultNotRecorded');
    given([created]).when({ type: 'RecordResult', matchId: 'm1', result: { ...result, sportId: 5 }, now: NOW }).thenFails('resultSportMismatch');
  });

  it('a rollback withdraws the result, and a new result may then be recorded', () => {
    const rolledBack: MatchEvent = { type: 'SettlementRolledBack', data: { matchId: 'm1', previous: result, at: NOW } };
    given([created, recorded]).when({ type: 'RollBackSettlement', matchId: 'm1', now: NOW }).then([rolledBack]);
    given([created, recorded, rolledBack])
      .when({ type: 'RecordResult', matchId: 'm1', result: corrected, now: NOW })
      .then([{ type: 'ResultRecorded', data: { matchId: 'm1', result: corrected, at: NOW } }]);
  });

  it('a bet cancel is recorded once per cancellation id, with a sane window', () => {
    const cancel = { type: 'CancelBets' as const, matchId: 'm1', cancellationId: 'c1', from: NOW, to: '2026-11-22T12:05:00.000Z', markets: null, reason: 'odds error', now: NOW };
    const cancelled: MatchEvent = { type: 'BetsCancelled', data: { matchId: 'm1', cancellationId: 'c1', from: NOW, to: cancel.to, markets: null, reason: 'odds error', at: NOW } };
    given([created]).when(cancel).then([cancelled]);
    given([created, cancelled]).when(cancel).then([]);
    given([created]).when({ ...cancel, to: '2026-11-22T11:00:00.000Z' }).thenFails('badCancelWindow');
  });

  it('ignores events of a stream it has not seen open', () => {
    expect(evolveMatch(initialMatchStreamState, opened)).toEqual(initialMatchStreamState);
  });
});
