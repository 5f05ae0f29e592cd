import { SPORT_IDS, type Fixture, type MatchResult, type SportId } from '@kupon/domain';
import type { FeedMessage } from '@kupon/api/feed';
import { engineFor, type Engine, type Happening } from './engines';
import { CATEGORIES, FIXTURES_PER_DAY, sideName } from './names';
import { hashSeed, rngOf, type Rng } from './rng';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SimulatorOptions {
  readonly seed: number;
  /** Simulated instant the feed starts at (epoch ms): matches that kicked off in the `historyMs` before it are played up to it. */
  readonly start: number;
  /** Days of upcoming fixtures kept in the catalog (spec §9: six). */
  readonly days?: number;
  readonly historyMs?: number;
  /** The book's overround in basis points. */
  readonly marginBp?: number;
  /** How often each pre-match price moves: the main knob of the feed's odds-change rate. */
  readonly prematchMoveMs?: number;
  readonly fixturesPerDay?: Partial<Record<SportId, number>>;
  /** How often the feed takes something back, as real feeds do (defaults: `DEFAULT_INCIDENTS`). */
  readonly incidents?: Partial<FeedIncidents>;
}

/**
 * The feed's second thoughts, each a probability: a bet cancel of the minute before a goal (bets
 * taken before the bet stop reached the book), a result corrected after settlement, and a
 * settlement rolled back and settled again.
 */
export interface FeedIncidents {
  readonly betCancelPerGoal: number;
  readonly correction: number;
  readonly rollback: number;
}

export const DEFAULT_INCIDENTS: FeedIncidents = { betCancelPerGoal: 0.02, correction: 0.02, rollback: 0.01 };

type MessageBody = DistributiveOmit<FeedMessage, 'id' | 'at'>;

const DANGEROUS: readonly Happening[] = ['score', 'red_card', 'danger'];

/** One match from fixture to settlement, on its own seeded random streams. */
class SimulatedMatch {
  private seq = 0;
  private phase: 'pre' | 'live' | 'settling' | 'after' | 'done' = 'pre';
  /** What the feed says after the settlement (corrections, rollbacks), in time order. */
  private followUps: { at: number; body: MessageBody }[] = [];
  private nextAt: number;
  private minute = 0;
  private readonly liveRng: Rng;
  private readonly preRng: Rng;
  /** Its own stream, so incidents never shift the match's play or prices. */
  private readonly incidentRng: Rng;
  private readonly engine: Engine;
  readonly kickoff: number;

  constructor(
    readonly fixture: Fixture,
    seed: number,
    private readonly announcedAt: number,
    /** Pre-match prices move from here on (the history before the start is played, not re-priced). */
    private readonly movesFrom: number,
    private readonly options: Required<Pick<SimulatorOptions, 'marginBp' | 'prematchMoveMs'>> & { readonly incidents: FeedIncidents },
  ) {
    this.kickoff = Date.parse(fixture.startsAt);
    this.liveRng = rngOf(hashSeed(seed, fixture.matchId, 'live'));
    this.preRng = rngOf(hashSeed(seed, fixture.matchId, 'pre'));
    this.incidentRng = rngOf(hashSeed(seed, fixture.matchId, 'incidents'));
    this.engine = engineFor(fixture.sportId, rngOf(hashSeed(seed, fixture.matchId, 'strength')));
    this.nextAt = announcedAt;
  }

  get done(): boolean {
    return this.phase === 'done';
  }

  private message(at: number, body: MessageBody): FeedMessage {
    return { ...body, id: `${this.fixture.matchId}:${this.seq++}`, at: new Date(at).toISOString() } as FeedMessage;
  }

