import {
  errorKey,
  isDomainError,
  marginOf,
  matchDecider,
  resolveMarket,
  SPORT_IDS,
  type MatchCommand,
  type MatchStreamState,
} from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import type { FeedMessage } from './messages';
import { FeedSimulator } from './simulator/simulator';

const START = Date.parse('2026-11-22T12:00:00.000Z');
const HOUR = 3_600_000;
const SMALL = { 1: 12, 2: 3, 3: 2, 4: 2, 5: 6, 6: 2, 23: 2, 109: 2, 110: 1, 111: 1 } as const;

function run(seed: number, hours: number, stepMs: number): FeedMessage[] {
  const simulator = new FeedSimulator({ seed, start: START, fixturesPerDay: SMALL, prematchMoveMs: 15 * 60_000 });
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
      return [{ type: 'RecordResult', matchId: message.matchId, result: message.result, now }];
    default:
      return [];
  }
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
});
