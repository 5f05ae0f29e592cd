import { isPlayedOut, periodsOver } from './match-result';
import type { MatchResult, Score } from './match-result';
import type { Lang, Localized, SportId } from './sports';
import { BASEBALL, BASKETBALL, HANDBALL, ICE_HOCKEY, SOCCER, TENNIS, VOLLEYBALL } from './sports';
import { parseLine, parsePeriodNumber, parseScore } from './lines';
import type { QuarterLine } from './lines';
import {
  allPeriods,
  cards,
  corners,
  firstHalf,
  regularTime,
  setMatchWinner,
  setsWon,
  setWinner,
  winnerAfterShootout,
  withOvertime,
} from './tallies';
import type { Tally } from './tallies';
import {
  bothTeamsToScore,
  doubleChance,
  drawNoBet,
  europeanHandicap,
  exactScore,
  halfTimeFullTime,
  handicap,
  oddEven,
  overUnder,
  scoreOutsideGrid,
  threeWay,
  twoWay,
} from './bet-kinds';
import type { HalfTimeFullTime, ThreeWay, TwoWay, Verdict } from './bet-kinds';

/**
 * The market table: every market Kupon offers, with its oddstype id, the sports it is offered
 * for, its names and outcomes in every language, the line its special carries, and how it settles.
 * The settlement rules, with their sources, are written down in RULES.md.
 */
export const MARKET_CODES = [
  'FT_1X2',
  'DC',
  'DNB',
  'FT_OU',
  'AH',
  'EH',
  'BTTS',
  'CS',
  'ODD_EVEN',
  'HT_1X2',
  'HTFT',
  '1H_OU',
  '1H_AH',
  'CORNERS_OU',
  '1H_CORNERS_OU',
  'CARDS_OU',
  'ML',
  'BB_ML',
  'BB_SPREAD',
  'BB_TOTAL',
  'TN_MATCH',
  'TN_SET_WINNER',
  'TN_TOTAL_GAMES',
  'TN_SET_HANDICAP',
  'TN_GAME_HANDICAP',
  'TN_SET_SCORE',
  'VB_MATCH',
  'VB_SET_WINNER',
  'VB_SET_HANDICAP',
  'VB_TOTAL_POINTS',
  'VB_SET_SCORE',
  'BS_ML',
  'ES_MATCH',
] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

/**
 * What a market's special carries:
 * - `none`: nothing (an empty special);
 * - `total`: a line of 0 or more, "2.5", "2.25" (Asian quarter), "215.5";
 * - `handicap`: the home side's handicap line, "-1.25", "+0.5", "0"; the away side takes the opposite;
 * - `european`: the head start as "home:away", "0:1" (the away side starts a goal up);
 * - `period`: which set, "1" … "5".
 */
export type SpecialKind = 'none' | 'total' | 'handicap' | 'european' | 'period';

interface SpecialValue {
  none: null;
  total: QuarterLine;
  handicap: QuarterLine;
  european: Score;
  period: number;
}

const SPECIAL_PARSERS: { readonly [K in SpecialKind]: (text: string) => SpecialValue[K] | undefined } = {
  none: (text) => (text.trim() === '' ? null : undefined),
  total: (text) => {
    const line = parseLine(text);
    return line !== undefined && line >= 0 ? line : undefined;
  },
  handicap: parseLine,
  european: parseScore,
  period: parsePeriodNumber,
};

export interface OutcomeDefinition {
  readonly code: string;
  readonly name: Localized;
}

export interface MarketDefinition {
  readonly code: MarketCode;
  /** The feed's oddstype id for this market. */
  readonly oddsTypeId: number;
  readonly sports: readonly SportId[];
  readonly name: Localized;
  readonly special: SpecialKind;
  readonly outcomes: readonly OutcomeDefinition[];
  /** Whether `special` is a special this market can be offered under. */
  isSpecial(special: string): boolean;
  /**
   * The verdict of the known scores, `null` while undecided, before the match status is applied.
   * Throws a RangeError on a special or outcome the market does not have.
   */
  verdict(result: MatchResult, special: string, outcome: string): Verdict;
}

type OutcomeList<O extends string> = readonly (readonly [O, Localized])[];

function isOneOf<O extends string>(codes: readonly O[], value: string): value is O {
  return (codes as readonly string[]).includes(value);
}

