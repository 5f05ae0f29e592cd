import { MINOR_PER_UNIT, type Minor, type Odds } from '@kupon/domain';

/**
 * Spec §9 formats. Money is shown with a thousands dot and a decimal comma, two decimals (§3
 * tofixedNumber: `decimals`, 0–3, rounded half up); a whole amount without decimals. `currencyMode` 1
 * hides the currency (§3). The one money formatter: the site's display (features/site/display) binds its settings.
 */
export function formatMoney(amount: Minor, currency?: string, currencyMode = 0, decimals = 2): string {
  const number = amount % MINOR_PER_UNIT === 0 ? fixedDecimals(amount, 2, 0) : fixedDecimals(amount, 2, decimals);
  if (!currency || currencyMode === 1) return number;
  return `${number} ${currencySymbol(currency)}`;
}

const grouped = (whole: bigint) => whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.');

/** `value` (an integer in 1/10^scale units) shown with exactly `decimals` decimals, rounded half up, §9 separators. */
function fixedDecimals(value: number, scale: number, decimals: number): string {
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
  return `${negative && units > 0n ? '-' : ''}${grouped(whole)}${fraction}`;
}

/** Spec §3 currency symbols. */
const SYMBOLS: Readonly<Record<string, string>> = {
  TRY: '₺',
  EUR: '€',
  USD: '$',
  TND: 'DT',
  CHF: 'CHF',
  PEN: 'S/',
  PLN: 'zł',
  ILS: '₪',
  IQD: 'IQD',
};

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? currency;
}

/**
 * Spec §9 odds: with the site's decimals (§3 tofixedNumber: `decimals`, 0–3; two by default), but
 * never rounded: a price is exact to the thousandth and the player is paid on it, so a third decimal
 * the price has is always shown (1.855, and 1.001 to 1.009 never read 1.00 or 1.01), and a site with
 * fewer decimals only drops zeros (2.000 reads 2 at 0). A dot, no grouping.
 */
export function displayOdds(odds: Odds, decimals = 2): string {
  const whole = Math.trunc(odds / 1000);
  let fraction = String(odds % 1000).padStart(3, '0');
  while (fraction.length > decimals && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** Spec §9 "Team names shortened to 10 characters plus a dot". */
export function shortTeamName(name: string): string {
  const chars = [...name];
  // A cut that ends on a space keeps the word before it: "Castleton United" is "Castleton.", not "Castleton .".
  return chars.length > 10 ? `${chars.slice(0, 10).join('').trimEnd()}.` : name;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9 "Dates day/month/year with time"; stored times are UTC and shown in the viewer's zone. */
export function formatDateTime(at: string | Date): string {
  const date = typeof at === 'string' ? parseUtc(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The header clock, HH:mm:ss (§2). */
export function formatClock(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** Spec §9 "times without zone treated as UTC". */
export function parseUtc(text: string): Date {
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim());
  return new Date(hasZone ? text : `${text.trim().replace(' ', 'T')}Z`);
}

/** A decimal amount typed by a player ("12,50", "12.5", "1.250,00") in minor units; null when not a number. */
export function parseAmount(text: string): Minor | null {
  const cleaned = text.trim().replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(cleaned)) return null;
  const lastSep = Math.max(cleaned.lastIndexOf(','), cleaned.lastIndexOf('.'));
  const decimals = lastSep >= 0 ? cleaned.slice(lastSep + 1) : '';
  const isDecimal = lastSep >= 0 && decimals.length > 0 && decimals.length <= 2;
  const wholePart = (isDecimal ? cleaned.slice(0, lastSep) : cleaned).replace(/[.,]/g, '');
  const cents = isDecimal ? decimals.padEnd(2, '0') : '00';
  const value = Number(wholePart || '0') * MINOR_PER_UNIT + Number(cents);
  return Number.isSafeInteger(value) ? value : null;
}
