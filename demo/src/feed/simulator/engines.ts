import {
  INITIAL_SCOREBOARD,
  oddsWithMargin,
  poisson,
  type LiveStatus,
  type MarketCode,
  type MarketOffer,
  type MatchResult,
  type PeriodCards,
  type PeriodScore,
  type Score,
  type Scoreboard,
  type SportId,
} from '@kupon/domain';
import type { Rng } from './rng';

/** Something that happened in a minute of play; the dangerous ones suspend the markets first. */
export type Happening = 'score' | 'red_card' | 'danger' | 'period_end' | 'end';

/** One sport's way of playing a match minute by minute and pricing it from where it stands. */
export interface Engine {
  readonly finished: boolean;
  playMinute(rng: Rng): readonly Happening[];
  scoreboard(): Scoreboard;
  markets(marginBp: number): MarketOffer[];
  result(): MatchResult;
  /** Pre-match: the market's view of the sides drifts a little. */
  nudge(rng: Rng): void;
  /** Tennis only: awarded before a point is played. */
  walkover?(rng: Rng): boolean;
  /**
   * The official result after the scout's one was wrong (a goal given to the wrong side, one
   * missed); null where the sport's result cannot be corrected that simply.
   */
  corrected?(result: MatchResult, rng: Rng): MatchResult | null;
}

const add = (a: Score, b: Score): Score => ({ home: a.home + b.home, away: a.away + b.away });
const ZERO: Score = { home: 0, away: 0 };
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

function twoWay(market: MarketCode, pHome: number, marginBp: number, status: MarketOffer['status'] = 'active', special = ''): MarketOffer {
  const [home, away] = oddsWithMargin([pHome, 1 - pHome], marginBp);
  return { market, special, status, outcomes: [{ outcome: '1', odds: home!, active: true }, { outcome: '2', odds: away!, active: true }] };
}

function threeWay(market: MarketCode, p: readonly [number, number, number], marginBp: number, status: MarketOffer['status'] = 'active'): MarketOffer {
  const [home, draw, away] = oddsWithMargin(p, marginBp);
  return {
    market,
    special: '',
    status,
    outcomes: [
      { outcome: '1', odds: home!, active: true },
      { outcome: 'X', odds: draw!, active: true },
      { outcome: '2', odds: away!, active: true },
    ],
  };
}

function overUnder(market: MarketCode, line: string, pOver: number, marginBp: number, status: MarketOffer['status']): MarketOffer {
  const [over, under] = oddsWithMargin([pOver, 1 - pOver], marginBp);
  return { market, special: line, status, outcomes: [{ outcome: 'over', odds: over!, active: true }, { outcome: 'under', odds: under!, active: true }] };
}

function pmf(mean: number): number[] {
  return poisson(mean, Math.ceil(mean + 8 * Math.sqrt(mean) + 10));
}

// ── timed sports ──────────────────────────────────────────────────────────────────────────────

interface TimedRules {
  readonly periods: number;
  readonly minutes: number;
  readonly breakMinutes: number;
  /** Scoring events per team per minute, at even strength. */
  readonly rate: number;
  /** Points per scoring event. */
  readonly unit: number;
  readonly overtime: 'none' | 'repeat' | 'shootout';
  readonly overtimeMinutes: number;
  readonly suspendOnScore: boolean;
  readonly footballExtras: boolean;
}

const TIMED_RULES: Partial<Record<SportId, TimedRules>> = {
  1: { periods: 2, minutes: 45, breakMinutes: 15, rate: 0.0145, unit: 1, overtime: 'none', overtimeMinutes: 0, suspendOnScore: true, footballExtras: true },
  2: { periods: 4, minutes: 12, breakMinutes: 2, rate: 1.0, unit: 2, overtime: 'repeat', overtimeMinutes: 5, suspendOnScore: false, footballExtras: false },
  3: { periods: 9, minutes: 20, breakMinutes: 0, rate: 0.025, unit: 1, overtime: 'repeat', overtimeMinutes: 20, suspendOnScore: true, footballExtras: false },
  4: { periods: 3, minutes: 20, breakMinutes: 18, rate: 0.05, unit: 1, overtime: 'shootout', overtimeMinutes: 5, suspendOnScore: true, footballExtras: false },
  6: { periods: 2, minutes: 30, breakMinutes: 10, rate: 0.45, unit: 1, overtime: 'none', overtimeMinutes: 0, suspendOnScore: false, footballExtras: false },
};

