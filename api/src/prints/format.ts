import { MINOR_PER_UNIT } from '@kupon/domain';

export type SlipLang = 'tr' | 'en';

const LOCALE: Readonly<Record<SlipLang, string>> = { tr: 'tr-TR', en: 'en-GB' };

/**
 * Minor units in words on paper: whole units grouped the language's way (tr 1.234,56; en 1,234.56),
 * always two decimals, then the currency. Integer arithmetic only: no float ever touches the amount.
 */
export function formatMoney(minor: number, lang: SlipLang, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = BigInt(Math.abs(minor));
  const per = BigInt(MINOR_PER_UNIT);
  const whole = new Intl.NumberFormat(LOCALE[lang], { useGrouping: true, maximumFractionDigits: 0 }).format(abs / per);
  const cents = String(abs % per).padStart(2, '0');
  return `${sign}${whole}${lang === 'tr' ? ',' : '.'}${cents} ${currency}`;
}

/** A stored UTC time as the slip's reader reads it: day/month/year hour:minute in their time zone. */
export function formatTime(iso: string, lang: SlipLang, timeZone: string): string {
  const parts = partsIn(new Date(iso), timeZone);
  const date = lang === 'tr' ? `${parts.day}.${parts.month}.${parts.year}` : `${parts.day}/${parts.month}/${parts.year}`;
  return `${date} ${parts.hour}:${parts.minute}`;
}

/** Midnight of `now`'s day in `timeZone`, as a UTC instant (the default start of a shift). */
export function startOfDay(now: Date, timeZone: string): Date {
  const parts = partsIn(now, timeZone);
  const asIfUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  const offset = asIfUtc - Math.floor(now.getTime() / 1000) * 1000;
  return new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)) - offset);
}

function partsIn(at: Date, timeZone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const formatted = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => formatted.find((p) => p.type === type)?.value ?? '00';
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}
