import type { Odds } from '../../shared/money';
import { MIN_ODDS } from '../decider';

/** Highest price a book shows. */
export const MAX_ODDS: Odds = 500_000;

/**
 * The price ladder a book quotes on, in thousandths: below 1.01 every thousandth (1.001–1.009, spec
 * §9), then hundredths up to 10, tenths up to 100, whole numbers above. `onLadder` rounds down to it.
 */
const LADDER: readonly { readonly below: Odds; readonly step: number }[] = [
  { below: 1010, step: 1 },
  { below: 10_000, step: 10 },
  { below: 100_000, step: 100 },
  { below: Number.POSITIVE_INFINITY, step: 1000 },
];

/** The highest ladder price not above `odds` (never below MIN_ODDS). */
export function onLadder(odds: Odds): Odds {
  const { step } = LADDER.find((rung) => odds < rung.below)!;
  return Math.max(MIN_ODDS, odds - (odds % step));
}

/**
 * Fair probabilities (summing to 1) → offered odds with the bookmaker's margin (overround), in
 * thousandths: each probability is scaled by 1 + margin, and the price rounds down to the ladder
 * (1.886 → 1.88, 53.634 → 53.6), so the margin is never given away. `marginBp` is in basis points
 * (500 = 5 %).
 */
export function oddsWithMargin(probabilities: readonly number[], marginBp: number): Odds[] {
  const total = probabilities.reduce((sum, p) => sum + p, 0);
  const overround = 1 + marginBp / 10_000;
  return probabilities.map((p) => {
    const scaled = (p / total) * overround;
    if (!(scaled > 0)) return MAX_ODDS;
    return onLadder(Math.min(MAX_ODDS, Math.floor(1000 / scaled)));
  });
}

/** The overround the odds carry, in basis points (0 for a fair book). */
export function marginOf(odds: readonly Odds[]): number {
  const implied = odds.reduce((sum, o) => sum + 1000 / o, 0);
  return Math.round((implied - 1) * 10_000);
}

/** P(X = k) for a Poisson count with mean `mean`, k = 0…max (the tail is left out). */
export function poisson(mean: number, max: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-mean);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * mean) / (k + 1);
  }
  return out;
}

/** Standard normal cumulative distribution (Abramowitz–Stegun 26.2.17, error < 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const d = 0.3989422804014327 * Math.exp((-x * x) / 2);
  const tail = d * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x >= 0 ? 1 - tail : tail;
}