export class TimedEngine implements Engine {
  finished = false;
  private strength: number;
  private period = 0;
  private minuteInPeriod = 0;
  private breakLeft = 0;
  private stage: 'regular' | 'overtime' | 'shootout' | 'done' = 'regular';
  private overtimeLeft = 0;
  private overtimesPlayed = 0;
  private readonly periods: Score[] = [];
  private overtime: Score = ZERO;
  private penalties: Score | undefined;
  private readonly corners: Score[] = [];
  private readonly cards: PeriodCards[] = [];
  private readonly totalLine: string;

  constructor(
    private readonly sportId: SportId,
    private readonly rules: TimedRules,
    rng: Rng,
  ) {
    this.strength = (rng.next() - 0.5) * 0.7;
    const expected = 2 * rules.rate * rules.unit * rules.periods * rules.minutes;
    this.totalLine = sportId === 1 ? '2.5' : `${Math.round(expected)}.5`;
  }

  static for(sportId: SportId, rng: Rng): TimedEngine | undefined {
    const rules = TIMED_RULES[sportId];
    return rules && new TimedEngine(sportId, rules, rng);
  }

  private rates(): Score {
    return { home: this.rules.rate * (1 + this.strength), away: this.rules.rate * (1 - this.strength) };
  }

  nudge(rng: Rng): void {
    this.strength = clamp(this.strength + (rng.next() - 0.5) * 0.02, -0.45, 0.45);
  }

  private get score(): Score {
    return add(this.periods.reduce(add, ZERO), this.overtime);
  }

  playMinute(rng: Rng): Happening[] {
    if (this.stage === 'done') return [];
    const happenings: Happening[] = [];
    if (this.breakLeft > 0) {
      this.breakLeft--;
      return happenings;
    }
    if (this.stage === 'shootout') {
      const home = rng.int(2, 5);
      let away = rng.int(2, 5);
      if (away === home) away = rng.chance(0.5 + this.strength / 2) ? home - 1 : home + 1;
      this.penalties = { home, away };
      this.stage = 'done';
      this.finished = true;
      return ['end'];
    }
    const rates = this.rates();
    const scored = { home: rng.poisson(rates.home) * this.rules.unit, away: rng.poisson(rates.away) * this.rules.unit };
    if (this.stage === 'regular') {
      if (this.minuteInPeriod === 0) {
        this.periods.push(ZERO);
        if (this.rules.footballExtras) {
          this.corners.push(ZERO);
          this.cards.push({ yellow: ZERO, red: ZERO });
        }
      }
      this.minuteInPeriod++;
      this.periods[this.period] = add(this.periods[this.period]!, scored);
      if (this.rules.footballExtras) this.footballMinute(rng, happenings);
    } else {
      this.overtime = add(this.overtime, scored);
      this.overtimeLeft--;
    }
    if (scored.home + scored.away > 0 && this.rules.suspendOnScore) happenings.push('score');
    else if (this.rules.suspendOnScore && rng.chance(0.04)) happenings.push('danger');
    this.endOfPeriod(happenings);
    return happenings;
  }

  private footballMinute(rng: Rng, happenings: Happening[]): void {
    const p = this.period;
    this.corners[p] = add(this.corners[p]!, { home: rng.poisson(0.06), away: rng.poisson(0.05) });
    const cards = this.cards[p]!;
    const red = { home: rng.chance(0.0012) ? 1 : 0, away: rng.chance(0.0012) ? 1 : 0 };
    this.cards[p] = { yellow: add(cards.yellow, { home: rng.poisson(0.02), away: rng.poisson(0.022) }), red: add(cards.red, red) };
    if (red.home + red.away > 0) happenings.push('red_card');
  }