function market<K extends SpecialKind, O extends string>(def: {
  readonly code: MarketCode;
  readonly oddsTypeId: number;
  readonly sports: readonly SportId[];
  readonly name: Localized;
  readonly special: K;
  readonly outcomes: OutcomeList<O>;
  readonly resolve: (result: MatchResult, special: SpecialValue[K], outcome: O) => Verdict;
}): MarketDefinition {
  const codes = def.outcomes.map(([code]) => code);
  const parse = (special: string): SpecialValue[K] | undefined => SPECIAL_PARSERS[def.special](special);
  return {
    code: def.code,
    oddsTypeId: def.oddsTypeId,
    sports: def.sports,
    name: def.name,
    special: def.special,
    outcomes: def.outcomes.map(([code, name]) => ({ code, name })),
    isSpecial: (special) => parse(special) !== undefined,
    verdict(result, special, outcome) {
      const value = parse(special);
      if (value === undefined) throw new RangeError(`${def.code}: bad special "${special}"`);
      if (!isOneOf(codes, outcome)) throw new RangeError(`${def.code}: no outcome "${outcome}"`);
      return def.resolve(result, value, outcome);
    },
  };
}

// ── outcome lists ──────────────────────────────────────────────────────────────────────────────

const HOME_DRAW_AWAY = [
  ['1', { tr: 'Ev Sahibi', en: 'Home' }],
  ['X', { tr: 'Beraberlik', en: 'Draw' }],
  ['2', { tr: 'Deplasman', en: 'Away' }],
] as const;

const HOME_AWAY = [
  ['1', { tr: 'Ev Sahibi', en: 'Home' }],
  ['2', { tr: 'Deplasman', en: 'Away' }],
] as const;

const PLAYERS = [
  ['1', { tr: 'Oyuncu 1', en: 'Player 1' }],
  ['2', { tr: 'Oyuncu 2', en: 'Player 2' }],
] as const;

const DOUBLE_CHANCE = [
  ['1X', { tr: 'Ev Sahibi veya Beraberlik', en: 'Home or Draw' }],
  ['12', { tr: 'Ev Sahibi veya Deplasman', en: 'Home or Away' }],
  ['X2', { tr: 'Beraberlik veya Deplasman', en: 'Draw or Away' }],
] as const;

const OVER_UNDER = [
  ['over', { tr: 'Üst', en: 'Over' }],
  ['under', { tr: 'Alt', en: 'Under' }],
] as const;

const YES_NO = [
  ['yes', { tr: 'Var', en: 'Yes' }],
  ['no', { tr: 'Yok', en: 'No' }],
] as const;

const ODD_EVEN = [
  ['odd', { tr: 'Tek', en: 'Odd' }],
  ['even', { tr: 'Çift', en: 'Even' }],
] as const;

const THREE_WAY: readonly ThreeWay[] = ['1', 'X', '2'];

const HALF_TIME_FULL_TIME: OutcomeList<HalfTimeFullTime> = THREE_WAY.flatMap((half) =>
  THREE_WAY.map((full) => {
    const code: HalfTimeFullTime = `${half}/${full}`;
    return [code, { tr: code, en: code }] as const;
  }),
);

/** Exact scores as "home:away" codes, named by themselves. */
function scoreOutcomes(scores: readonly string[]): OutcomeList<string> {
  return scores.map((code) => [code, { tr: code, en: code }] as const);
}

/** Football correct score: every score up to 4 goals a side, and "any other score". */
export const CORRECT_SCORE_MAX_GOALS = 4;
const GOALS = Array.from({ length: CORRECT_SCORE_MAX_GOALS + 1 }, (_, goals) => goals);
const CORRECT_SCORES: OutcomeList<string> = [
  ...scoreOutcomes(GOALS.flatMap((home) => GOALS.map((away) => `${home}:${away}`))),
  ['other', { tr: 'Diğer', en: 'Any other score' }],
];

const TENNIS_SET_SCORES = scoreOutcomes(['2:0', '2:1', '1:2', '0:2', '3:0', '3:1', '3:2', '2:3', '1:3', '0:3']);
const VOLLEYBALL_SET_SCORES = scoreOutcomes(['3:0', '3:1', '3:2', '2:3', '1:3', '0:3']);

/** Settles an outcome list of "home:away" codes (and "other") against a tally. */
function scoreOutcome(tally: Tally, outcome: string): Verdict {
  const score = parseScore(outcome);
  return score === undefined ? scoreOutsideGrid(tally, CORRECT_SCORE_MAX_GOALS) : exactScore(tally, score);
}

