import type { Odds } from '../../shared/money';

/**
 * Decimal odds for messages such as `min limit: 1.20`. Spec §9: odds show two decimals, and odds
 * from 1.001 to under 1.01 three. Thousandths are shown exactly, never rounded: a third decimal
 * that is not 0 is shown too.
 */
export function formatOdds(odds: Odds): string {
  const whole = Math.trunc(odds / 1000);
  const thousandths = String(odds % 1000).padStart(3, '0');
  const decimals = thousandths.endsWith('0') ? thousandths.slice(0, 2) : thousandths;
  return `${whole}.${decimals}`;
}