  private endOfPeriod(happenings: Happening[]): void {
    const { rules } = this;
    if (this.stage === 'regular' && this.minuteInPeriod >= rules.minutes) {
      happenings.push('period_end');
      this.period++;
      this.minuteInPeriod = 0;
      if (this.period < rules.periods) {
        this.breakLeft = rules.breakMinutes;
        return;
      }
      this.afterRegulation(happenings);
    } else if (this.stage === 'overtime' && this.overtimeLeft <= 0) {
      this.overtimesPlayed++;
      if (this.score.home !== this.score.away) return this.finish(happenings);
      if (rules.overtime === 'shootout') this.stage = 'shootout';
      else if (this.overtimesPlayed >= 6) this.finish(happenings);
      else this.overtimeLeft = rules.overtimeMinutes;
    }
  }

  private afterRegulation(happenings: Happening[]): void {
    const tied = this.score.home === this.score.away;
    if (!tied || this.rules.overtime === 'none') return this.finish(happenings);
    this.stage = 'overtime';
    this.overtimeLeft = this.rules.overtimeMinutes;
    this.breakLeft = this.rules.breakMinutes > 0 ? 2 : 0;
  }

  private finish(happenings: Happening[]): void {
    this.stage = 'done';
    this.finished = true;
    happenings.push('end');
  }

  private status(): LiveStatus {
    if (this.stage === 'done') return this.overtimesPlayed > 0 || this.penalties ? 'after_ot' : 'ended';
    if (this.stage === 'shootout') return 'penalties';
    if (this.stage === 'overtime') return 'ot';
    if (this.breakLeft > 0) return `pause${Math.min(this.period, 8)}` as LiveStatus;
    if (this.periods.length === 0) return 'not_started';
    return `${Math.min(this.period + 1, 9)}p` as LiveStatus;
  }

  scoreboard(): Scoreboard {
    const { rules } = this;
    const minute = this.periods.length === 0 ? null : Math.min(this.period, rules.periods) * rules.minutes + (this.stage === 'regular' ? this.minuteInPeriod : 0);
    return {
      ...INITIAL_SCOREBOARD,
      status: this.status(),
      score: this.score,
      periods: [...this.periods],
      minute,
      cards: this.cards.reduce((t, c) => ({ yellow: add(t.yellow, c.yellow), red: add(t.red, c.red) }), INITIAL_SCOREBOARD.cards),
      corners: this.corners.reduce(add, ZERO),
    };
  }

