import { capped, type Draw } from './demo-games';

/**
 * The demo provider's bingo, virtual and TV games: their rules, on the provider's side of the line
 * like the slot and the dice (the product never draws an outcome). Every draw comes from `Draw`
 * (crypto's randomInt in the api, a fixed sequence in tests); payouts are integer multiples of the
 * stake, or the stake times odds in thousandths rounded down to the minor unit, capped by maxPay.
 */

/** `count` distinct values of `values`, by a partial Fisher–Yates shuffle with `draw` (in drawing order). */
function pick<T>(values: readonly T[], count: number, draw: Draw): T[] {
  const pool = [...values];
  const chosen: T[] = [];
  for (let i = 0; i < count; i++) {
    const j = i + draw(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    chosen.push(pool[i]!);
  }
  return chosen;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

// ---- tombala (90-ball bingo) ------------------------------------------------------------------------

/**
 * Tombala as a single-player round (a shared live draw would need a scheduler and a room, which the
 * seamless wallet does not): the player buys 1–4 cards at the stake each (one bet of stake × cards),
 * then TOMBALA_DRAWN of the 90 balls are drawn. Each card pays for its best result: one full row
 * (birinci çinko), two rows (ikinci çinko) or all three (tombala), at fixed multiples of its stake.
 */
export const TOMBALA_BALLS = 90;
export const TOMBALA_DRAWN = 50;
export const TOMBALA_MAX_CARDS = 4;
export type TombalaPrize = 'none' | 'line' | 'twoLines' | 'fullHouse';
/** Multiples of one card's stake. With 50 balls a card has one row ≈ 13.4 %, two ≈ 0.53 %, all ≈ 0.0065 %: return to player ≈ 92 %. */
export const TOMBALA_PAYS: Readonly<Record<TombalaPrize, number>> = { none: 0, line: 6, twoLines: 15, fullHouse: 500 };

/** A card: 3 rows × 9 columns, 5 numbers a row; column c holds numbers of its tens (1–9, 10–19 … 80–90), smaller ones higher up. */
export type TombalaCard = readonly (readonly (number | null)[])[];

function columnNumbers(column: number): number[] {
  return column === 0 ? range(1, 9) : column === 8 ? range(80, 90) : range(column * 10, column * 10 + 9);
}

export function tombalaCard(draw: Draw): TombalaCard {
  const columnsOfRow = [0, 1, 2].map(() => pick(range(0, 8), 5, draw));
  const rows: (number | null)[][] = [0, 1, 2].map(() => Array<number | null>(9).fill(null));
  for (let column = 0; column < 9; column++) {
    const usedBy = [0, 1, 2].filter((row) => columnsOfRow[row]!.includes(column));
    const numbers = pick(columnNumbers(column), usedBy.length, draw).sort((a, b) => a - b);
    usedBy.forEach((row, i) => (rows[row]![column] = numbers[i]!));
  }
  return rows;
}

export function tombalaPrize(card: TombalaCard, drawn: ReadonlySet<number>): TombalaPrize {
  const full = card.filter((row) => row.every((n) => n === null || drawn.has(n))).length;
  return full === 3 ? 'fullHouse' : full === 2 ? 'twoLines' : full === 1 ? 'line' : 'none';
}

export interface TombalaRound {
  readonly cards: readonly { readonly card: TombalaCard; readonly prize: TombalaPrize; readonly win: number }[];
  /** The balls in the order they were drawn. */
  readonly balls: readonly number[];
  readonly win: number;
}

export function playTombala(stakePerCard: number, cardCount: number, maxPay: number, draw: Draw): TombalaRound {
  const cards = Array.from({ length: cardCount }, () => tombalaCard(draw));
  const balls = pick(range(1, TOMBALA_BALLS), TOMBALA_DRAWN, draw);
  const drawn = new Set(balls);
  const scored = cards.map((card) => {
    const prize = tombalaPrize(card, drawn);
    return { card, prize, win: stakePerCard * TOMBALA_PAYS[prize] };
  });
  return { cards: scored, balls, win: capped(scored.reduce((sum, c) => sum + c.win, 0), maxPay) };
}

// ---- virtual football -----------------------------------------------------------------------------

export interface VirtualTeam {
  readonly name: string;
  /** 50–99: how likely a minute's goal is theirs. */
  readonly strength: number;
}

export const VIRTUAL_TEAMS: readonly VirtualTeam[] = [
  { name: 'Kupon Kartalları', strength: 90 },
  { name: 'Boğaz Yıldızları', strength: 85 },
  { name: 'Ege Martıları', strength: 78 },
  { name: 'Anadolu Aslanları', strength: 74 },
  { name: 'Karadeniz Fırtınası', strength: 70 },
  { name: 'Akdeniz Dalgası', strength: 66 },
  { name: 'Trakya Atlıları', strength: 62 },
  { name: 'Toros Kartları', strength: 58 },
];

export type MatchPick = '1' | 'X' | '2';
export const MATCH_PICKS: readonly MatchPick[] = ['1', 'X', '2'];
export const MATCH_MINUTES = 90;
/** Per 10 000 a minute: the chance of a goal in a minute, shared by strength; the home side gets HOME_EDGE of it more. */
const GOAL_CHANCE = 300;
const HOME_EDGE = 20;
/** The demo virtual games' odds pay back this share (thousandths) of the fair price: an 8 % margin. */
export const VIRTUAL_PAYBACK = 920;

export interface Fixture {
  readonly home: number;
  readonly away: number;
}

export function drawFixture(draw: Draw): Fixture {
  const [home, away] = pick(range(0, VIRTUAL_TEAMS.length - 1), 2, draw);
  return { home: home!, away: away! };
}

export function validFixture(fixture: Fixture): boolean {
  const ok = (i: number) => Number.isInteger(i) && i >= 0 && i < VIRTUAL_TEAMS.length;
  return ok(fixture.home) && ok(fixture.away) && fixture.home !== fixture.away;
}

/** A minute's chance (per 10 000) of a home goal and of an away goal. */
export function minuteChances({ home, away }: Fixture): { home: number; away: number } {
  const h = VIRTUAL_TEAMS[home]!.strength;
  const a = VIRTUAL_TEAMS[away]!.strength;
  const homeShare = Math.floor((GOAL_CHANCE * h) / (h + a));
  return { home: homeShare + HOME_EDGE, away: GOAL_CHANCE - homeShare - HOME_EDGE };
}

/**
 * The 1/X/2 odds in thousandths, from the same model the match is simulated with: each minute
 * the home side scores, the away side scores or nobody does; the chance of each final goal
 * difference is summed exactly over the 90 minutes, then priced with the margin (at least 1.01, to the hundredth).
 */
export function matchOdds(fixture: Fixture): Readonly<Record<MatchPick, number>> {
  const chance = minuteChances(fixture);
  const pHome = chance.home / 10_000;
  const pAway = chance.away / 10_000;
  let difference = new Map<number, number>([[0, 1]]);
  for (let minute = 0; minute < MATCH_MINUTES; minute++) {
    const next = new Map<number, number>();
    for (const [d, p] of difference) {
      next.set(d + 1, (next.get(d + 1) ?? 0) + p * pHome);
      next.set(d - 1, (next.get(d - 1) ?? 0) + p * pAway);
      next.set(d, (next.get(d) ?? 0) + p * (1 - pHome - pAway));
    }
    difference = next;
  }
  let one = 0;
  let draw = 0;
  let two = 0;
  for (const [d, p] of difference) {
    if (d > 0) one += p;
    else if (d === 0) draw += p;
    else two += p;
  }
  // Shown and paid to the hundredth, as a bookmaker prices.
  const price = (p: number) => Math.max(1_010, Math.floor(VIRTUAL_PAYBACK / p / 10) * 10);
  return { '1': price(one), X: price(draw), '2': price(two) };
}

export interface VirtualMatch {
  readonly fixture: Fixture;
  readonly pick: MatchPick;
  readonly odds: number;
  readonly goals: readonly { readonly minute: number; readonly side: 'home' | 'away' }[];
  readonly score: readonly [number, number];
  readonly result: MatchPick;
  readonly win: number;
}

export function playVirtualMatch(stake: number, fixture: Fixture, pickOf: MatchPick, maxPay: number, draw: Draw): VirtualMatch {
  const chance = minuteChances(fixture);
  const odds = matchOdds(fixture)[pickOf];
  const goals: { minute: number; side: 'home' | 'away' }[] = [];
  for (let minute = 1; minute <= MATCH_MINUTES; minute++) {
    const roll = draw(10_000);
    if (roll < chance.home) goals.push({ minute, side: 'home' });
    else if (roll < chance.home + chance.away) goals.push({ minute, side: 'away' });
  }
  const home = goals.filter((g) => g.side === 'home').length;
  const away = goals.length - home;
  const result: MatchPick = home > away ? '1' : home === away ? 'X' : '2';
  const win = result === pickOf ? capped(Math.floor((stake * odds) / 1_000), maxPay) : 0;
  return { fixture, pick: pickOf, odds, goals, score: [home, away], result, win };
}

// ---- TV game: the lucky wheel ----------------------------------------------------------------------

/** The wheel's numbers and how many of its 51 sectors show each: a number pays the stake times (number + 1). */
export const WHEEL_NUMBERS = [1, 2, 5, 10, 20, 40] as const;
export type WheelNumber = (typeof WHEEL_NUMBERS)[number];
const WHEEL_COUNTS: Readonly<Record<WheelNumber, number>> = { 1: 22, 2: 14, 5: 8, 10: 4, 20: 2, 40: 1 };

/** The sectors round the wheel, each number spread evenly. */
export const WHEEL_SECTORS: readonly WheelNumber[] = WHEEL_NUMBERS.flatMap((n) => Array.from({ length: WHEEL_COUNTS[n] }, (_, k) => ({ n, at: (2 * k + 1) / (2 * WHEEL_COUNTS[n]) })))
  .sort((a, b) => a.at - b.at || b.n - a.n)
  .map((s) => s.n);

export function isWheelNumber(n: number): n is WheelNumber {
  return (WHEEL_NUMBERS as readonly number[]).includes(n);
}

export interface WheelSpin {
  readonly sector: number;
  readonly landed: WheelNumber;
  readonly pick: WheelNumber;
  readonly win: number;
}

export function spinWheel(stake: number, pickOf: WheelNumber, maxPay: number, draw: Draw): WheelSpin {
  const sector = draw(WHEEL_SECTORS.length);
  const landed = WHEEL_SECTORS[sector]!;
  return { sector, landed, pick: pickOf, win: landed === pickOf ? capped(stake * (pickOf + 1), maxPay) : 0 };
}