  /** Appends to `out`, in time order, every message of this match up to `until`. */
  advance(until: number, out: FeedMessage[]): void {
    const matchId = this.fixture.matchId;
    while (this.phase !== 'done' && this.nextAt <= until) {
      const at = this.nextAt;
      if (this.phase === 'pre') {
        if (at === this.announcedAt) {
          out.push(this.message(at, { kind: 'fixture_change', fixture: this.fixture }));
          out.push(this.message(at, { kind: 'odds_change', matchId, markets: this.engine.markets(this.options.marginBp) }));
        } else if (at < this.kickoff && at >= this.movesFrom) {
          this.engine.nudge(this.preRng);
          out.push(this.message(at, { kind: 'odds_change', matchId, markets: this.engine.markets(this.options.marginBp) }));
        }
        const nextMove = Math.max(this.movesFrom, (Math.floor(at / this.options.prematchMoveMs) + 1) * this.options.prematchMoveMs);
        if (nextMove < this.kickoff) this.nextAt = nextMove;
        else {
          this.phase = 'live';
          this.nextAt = this.kickoff;
        }
        continue;
      }
      if (this.phase === 'live') {
        this.playMinute(at, out);
        continue;
      }
      if (this.phase === 'settling') {
        const result = this.engine.result();
        out.push(this.message(at, { kind: 'bet_settlement', matchId, result }));
        this.followUps = this.afterSettlement(at, result);
        this.phase = 'after';
      } else {
        out.push(this.message(at, this.followUps.shift()!.body));
      }
      const next = this.followUps[0];
      if (next) this.nextAt = next.at;
      else this.phase = 'done';
    }
  }

  /** A settlement rolled back and given again ten minutes later, or a corrected result. */
  private afterSettlement(at: number, result: MatchResult): { at: number; body: MessageBody }[] {
    const matchId = this.fixture.matchId;
    const { correction, rollback } = this.options.incidents;
    if (this.incidentRng.chance(rollback)) {
      return [
        { at: at + 5 * MINUTE, body: { kind: 'rollback_bet_settlement', matchId } },
        { at: at + 15 * MINUTE, body: { kind: 'bet_settlement', matchId, result } },
      ];
    }
    if (this.incidentRng.chance(correction)) {
      const corrected = this.engine.corrected?.(result, this.incidentRng);
      if (corrected) return [{ at: at + 10 * MINUTE, body: { kind: 'bet_settlement', matchId, result: corrected } }];
    }
    return [];
  }

  private playMinute(at: number, out: FeedMessage[]): void {
    const matchId = this.fixture.matchId;
    const covered = this.fixture.liveCoverage;
    if (this.minute === 0) {
      if (!covered) out.push(this.message(at, { kind: 'bet_stop', matchId, reason: 'match started' }));
      if (this.engine.walkover?.(this.liveRng)) {
        out.push(this.message(at, { kind: 'bet_stop', matchId, reason: 'walkover' }));
        return this.end(at, out);
      }
    }
    this.minute++;
    const happenings = this.engine.playMinute(this.liveRng);
    if (this.engine.finished) {
      out.push(this.message(at, { kind: 'bet_stop', matchId, reason: 'match ended' }));
      return this.end(at, out);
    }
    this.nextAt = at + MINUTE;
    if (!covered) return;
    const danger = happenings.find((h) => DANGEROUS.includes(h));
    if (danger) out.push(this.message(at, { kind: 'bet_stop', matchId, reason: danger === 'score' ? 'goal' : danger }));
    if (danger === 'score' && this.incidentRng.chance(this.options.incidents.betCancelPerGoal)) {
      out.push(this.message(at, { kind: 'bet_cancel', matchId, from: new Date(at - MINUTE).toISOString(), to: new Date(at).toISOString(), markets: null, reason: 'goal before bet stop' }));
    }
    out.push(this.message(at, { kind: 'odds_change', matchId, state: this.engine.scoreboard(), markets: this.engine.markets(this.options.marginBp) }));
  }