  markets(marginBp: number): MarketOffer[] {
    const { rules } = this;
    const regularLeft = this.stage === 'regular' ? (rules.periods - this.period) * rules.minutes - this.minuteInPeriod : 0;
    const rates = this.rates();
    const home = pmf(rates.home * regularLeft);
    const away = pmf(rates.away * regularLeft);
    const score = this.score;
    const regular = this.periods.reduce(add, ZERO);
    let pHome = 0;
    let pDraw = 0;
    let pAway = 0;
    const lead = regular.home - regular.away;
    for (let h = 0; h < home.length; h++) {
      const ph = home[h]!;
      if (ph < 1e-12) continue;
      for (let a = 0; a < away.length; a++) {
        const p = ph * away[a]!;
        const diff = lead + rules.unit * (h - a);
        if (diff > 0) pHome += p;
        else if (diff < 0) pAway += p;
        else pDraw += p;
      }
    }
    const regularOver = this.stage !== 'regular';
    const strengthShare = rates.home / (rates.home + rates.away);
    const pWinner = regularOver ? (score.home === score.away ? strengthShare : score.home > score.away ? 0.999 : 0.001) : pHome + pDraw * strengthShare;
    const offers: MarketOffer[] = [];
    const regularStatus = regularOver ? 'hidden' : 'active';
    if (this.sportId === 1 || this.sportId === 4 || this.sportId === 6) offers.push(threeWay('FT_1X2', [pHome, pDraw, pAway], marginBp, regularStatus));
    if (this.sportId === 4) offers.push(twoWay('ML', pWinner, marginBp));
    if (this.sportId === 2) offers.push(twoWay('BB_ML', pWinner, marginBp));
    if (this.sportId === 3) offers.push(twoWay('BS_ML', pWinner, marginBp));
    if (this.sportId === 1) {
      const line = Number(this.totalLine);
      const goals = score.home + score.away;
      const more = pmf((rates.home + rates.away) * regularLeft);
      const pOver = goals > line ? 1 : more.reduce((sum, p, k) => (goals + k > line ? sum + p : sum), 0);
      offers.push(overUnder('FT_OU', this.totalLine, clamp(pOver, 0.001, 0.999), marginBp, goals > line || regularOver ? 'hidden' : 'active'));
      const pHomeScores = score.home > 0 ? 1 : 1 - (home[0] ?? 0);
      const pAwayScores = score.away > 0 ? 1 : 1 - (away[0] ?? 0);
      const decided = (score.home > 0 && score.away > 0) || regularOver;
      const pBoth = clamp(pHomeScores * pAwayScores, 0.001, 0.999);
      const [yes, no] = oddsWithMargin([pBoth, 1 - pBoth], marginBp);
      offers.push({
        market: 'BTTS',
        special: '',
        status: decided ? 'hidden' : 'active',
        outcomes: [{ outcome: 'yes', odds: yes!, active: true }, { outcome: 'no', odds: no!, active: true }],
      });
    }
    if (this.sportId === 2) {
      const points = score.home + score.away;
      const line = Number(this.totalLine);
      const mean = (rates.home + rates.away) * Math.max(regularLeft, this.stage === 'overtime' ? this.overtimeLeft : 0);
      const events = pmf(mean);
      const pOver = events.reduce((sum, p, k) => (points + rules.unit * k > line ? sum + p : sum), 0);
      offers.push(overUnder('BB_TOTAL', this.totalLine, clamp(pOver, 0.001, 0.999), marginBp, points > line ? 'hidden' : 'active'));
    }
    return offers;
  }

  /** One goal (or point) more for one side in the last regular period; not after an overtime or a shoot-out, where it would change how the match went. */
  corrected(result: MatchResult, rng: Rng): MatchResult | null {
    if (result.overtime || result.penalties || result.periods.length === 0) return null;
    const side = rng.chance(0.5) ? 'home' : 'away';
    const periods = result.periods.map((period, i) => (i === result.periods.length - 1 ? { ...period, [side]: period[side] + this.rules.unit } : period));
    return { ...result, periods };
  }

  result(): MatchResult {
    return {
      sportId: this.sportId,
      status: 'completed',
      periods: this.periods,
      completedPeriods: this.periods.length,
      ...(this.overtimesPlayed > 0 ? { overtime: this.overtime } : {}),
      ...(this.penalties ? { penalties: this.penalties } : {}),
      ...(this.rules.footballExtras ? { corners: this.corners, cards: this.cards } : {}),
    };
  }
}

// ── set sports ────────────────────────────────────────────────────────────────────────────────

interface SetRules {
  readonly market: MarketCode;
  readonly bestOf: number;
  /** Units (games, points) to win a set, and in the deciding set. */
  readonly target: number;
  readonly decidingTarget: number;
  /** Units played per minute. */
  readonly unitsPerMinute: number;
  /** Tennis: a set at 6:6 goes to a tie-break and ends 7:6. */
  readonly tieBreakAt: number | null;
  readonly retireChancePerMinute: number;
  readonly walkoverChance: number;
}

