import { currencySymbol } from '@/lib/format';
import type { SiteSettings } from './types';

/** §3 tofixedNumber: the decimals shown, 0–3 (anything else reads as the product's 2). */
export function decimalsOf(settings: Pick<SiteSettings, 'tofixedNumber'>): number {
  const n = settings.tofixedNumber;
  return Number.isInteger(n) && n >= 0 && n <= 3 ? n : 2;
}

const grouped = (whole: bigint) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** `value` (an integer in 1/10^scale units) shown with exactly `decimals` decimals, rounded half up, §9 separators. */
function fixed(value: number, scale: number, decimals: number): string {
  const negative = value < 0;
  let units = BigInt(Math.abs(Math.trunc(value)));
  let places = scale;
  if (decimals < places) {
    const step = 10n ** BigInt(places - decimals);
    units = (units + step / 2n) / step;
    places = decimals;
  }
  const text = (units * 10n ** BigInt(decimals - places)).toString().padStart(decimals + 1, '0');
  const whole = BigInt(text.slice(0, text.length - decimals));
  const fraction = decimals > 0 ? `,${text.slice(text.length - decimals)}` : '';
  return `${negative ? '-' : ''}${grouped(whole)}${fraction}`;
}

/** Money (minor units) with the site's decimals; currencyMode 1 hides the sign (§3). */
export function formatAmountFixed(amount: number, decimals: number, currency?: string, currencyMode = 0): string {
  const number = fixed(amount, 2, decimals);
  return !currency || currencyMode === 1 ? number : `${number} ${currencySymbol(currency)}`;
}

/** Odds (thousandths) with the site's decimals, a dot as §9 shows odds. */
export function formatOddsFixed(odds: number, decimals: number): string {
  return fixed(odds, 3, decimals).replace(',', '.');
}
