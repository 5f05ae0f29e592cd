import {
  errorKey,
  isDomainError,
  marginOf,
  matchDecider,
  resolveMarket,
  SPORT_IDS,
  type MatchCommand,
  type MatchEvent,
  type MatchStreamState,
} from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import type { FeedMessage } from '@kupon/api/feed';
import { DEFAULT_INCIDENTS, FeedSimulator, type SimulatorOptions } from './simulator/simulator';

const START = Date.parse('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;
const SMALL = { 1: 12, 2: 3, 3: 2, 4: 2, 5: 6, 6: 2, 23: 2, 109: 2, 110: 1, 111: 1 } as const;

function run(seed: number, hours: number, stepMs: number, options: Partial<SimulatorOptions> = {}): FeedMessage[] {
  const simulator = new FeedSimulator({ seed, start: START, fixturesPerDay: SMALL, prematchMoveMs: 15 * 60_000, ...options });
  const out: FeedMessage[] = [];
  for (let t = START; t <= START + hours * HOUR; t += stepMs) out.push(...simulator.advanceTo(t));
  return out;
}

/** What the ingestor asks of a match stream for one message, folded in memory. */
function commandsFor(message: FeedMessage, state: MatchStreamState): MatchCommand[] {
  const now = message.at;
  switch (message.kind) {
    case 'fixture_change':
      return [{ type: state.status === 'none' ? 'CreateFixture' : 'ChangeFixture', fixture: message.fixture, now }];
    case 'odds_change':
      return [
        ...(message.state ? [{ type: 'UpdateMatchState' as const, matchId: message.matchId, state: message.state, now }] : []),
        ...(message.markets.length ? [{ type: 'ChangeOdds' as const, matchId: message.matchId, markets: message.markets, now }] : []),
      ];
    case 'bet_stop':
      return [{ type: 'StopBets', matchId: message.matchId, reason: message.reason, now }];
    case 'bet_settlement':
      return [{ type: state.status === 'open' && state.result !== null ? 'CorrectResult' : 'RecordResult', matchId: message.matchId, result: message.result, now }];
    case 'rollback_bet_settlement':
      return [{ type: 'RollBackSettlement', matchId: message.matchId, now }];
    case 'bet_cancel': {
      const { from, to, markets, reason, matchId } = message;
      return [{ type: 'CancelBets', matchId, cancellationId: message.id, from, to, markets, reason, now }];
    }
  }
}

/** Folds the messages through the match decider, failing on the first one a match stream refuses. */
function fold(messages: readonly FeedMessage[]): Map<string, { state: MatchStreamState; events: MatchEvent[] }> {
  const streams = new Map<string, { state: MatchStreamState; events: MatchEvent[] }>();
  for (const message of messages) {
    const matchId = message.kind === 'fixture_change' ? message.fixture.matchId : message.matchId;
    const stream = streams.get(matchId) ?? { state: matchDecider.initialState, events: [] };
    for (const command of commandsFor(message, stream.state)) {
      const events = matchDecider.decide(command, stream.state, undefined);
      if (isDomainError(events)) expect.fail(`${message.id} ${command.type}: ${errorKey(events)}`);
      stream.state = events.reduce(matchDecider.evolve, stream.state);
      stream.events.push(...events);
    }
    streams.set(matchId, stream);
  }
  return streams;
}

describe('feed simulator', () => {
  const day = run(42, 24, 60_000);

  it('is deterministic for a seed, whatever the clock steps', () => {
    expect(JSON.stringify(run(42, 6, 60_000))).toBe(JSON.stringify(day.filter((m) => Date.parse(m.at) <= START + 6 * HOUR)));
    expect(JSON.stringify(run(42, 6, 7 * 60_000 + 13))).toBe(JSON.stringify(run(42, 6, 60_000).filter((m) => Date.parse(m.at) <= START + 6 * HOUR - ((6 * HOUR) % (7 * 60_000 + 13)))));
  });

  it('another seed gives another feed', () => {
    expect(JSON.stringify(run(43, 2, 60_000))).not.toBe(JSON.stringify(run(42, 2, 60_000)));
  });

  it('keeps six upcoming days of fixtures over every §9 sport', () => {
    const fixtures = day.flatMap((m) => (m.kind === 'fixture_change' ? [m.fixture] : []));
    for (const sportId of SPORT_IDS) expect(fixtures.filter((f) => f.sportId === sportId).length, `sport ${sportId}`).toBeGreaterThan(0);
    const latest = Math.max(...fixtures.map((f) => Date.parse(f.startsAt)));
    expect(latest).toBeGreaterThan(START + 6 * 24 * HOUR);
    expect(latest).toBeLessThan(START + 8 * 24 * HOUR);
  });

  it('says only what a match stream accepts, and every settled market resolves on its result', () => {
    const streams = new Map<string, MatchStreamState>();
    let settled = 0;
    for (const message of day) {
      const matchId = message.kind === 'fixture_change' ? message.fixture.matchId : message.matchId;
      let state = streams.get(matchId) ?? matchDecider.initialState;
      for (const command of commandsFor(message, state)) {
        const events = matchDecider.decide(command, state, undefined);
        if (isDomainError(events)) expect.fail(`${message.id} ${command.type}: ${errorKey(events)}`);
        state = events.reduce(matchDecider.evolve, state);
      }
      streams.set(matchId, state);
      if (message.kind === 'bet_settlement' && state.status === 'open') {
        settled++;
        for (const offer of Object.values(state.markets)) {
          for (const outcome of resolveMarket(offer.market, offer.special, message.result)) expect(outcome.result, `${matchId} ${offer.market}`).not.toBeNull();
        }
      }
    }
    expect(settled).toBeGreaterThan(10);
  });

  it('prices every open market with the book margin', () => {
    const offers = day.flatMap((m) => (m.kind === 'odds_change' ? m.markets : [])).filter((o) => o.status === 'active');
    expect(offers.length).toBeGreaterThan(1000);
    for (const offer of offers) {
      const margin = marginOf(offer.outcomes.map((o) => o.odds));
      // Prices at the 1.001 floor or the ceiling carry less; everything else carries at least the asked 6 %.
      if (offer.outcomes.every((o) => o.odds > 1001 && o.odds < 500_000)) expect(margin, JSON.stringify(offer)).toBeGreaterThanOrEqual(600);
    }
  });

  it('suspends the markets before every football goal reaches the scoreboard', () => {
    const lastScore = new Map<string, number>();
    const stoppedAt = new Map<string, number>();
    let goals = 0;
    for (const message of day) {
      if (message.kind === 'bet_stop') stoppedAt.set(message.matchId, Date.parse(message.at));
      if (message.kind !== 'odds_change' || !message.state || !message.matchId.includes('-1-')) continue;
      const total = message.state.score.home + message.state.score.away;
      if (total > (lastScore.get(message.matchId) ?? 0)) {
        goals++;
        expect(stoppedAt.get(message.matchId), message.id).toBeGreaterThan(Date.parse(message.at) - 60_000);
      }
      lastScore.set(message.matchId, total);
    }
    expect(goals).toBeGreaterThan(5);
  });
  it('takes things back now and then, at the seeded rates: bet cancels, corrections, rollbacks', () => {
    const often = { incidents: { betCancelPerGoal: 0.3, correction: 0.3, rollback: 0.2 } };
    const messages = run(7, 24, 60_000, often);
    expect(JSON.stringify(run(7, 24, 5 * 60_000 + 7, often).filter((m) => Date.parse(m.at) <= START + 24 * HOUR - ((24 * HOUR) % (5 * 60_000 + 7))))).toBe(
      JSON.stringify(messages.filter((m) => Date.parse(m.at) <= START + 24 * HOUR - ((24 * HOUR) % (5 * 60_000 + 7)))),
    );
    const streams = fold(messages);
    const types = [...streams.values()].flatMap((s) => s.events.map((e) => e.type));
    const count = (type: MatchEvent['type']) => types.filter((t) => t === type).length;
    expect(count('BetsCancelled')).toBeGreaterThan(0);
    expect(count('ResultCorrected')).toBeGreaterThan(0);
    expect(count('SettlementRolledBack')).toBeGreaterThan(0);
    for (const [matchId, { events }] of streams) {
      const kinds = events.map((e) => e.type).filter((t) => t === 'ResultRecorded' || t === 'ResultCorrected' || t === 'SettlementRolledBack');
      // A rollback is always followed by a fresh result; a correction only ever follows one.
      if (kinds.includes('SettlementRolledBack')) expect(kinds, matchId).toEqual(['ResultRecorded', 'SettlementRolledBack', 'ResultRecorded']);
      if (kinds.includes('ResultCorrected')) expect(kinds, matchId).toEqual(['ResultRecorded', 'ResultCorrected']);
    }
    for (const cancel of messages.filter((m) => m.kind === 'bet_cancel')) {
      // The minute before a goal: the bet stop came too late for it.
      expect(Date.parse(cancel.to!) - Date.parse(cancel.from)).toBe(60_000);
      expect(messages.some((m) => m.kind === 'bet_stop' && m.matchId === cancel.matchId && m.at === cancel.at && m.reason === 'goal')).toBe(true);
    }
    // The incidents have their own random stream: the play and the prices are the same without them.
    const plain = (list: FeedMessage[]) => JSON.stringify(list.filter((m) => m.kind === 'odds_change').map(({ id: _id, ...m }) => m));
    expect(plain(messages)).toBe(plain(run(7, 24, 60_000, { incidents: { betCancelPerGoal: 0, correction: 0, rollback: 0 } })));
  });

  it('keeps incidents rare by default', () => {
    expect(DEFAULT_INCIDENTS.rollback).toBeLessThanOrEqual(0.02);
    const results = day.filter((m) => m.kind === 'bet_settlement').length;
    const incidents = day.filter((m) => m.kind === 'rollback_bet_settlement' || m.kind === 'bet_cancel').length;
    expect(incidents).toBeLessThan(results / 5);
  });

  it('plays tennis retirements and walkovers, and they settle by the tennis rules', () => {
    const tennis = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 120, 6: 0, 23: 0, 109: 0, 110: 0, 111: 0 } as const;
    const messages = run(11, 30, 60_000, { fixturesPerDay: tennis, incidents: { betCancelPerGoal: 0, correction: 0, rollback: 0 } });
    const streams = fold(messages);
    const results = messages.flatMap((m) => (m.kind === 'bet_settlement' ? [m.result] : []));
    const retired = results.filter((r) => r.retired !== undefined);
    const walkovers = results.filter((r) => r.walkover !== undefined);
    expect(retired.length).toBeGreaterThan(0);
    expect(walkovers.length).toBeGreaterThan(0);
    for (const result of retired) {
      // After a completed set the side that did not retire wins the match market; retired in the first set, it is void.
      const winner = result.retired === 'home' ? '2' : '1';
      const outcomes = resolveMarket('TN_MATCH', '', result);
      expect(outcomes.find((o) => o.outcomeCode === winner)?.result, JSON.stringify(result)).toBe((result.completedPeriods ?? 0) > 0 ? 'won' : 'void');
    }
    expect(retired.some((r) => (r.completedPeriods ?? 0) > 0)).toBe(true);
    for (const result of walkovers) {
      for (const outcome of resolveMarket('TN_MATCH', '', result)) expect(outcome.result).toBe('void');
      expect(result.periods).toEqual([]);
    }
    const statuses = [...streams.values()].flatMap((s) => (s.state.status === 'open' ? [s.state.scoreboard.status] : []));
    expect(statuses).toContain('retired');
    expect(statuses).toContain('walkover');
  });
});