const SET_RULES: Partial<Record<SportId, SetRules>> = {
  5: { market: 'TN_MATCH', bestOf: 3, target: 6, decidingTarget: 6, unitsPerMinute: 0.22, tieBreakAt: 6, retireChancePerMinute: 0.0004, walkoverChance: 0.01 },
  23: { market: 'VB_MATCH', bestOf: 5, target: 25, decidingTarget: 15, unitsPerMinute: 2.4, tieBreakAt: null, retireChancePerMinute: 0, walkoverChance: 0 },
  109: { market: 'ES_MATCH', bestOf: 3, target: 16, decidingTarget: 16, unitsPerMinute: 0.6, tieBreakAt: null, retireChancePerMinute: 0, walkoverChance: 0 },
  110: { market: 'ES_MATCH', bestOf: 3, target: 1, decidingTarget: 1, unitsPerMinute: 0.03, tieBreakAt: null, retireChancePerMinute: 0, walkoverChance: 0 },
  111: { market: 'ES_MATCH', bestOf: 3, target: 1, decidingTarget: 1, unitsPerMinute: 0.025, tieBreakAt: null, retireChancePerMinute: 0, walkoverChance: 0 },
};

/** P(home wins a race to `target` units, by two) from (a, b), each unit won with probability p. */
export function raceProbability(a: number, b: number, target: number, p: number, memo = new Map<number, number>()): number {
  if (a >= target && a - b >= 2) return 1;
  if (b >= target && b - a >= 2) return 0;
  if (target === 1) return a > b ? 1 : b > a ? 0 : p;
  if (a >= target - 1 && b >= target - 1) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (a === b) return deuce;
    return a > b ? p + (1 - p) * deuce : p * deuce;
  }
  const key = a * 1024 + b;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const value = p * raceProbability(a + 1, b, target, p, memo) + (1 - p) * raceProbability(a, b + 1, target, p, memo);
  memo.set(key, value);
  return value;
}

export class SetsEngine implements Engine {
  finished = false;
  private p: number;
  private readonly sets: PeriodScore[] = [];
  private started = false;
  private retired: 'home' | 'away' | undefined;
  private walkedOver: 'home' | 'away' | undefined;

  constructor(
    private readonly sportId: SportId,
    private readonly rules: SetRules,
    rng: Rng,
  ) {
    this.p = 0.5 + (rng.next() - 0.5) * 0.16;
  }

  static for(sportId: SportId, rng: Rng): SetsEngine | undefined {
    const rules = SET_RULES[sportId];
    return rules && new SetsEngine(sportId, rules, rng);
  }

  nudge(rng: Rng): void {
    this.p = clamp(this.p + (rng.next() - 0.5) * 0.004, 0.3, 0.7);
  }

  walkover(rng: Rng): boolean {
    if (!rng.chance(this.rules.walkoverChance)) return false;
    this.walkedOver = rng.chance(0.5) ? 'home' : 'away';
    this.finished = true;
    return true;
  }

  private setsWon(): Score {
    return this.completedSets().reduce((t, s) => (s.home > s.away ? { ...t, home: t.home + 1 } : { ...t, away: t.away + 1 }), ZERO);
  }

  private completedSets(): PeriodScore[] {
    return this.sets.filter((s, i) => i < this.sets.length - 1 || this.setOver(s, i));
  }

  private targetOf(index: number): number {
    return index === this.rules.bestOf - 1 ? this.rules.decidingTarget : this.rules.target;
  }

  private setOver(set: PeriodScore, index: number): boolean {
    const target = this.targetOf(index);
    if (this.rules.tieBreakAt !== null && set.tieBreak !== undefined) return true;
    return (set.home >= target || set.away >= target) && Math.abs(set.home - set.away) >= (target === 1 ? 1 : 2);
  }