  private end(at: number, out: FeedMessage[]): void {
    out.push(this.message(at, { kind: 'odds_change', matchId: this.fixture.matchId, state: this.engine.scoreboard(), markets: [] }));
    this.phase = 'settling';
    this.nextAt = at + 2 * MINUTE;
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/**
 * A seeded, deterministic odds feed: the same seed and the same simulated instants give the same
 * messages, byte for byte. It keeps `days` upcoming days of fixtures over every §9 sport, plays each
 * match minute by minute (goals, points, cards, corners, periods, overtime, shoot-outs; sets,
 * tie-breaks, retirements and walkovers in tennis), prices every market from the match state with
 * the book's margin, suspends around dangerous moments and settles each match two minutes after it ends.
 * Now and then, at the seeded rates of `incidents`, it takes something back as real feeds do: a bet
 * cancel of the minute before a goal, a corrected result, a settlement rolled back and given again.
 */
export class FeedSimulator {
  private readonly matches: SimulatedMatch[] = [];
  private readonly daysDone = new Set<string>();
  private readonly options: Required<Omit<SimulatorOptions, 'incidents'>> & { readonly incidents: FeedIncidents };
  private clock: number;

  constructor(options: SimulatorOptions) {
    this.options = {
      days: 6,
      historyMs: 2 * 60 * MINUTE,
      marginBp: 600,
      prematchMoveMs: MINUTE,
      fixturesPerDay: FIXTURES_PER_DAY,
      ...options,
      incidents: { ...DEFAULT_INCIDENTS, ...options.incidents },
    };
    this.clock = options.start - this.options.historyMs;
  }

  /** Simulated now. */
  get now(): number {
    return this.clock;
  }

  /** Every message from the last call's instant up to `until` (epoch ms), in time order. */
  advanceTo(until: number): FeedMessage[] {
    if (until < this.clock) return [];
    this.announceDays(until);
    const out: FeedMessage[] = [];
    for (const match of this.matches) match.advance(until, out);
    for (let i = this.matches.length - 1; i >= 0; i--) if (this.matches[i]!.done) this.matches.splice(i, 1);
    this.clock = until;
    // A stable sort keeps each match's own order; matches are in announcement order.
    return out.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  }

  private announceDays(until: number): void {
    const { days, historyMs, start, seed } = this.options;
    const first = Math.floor((start - historyMs) / DAY);
    const last = Math.floor((until + days * DAY) / DAY);
    for (let day = first; day <= last; day++) {
      for (const sportId of SPORT_IDS) {
        const key = `${day}:${sportId}`;
        if (this.daysDone.has(key)) continue;
        this.daysDone.add(key);
        // A day enters the catalog `days` days ahead of itself; the first days at the start of the history.
        const announcedAt = Math.max(start - historyMs, day * DAY - days * DAY);
        for (const fixture of this.fixturesOf(day, sportId)) {
          if (Date.parse(fixture.startsAt) < start - historyMs) continue;
          this.matches.push(new SimulatedMatch(fixture, seed, announcedAt, start, this.options));
        }
      }
    }
  }

  private fixturesOf(day: number, sportId: SportId): Fixture[] {
    const rng = rngOf(hashSeed(this.options.seed, 'day', day, sportId));
    const count = this.options.fixturesPerDay[sportId] ?? 0;
    const fixtures: Fixture[] = [];
    for (let i = 0; i < count; i++) {
      const category = rng.pick(CATEGORIES[sportId]);
      const tournament = rng.pick(category.tournaments);
      const home = rng.pick(category.sides);
      let away = rng.pick(category.sides);
      while (away === home) away = rng.pick(category.sides);
      const kickoff = day * DAY + rng.int(0, 95) * 15 * MINUTE;
      fixtures.push({
        matchId: `s${this.options.seed}-${sportId}-${day}-${i}`,
        sportId,
        category: { id: `${sportId}-${category.id}`, name: category.name },
        tournament: tournament,
        home: sideName(home),
        away: sideName(away),
        startsAt: new Date(kickoff).toISOString(),
        liveCoverage: rng.chance(0.85),
      });
    }
    return fixtures;
  }
}
