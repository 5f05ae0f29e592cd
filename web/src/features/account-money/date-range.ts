/**
 * The day range of the transactions page. The player types days in the §9 day/month/year form; the
 * api stores UTC (READING-NOTES "Date offset"), so a day means the player's local midnight to the
 * next local midnight, sent as UTC instants (`to` is exclusive on the api).
 */
export type RangeField = 'from' | 'to';
export interface RangeProblem {
  readonly field: RangeField;
  /** `errors:dateRequired` for a day that is no day; `money:fromAfterTo` for a range the wrong way round. */
  readonly key: 'dateRequired' | 'fromAfterTo';
}
export interface DayRange {
  readonly from: string;
  readonly to: string;
}

/** The default range: the last 7 days, today included. */
export const DEFAULT_RANGE_DAYS = 7;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatDay(date: Date): string {
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}`;
}

/** "25.11.2026" (or with / or -) as that local day's midnight; null when it is no calendar day. */
export function parseDay(text: string): Date | null {
  const match = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

export function defaultRangeText(today: Date): { from: string; to: string } {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (DEFAULT_RANGE_DAYS - 1));
  return { from: formatDay(from), to: formatDay(today) };
}

/** The typed days as the api's UTC window, or what is wrong with them (each under its field). */
export function dayRange(fromText: string, toText: string): { ok: true; range: DayRange } | { ok: false; problems: RangeProblem[] } {
  const from = parseDay(fromText);
  const to = parseDay(toText);
  const problems: RangeProblem[] = [];
  if (!from) problems.push({ field: 'from', key: 'dateRequired' });
  if (!to) problems.push({ field: 'to', key: 'dateRequired' });
  if (from && to && from > to) problems.push({ field: 'to', key: 'fromAfterTo' });
  if (problems.length > 0 || !from || !to) return { ok: false, problems };
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate() + 1);
  return { ok: true, range: { from: from.toISOString(), to: end.toISOString() } };
}