  playMinute(rng: Rng): Happening[] {
    if (this.finished) return [];
    const happenings: Happening[] = [];
    if (!this.started) {
      this.started = true;
      this.sets.push(ZERO);
    }
    if (rng.chance(this.rules.retireChancePerMinute)) {
      this.retired = rng.chance(0.5) ? 'home' : 'away';
      this.finished = true;
      return ['end'];
    }
    const units = rng.poisson(this.rules.unitsPerMinute);
    for (let u = 0; u < units && !this.finished; u++) {
      const index = this.sets.length - 1;
      const set = this.sets[index]!;
      const tieBreakAt = this.rules.tieBreakAt;
      if (tieBreakAt !== null && set.home === tieBreakAt && set.away === tieBreakAt) {
        const homeWins = rng.chance(this.p);
        const loser = rng.int(0, 5);
        this.sets[index] = homeWins ? { home: 7, away: 6, tieBreak: { home: 7, away: loser } } : { home: 6, away: 7, tieBreak: { home: loser, away: 7 } };
      } else {
        this.sets[index] = rng.chance(this.p) ? { ...set, home: set.home + 1 } : { ...set, away: set.away + 1 };
      }
      if (this.rules.tieBreakAt === null || this.sets[index]!.tieBreak !== undefined || this.setOver(this.sets[index]!, index)) {
        if (this.setOver(this.sets[index]!, index)) {
          happenings.push('period_end');
          const won = this.setsWon();
          const needed = Math.ceil(this.rules.bestOf / 2);
          if (won.home >= needed || won.away >= needed) {
            this.finished = true;
            happenings.push('end');
          } else this.sets.push(ZERO);
        }
      }
    }
    if (units > 0 && this.sportId === 5 && rng.chance(0.1)) happenings.push('danger');
    return happenings;
  }

  private status(): LiveStatus {
    if (this.walkedOver) return 'walkover';
    if (this.retired) return 'retired';
    if (this.finished) return 'ended';
    if (!this.started) return 'not_started';
    return `${Math.min(this.sets.length, 5)}set` as LiveStatus;
  }

  scoreboard(): Scoreboard {
    return { ...INITIAL_SCOREBOARD, status: this.status(), score: this.setsWon(), periods: this.sets.map(({ home, away }) => ({ home, away })), minute: null };
  }

  markets(marginBp: number): MarketOffer[] {
    const won = this.setsWon();
    const needed = Math.ceil(this.rules.bestOf / 2);
    const current = this.started && !this.finished ? this.sets[this.sets.length - 1]! : ZERO;
    const index = this.started ? this.sets.length - 1 : 0;
    const pCurrent = raceProbability(current.home, current.away, this.targetOf(index), this.p);
    const freshSet = new Map<number, number>();
    const fresh = (target: number): number => {
      let value = freshSet.get(target);
      if (value === undefined) freshSet.set(target, (value = raceProbability(0, 0, target, this.p)));
      return value;
    };
    const match = (home: number, away: number, setIndex: number, pSet: number): number => {
      if (home >= needed) return 1;
      if (away >= needed) return 0;
      const next = fresh(this.targetOf(setIndex + 1));
      return pSet * match(home + 1, away, setIndex + 1, next) + (1 - pSet) * match(home, away + 1, setIndex + 1, next);
    };
    const pHome = clamp(match(won.home, won.away, index, pCurrent), 0.001, 0.999);
    return [twoWay(this.rules.market, pHome, marginBp)];
  }

  result(): MatchResult {
    if (this.walkedOver) return { sportId: this.sportId, status: 'completed', periods: [], walkover: this.walkedOver };
    const completed = this.completedSets().length;
    return {
      sportId: this.sportId,
      status: 'completed',
      periods: this.sets,
      completedPeriods: completed,
      ...(this.retired ? { retired: this.retired } : {}),
    };
  }
}

export function engineFor(sportId: SportId, rng: Rng): Engine {
  const engine = TimedEngine.for(sportId, rng) ?? SetsEngine.for(sportId, rng);
  if (!engine) throw new RangeError(`no simulator engine for sport ${sportId}`);
  return engine;
}