/** Set `number`'s winner; a set the match never reached is void. */
function setWinnerVerdict(result: MatchResult, number: number, pick: TwoWay): Verdict {
  if (isPlayedOut(result) && number > result.periods.length) return 'void';
  const set = result.periods[number - 1];
  if (set === undefined || periodsOver(result) < number) return null;
  return twoWay(setWinner(set) ?? 'tie', pick);
}

// ── the table ──────────────────────────────────────────────────────────────────────────────────

const TIMED_TEAM_SPORTS = [SOCCER, ICE_HOCKEY, HANDBALL] as const;
const ESPORTS = [109, 110, 111] as const;
const HALVES_SPORTS = [SOCCER, BASKETBALL, HANDBALL] as const;

export const MARKETS: readonly MarketDefinition[] = [
  market({
    code: 'FT_1X2',
    oddsTypeId: 1,
    sports: [SOCCER, BASKETBALL, ICE_HOCKEY, HANDBALL],
    name: { tr: 'Maç Sonucu (Normal Süre)', en: 'Match Result (Regular Time)' },
    special: 'none',
    outcomes: HOME_DRAW_AWAY,
    resolve: (result, _, pick) => threeWay(regularTime(result), pick),
  }),
  market({
    code: 'DC',
    oddsTypeId: 2,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Çifte Şans', en: 'Double Chance' },
    special: 'none',
    outcomes: DOUBLE_CHANCE,
    resolve: (result, _, pick) => doubleChance(regularTime(result), pick),
  }),
  market({
    code: 'DNB',
    oddsTypeId: 3,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Beraberlikte İade', en: 'Draw No Bet' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => drawNoBet(regularTime(result), pick),
  }),
  market({
    code: 'FT_OU',
    oddsTypeId: 56,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Alt/Üst', en: 'Total Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => overUnder(regularTime(result), line, pick),
  }),
  market({
    code: 'AH',
    oddsTypeId: 52,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Asya Handikap', en: 'Asian Handicap' },
    special: 'handicap',
    outcomes: HOME_AWAY,
    resolve: (result, line, pick) => handicap(regularTime(result), line, pick),
  }),
  market({
    code: 'EH',
    oddsTypeId: 8,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Handikaplı Maç Sonucu', en: 'European Handicap' },
    special: 'european',
    outcomes: HOME_DRAW_AWAY,
    resolve: (result, headStart, pick) => europeanHandicap(regularTime(result), headStart, pick),
  }),
  market({
    code: 'BTTS',
    oddsTypeId: 4,
    sports: [SOCCER, ICE_HOCKEY],
    name: { tr: 'Karşılıklı Gol', en: 'Both Teams to Score' },
    special: 'none',
    outcomes: YES_NO,
    resolve: (result, _, pick) => bothTeamsToScore(regularTime(result), pick),
  }),
  market({
    code: 'CS',
    oddsTypeId: 5,
    sports: [SOCCER],
    name: { tr: 'Maç Skoru', en: 'Correct Score' },
    special: 'none',
    outcomes: CORRECT_SCORES,
    resolve: (result, _, pick) => scoreOutcome(regularTime(result), pick),
  }),
  market({
    code: 'ODD_EVEN',
    oddsTypeId: 9,
    sports: TIMED_TEAM_SPORTS,
    name: { tr: 'Tek/Çift', en: 'Odd/Even' },
    special: 'none',
    outcomes: ODD_EVEN,
    resolve: (result, _, pick) => oddEven(regularTime(result), pick),
  }),
  market({
    code: 'HT_1X2',
    oddsTypeId: 6,
    sports: HALVES_SPORTS,
    name: { tr: 'İlk Yarı Sonucu', en: 'Half-Time Result' },
    special: 'none',
    outcomes: HOME_DRAW_AWAY,
    resolve: (result, _, pick) => threeWay(firstHalf(result), pick),
  }),
  market({
    code: 'HTFT',
    oddsTypeId: 7,
    sports: HALVES_SPORTS,
    name: { tr: 'İlk Yarı / Maç Sonucu', en: 'Half-Time / Full-Time' },
    special: 'none',
    outcomes: HALF_TIME_FULL_TIME,
    resolve: (result, _, pick) => halfTimeFullTime(firstHalf(result), regularTime(result), pick),
  }),
  market({
    code: '1H_OU',
    oddsTypeId: 10,
    sports: HALVES_SPORTS,
    name: { tr: 'İlk Yarı Alt/Üst', en: 'First Half Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => overUnder(firstHalf(result), line, pick),
  }),
  market({
    code: '1H_AH',
    oddsTypeId: 11,
    sports: HALVES_SPORTS,
    name: { tr: 'İlk Yarı Asya Handikap', en: 'First Half Asian Handicap' },
    special: 'handicap',
    outcomes: HOME_AWAY,
    resolve: (result, line, pick) => handicap(firstHalf(result), line, pick),
  }),
  market({
    code: 'CORNERS_OU',
    oddsTypeId: 12,
    sports: [SOCCER],
    name: { tr: 'Korner Alt/Üst', en: 'Corners Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => {
      const tally = corners(result, 2);
      return tally === null ? null : overUnder(tally, line, pick);
    },
  }),
  market({
    code: '1H_CORNERS_OU',
    oddsTypeId: 13,
    sports: [SOCCER],
    name: { tr: 'İlk Yarı Korner Alt/Üst', en: 'First Half Corners Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => {
      const tally = corners(result, 1);
      return tally === null ? null : overUnder(tally, line, pick);
    },
  }),
  market({
    code: 'CARDS_OU',
    oddsTypeId: 14,
    sports: [SOCCER],
    name: { tr: 'Kart Alt/Üst', en: 'Cards Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => {
      const tally = cards(result, 2);
      return tally === null ? null : overUnder(tally, line, pick);
    },
  }),
  market({
    code: 'ML',
    oddsTypeId: 21,
    sports: [ICE_HOCKEY, HANDBALL],
    name: { tr: 'Kazanan (Uzatma ve Penaltılar Dahil)', en: 'Winner (incl. Overtime and Penalties)' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => twoWay(winnerAfterShootout(result), pick),
  }),
  market({
    code: 'BB_ML',
    oddsTypeId: 20,
    sports: [BASKETBALL],
    name: { tr: 'Maç Sonucu (Uzatmalar Dahil)', en: 'Money Line (incl. Overtime)' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => twoWay(winnerAfterShootout(result), pick),
  }),
  market({
    code: 'BB_SPREAD',
    oddsTypeId: 226,
    sports: [BASKETBALL],
    name: { tr: 'Handikap (Uzatmalar Dahil)', en: 'Point Spread (incl. Overtime)' },
    special: 'handicap',
    outcomes: HOME_AWAY,
    resolve: (result, line, pick) => handicap(withOvertime(result), line, pick),
  }),
  market({
    code: 'BB_TOTAL',
    oddsTypeId: 383,
    sports: [BASKETBALL],
    name: { tr: 'Toplam Sayı Alt/Üst (Uzatmalar Dahil)', en: 'Total Points (incl. Overtime)' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => overUnder(withOvertime(result), line, pick),
  }),
  market({
    code: 'TN_MATCH',
    oddsTypeId: 30,
    sports: [TENNIS],
    name: { tr: 'Maç Kazananı', en: 'Match Winner' },
    special: 'none',
    outcomes: PLAYERS,
    resolve: (result, _, pick) => twoWay(setMatchWinner(result), pick),
  }),
  market({
    code: 'TN_SET_WINNER',
    oddsTypeId: 31,
    sports: [TENNIS],
    name: { tr: 'Set Kazananı', en: 'Set Winner' },
    special: 'period',
    outcomes: PLAYERS,
    resolve: (result, set, pick) => setWinnerVerdict(result, set, pick),
  }),
  market({
    code: 'TN_TOTAL_GAMES',
    oddsTypeId: 32,
    sports: [TENNIS],
    name: { tr: 'Toplam Oyun Alt/Üst', en: 'Total Games Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => overUnder(allPeriods(result), line, pick),
  }),
  market({
    code: 'TN_SET_HANDICAP',
    oddsTypeId: 33,
    sports: [TENNIS],
    name: { tr: 'Set Handikapı', en: 'Set Handicap' },
    special: 'handicap',
    outcomes: PLAYERS,
    resolve: (result, line, pick) => handicap(setsWon(result), line, pick),
  }),
  market({
    code: 'TN_GAME_HANDICAP',
    oddsTypeId: 34,
    sports: [TENNIS],
    name: { tr: 'Oyun Handikapı', en: 'Game Handicap' },
    special: 'handicap',
    outcomes: PLAYERS,
    resolve: (result, line, pick) => handicap(allPeriods(result), line, pick),
  }),
  market({
    code: 'TN_SET_SCORE',
    oddsTypeId: 35,
    sports: [TENNIS],
    name: { tr: 'Set Skoru', en: 'Set Betting' },
    special: 'none',
    outcomes: TENNIS_SET_SCORES,
    resolve: (result, _, pick) => scoreOutcome(setsWon(result), pick),
  }),
  market({
    code: 'VB_MATCH',
    oddsTypeId: 40,
    sports: [VOLLEYBALL],
    name: { tr: 'Maç Kazananı', en: 'Match Winner' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => twoWay(setMatchWinner(result), pick),
  }),
  market({
    code: 'VB_SET_WINNER',
    oddsTypeId: 41,
    sports: [VOLLEYBALL],
    name: { tr: 'Set Kazananı', en: 'Set Winner' },
    special: 'period',
    outcomes: HOME_AWAY,
    resolve: (result, set, pick) => setWinnerVerdict(result, set, pick),
  }),
  market({
    code: 'VB_SET_HANDICAP',
    oddsTypeId: 42,
    sports: [VOLLEYBALL],
    name: { tr: 'Set Handikapı', en: 'Set Handicap' },
    special: 'handicap',
    outcomes: HOME_AWAY,
    resolve: (result, line, pick) => handicap(setsWon(result), line, pick),
  }),
  market({
    code: 'VB_TOTAL_POINTS',
    oddsTypeId: 43,
    sports: [VOLLEYBALL],
    name: { tr: 'Toplam Sayı Alt/Üst', en: 'Total Points Over/Under' },
    special: 'total',
    outcomes: OVER_UNDER,
    resolve: (result, line, pick) => overUnder(allPeriods(result), line, pick),
  }),
  market({
    code: 'VB_SET_SCORE',
    oddsTypeId: 44,
    sports: [VOLLEYBALL],
    name: { tr: 'Set Skoru', en: 'Set Betting' },
    special: 'none',
    outcomes: VOLLEYBALL_SET_SCORES,
    resolve: (result, _, pick) => scoreOutcome(setsWon(result), pick),
  }),
  market({
    code: 'BS_ML',
    oddsTypeId: 251,
    sports: [BASEBALL],
    name: { tr: 'Kazanan (Uzatma Devreleri Dahil)', en: 'Winner (incl. Extra Innings)' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => twoWay(winnerAfterShootout(result), pick),
  }),
  market({
    code: 'ES_MATCH',
    oddsTypeId: 186,
    sports: ESPORTS,
    name: { tr: 'Maç Kazananı', en: 'Match Winner' },
    special: 'none',
    outcomes: HOME_AWAY,
    resolve: (result, _, pick) => twoWay(setMatchWinner(result), pick),
  }),
];

// ── look-ups ───────────────────────────────────────────────────────────────────────────────────

const BY_CODE: ReadonlyMap<string, MarketDefinition> = new Map(MARKETS.map((m) => [m.code, m]));
const BY_ODDS_TYPE: ReadonlyMap<number, MarketDefinition> = new Map(MARKETS.map((m) => [m.oddsTypeId, m]));

export function isMarketCode(value: string): value is MarketCode {
  return BY_CODE.has(value);
}

export function marketByCode(code: MarketCode): MarketDefinition {
  const definition = BY_CODE.get(code);
  if (definition === undefined) throw new RangeError(`no market ${code}`);
  return definition;
}

export function marketByOddsTypeId(oddsTypeId: number): MarketDefinition | undefined {
  return BY_ODDS_TYPE.get(oddsTypeId);
}

export function marketsForSport(sportId: SportId): readonly MarketDefinition[] {
  return MARKETS.filter((m) => m.sports.includes(sportId));
}

export function marketName(code: MarketCode, lang: Lang): string {
  return marketByCode(code).name[lang];
}

export function outcomeName(code: MarketCode, outcomeCode: string, lang: Lang): string {
  const outcome = marketByCode(code).outcomes.find((o) => o.code === outcomeCode);
  if (outcome === undefined) throw new RangeError(`${code}: no outcome "${outcomeCode}"`);
  return outcome.name[lang];
}
