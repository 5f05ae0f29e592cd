import { capped, type Draw } from './demo-games';
import { VIRTUAL_PAYBACK } from './demo-products';

/**
 * The demo provider's horse race and lotto draw, for the §2 external-game pages /racing,
 * /virtualSports and /lotto (api/EXTERNAL-GAMES.md). Like the other demo games these are the
 * provider's rules: every draw comes from `Draw`, payouts are whole minor units capped by maxPay.
 */

// ---- virtual horse race -----------------------------------------------------------------------------

export interface Horse {
  readonly name: string;
  /** Its share of the 100 chances of winning. */
  readonly weight: number;
}

export const HORSES: readonly Horse[] = [
  { name: 'Rüzgâr', weight: 30 },
  { name: 'Şimşek', weight: 22 },
  { name: 'Karayel', weight: 16 },
  { name: 'Poyraz', weight: 14 },
  { name: 'Yıldız', weight: 10 },
  { name: 'Tayfun', weight: 8 },
];
const TOTAL_WEIGHT = HORSES.reduce((sum, h) => sum + h.weight, 0);

/** A win bet's odds in thousandths: the fair price of the horse's chance times the payback, to the hundredth, at least 1.01. */
export function horseOdds(horse: number): number {
  const fair = (VIRTUAL_PAYBACK * TOTAL_WEIGHT) / HORSES[horse]!.weight;
  return Math.max(1_010, Math.floor(fair / 10) * 10);
}

export function isHorse(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n < HORSES.length;
}

export interface RaceResult {
  /** Horse indexes in finishing order: each place drawn by the weights of the horses still running. */
  readonly order: readonly number[];
  readonly pick: number;
  readonly odds: number;
  readonly win: number;
}

export function runRace(stake: number, pick: number, maxPay: number, draw: Draw): RaceResult {
  const running = HORSES.map((_, i) => i);
  const order: number[] = [];
  while (running.length > 0) {
    let roll = draw(running.reduce((sum, i) => sum + HORSES[i]!.weight, 0));
    const at = running.findIndex((i) => (roll -= HORSES[i]!.weight) < 0);
    order.push(running.splice(at, 1)[0]!);
  }
  const odds = horseOdds(pick);
  return { order, pick, odds, win: order[0] === pick ? capped(Math.floor((stake * odds) / 1_000), maxPay) : 0 };
}

// ---- lotto draw: pick 3 of 36, 6 balls drawn ------------------------------------------------------

export const LOTTO_BALLS = 36;
export const LOTTO_DRAWN = 6;
export const LOTTO_PICKS = 3;
/** Multiples of the stake by numbers matched. Two ≈ 6.30 %, three ≈ 0.28 %: return to player ≈ 92.4 %. */
export const LOTTO_PAYS: Readonly<Record<number, number>> = { 0: 0, 1: 0, 2: 8, 3: 150 };

/** Three distinct numbers of 1–36. */
export function validLottoPicks(picks: readonly number[]): boolean {
  return picks.length === LOTTO_PICKS && new Set(picks).size === LOTTO_PICKS && picks.every((n) => Number.isInteger(n) && n >= 1 && n <= LOTTO_BALLS);
}

export interface LottoDraw {
  readonly picks: readonly number[];
  /** The balls in drawing order. */
  readonly balls: readonly number[];
  readonly matched: number;
  readonly win: number;
}

export function drawLotto(stake: number, picks: readonly number[], maxPay: number, draw: Draw): LottoDraw {
  const pool = Array.from({ length: LOTTO_BALLS }, (_, i) => i + 1);
  const balls: number[] = [];
  for (let i = 0; i < LOTTO_DRAWN; i++) balls.push(pool.splice(draw(pool.length), 1)[0]!);
  const matched = picks.filter((n) => balls.includes(n)).length;
  return { picks, balls, matched, win: capped(stake * (LOTTO_PAYS[matched] ?? 0), maxPay) };
}
