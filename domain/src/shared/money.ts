/**
 * Money is integer minor units (kuruş, cents) as a JS number; it never exceeds 2^53.
 * Odds are integer thousandths: 1.85 → 1850. Products of odds grow fast, so payout maths runs in
 * bigint and rounds down to the minor unit exactly once, at the end.
 */
export type Minor = number;
export type Odds = number;

export const ODDS_SCALE = 1000n;
/** Odds of a void leg: it counts as 1.000. */
export const EVEN_ODDS: Odds = 1000;

export function assertMinor(value: number, what = 'amount'): Minor {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer number of minor units`);
  return value;
}

export function assertOdds(value: number): Odds {
  if (!Number.isSafeInteger(value) || value < 1000) throw new RangeError(`odds must be integer thousandths >= 1000, got ${value}`);
  return value;
}

/** stake × Π odds / 1000^n, rounded down to the minor unit. */
export function payoutOf(stake: Minor, odds: readonly Odds[]): Minor {
  let numerator = BigInt(stake);
  let denominator = 1n;
  for (const o of odds) {
    numerator *= BigInt(o);
    denominator *= ODDS_SCALE;
  }
  return Number(numerator / denominator);
}
