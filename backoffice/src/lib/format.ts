import { formatOdds, MINOR_PER_UNIT, type Minor, type Odds } from '@kupon/domain';

/** Spec §9 money: thousands dot, decimal comma, two decimals (none for a whole amount). */
export function formatMoney(amount: Minor, currency?: string): string {
  const negative = amount < 0;
  const abs = Math.abs(Math.trunc(amount));
  const whole = Math.trunc(abs / MINOR_PER_UNIT);
  const cents = abs % MINOR_PER_UNIT;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const number = `${negative ? '-' : ''}${grouped}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`}`;
  return currency ? `${number} ${currencySymbol(currency)}` : number;
}

/** Spec §3 currency symbols. */
const SYMBOLS: Readonly<Record<string, string>> = { TRY: '₺', EUR: '€', USD: '$', TND: 'DT', CHF: 'CHF', PEN: 'S/', PLN: 'zł', ILS: '₪', IQD: 'IQD' };

export function currencySymbol(currency: string): string {
  return SYMBOLS[currency] ?? currency;
}

export function displayOdds(odds: Odds): string {
  return formatOdds(odds);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9 "Dates day/month/year with time"; stored times are UTC and shown in the viewer's zone. */
export function formatDateTime(at: string | Date | null | undefined, seconds = false): string {
  if (!at) return '';
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}${seconds ? `:${pad(date.getSeconds())}` : ''}`;
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${time}`;
}

/** A typed amount ("12,50", "12.5", "1.250,00") in minor units; null when it is not a number. */
export function parseAmount(text: string): Minor | null {
  const cleaned = text.trim().replace(/\s/g, '');
  if (!/^-?\d[\d.,]*$/.test(cleaned)) return null;
  const negative = cleaned.startsWith('-');
  const digits = negative ? cleaned.slice(1) : cleaned;
  const lastSep = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  const decimals = lastSep >= 0 ? digits.slice(lastSep + 1) : '';
  const isDecimal = lastSep >= 0 && decimals.length > 0 && decimals.length <= 2;
  const wholePart = (isDecimal ? digits.slice(0, lastSep) : digits).replace(/[.,]/g, '');
  const cents = isDecimal ? decimals.padEnd(2, '0') : '00';
  const value = Number(wholePart || '0') * MINOR_PER_UNIT + Number(cents);
  if (!Number.isSafeInteger(value)) return null;
  return negative ? -value : value;
}

/** `<input type="datetime-local">` text (local time) as the ISO instant the api takes, or undefined when empty. */
export function localInputToIso(text: string): string | undefined {
  if (!text) return undefined;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Odds typed as a decimal ("1,85", "1.5") in thousandths (§3 limits); null when not a number. */
export function parseOdds(text: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d{1,3})?$/.test(cleaned)) return null;
  const [whole = '0', decimals = ''] = cleaned.split('.');
  return Number(whole) * 1000 + Number(decimals.padEnd(3, '0'));
}

/** Money in minor units as an editable decimal ("1250,5" for 125050), without grouping. */
export function amountInput(amount: number): string {
  const whole = Math.trunc(amount / 100);
  const cents = Math.abs(amount % 100);
  return cents === 0 ? String(whole) : `${whole},${String(cents).padStart(2, '0')}`;
}

/** Odds in thousandths as an editable decimal. */
export function oddsInput(odds: number): string {
  return odds === 0 ? '0' : (odds / 1000).toFixed(3).replace(/\.?0+$/, '').replace('.', ',');
}
