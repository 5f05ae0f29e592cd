import { formatOdds, MINOR_PER_UNIT, type Minor, type Odds } from '@kupon/domain';

/**
 * Spec §9 formats. Money is shown with a thousands dot and a decimal comma, two decimals; a whole
 * amount without decimals. `currencyMode` 1 hides the currency (§3).
 */
export function formatMoney(amount: Minor, currency?: string, currencyMode = 0): string {
  const negative = amount < 0;
  const abs = Math.abs(Math.trunc(amount));
  const whole = Math.trunc(abs / MINOR_PER_UNIT);
  const cents = abs % MINOR_PER_UNIT;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const number = `${negative ? '-' : ''}${grouped}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`}`;
  if (!currency || currencyMode === 1) return number;
  return `${number} ${currencySymbol(currency)}`;
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

/** Spec §9: odds with two decimals, three from 1.001 to under 1.01 (the domain's exact format). */
export function displayOdds(odds: Odds): string {
  return formatOdds(odds);
}

/** Spec §9 "Team names shortened to 10 characters plus a dot". */
export function shortTeamName(name: string): string {
  const chars = [...name];
  return chars.length > 10 ? `${chars.slice(0, 10).join('')}.` : name;
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
