import type { OutcomeResult } from '../shared/results';
import type { Score } from './match-result';

/**
 * A total or handicap line in quarter units, so no float ever meets a score: 2.5 → 10,
 * -1.25 → -5, 0 → 0. Every line a sportsbook offers is a multiple of 0.25.
 * Whole lines (…, 2) are multiples of 4, half lines (2.5) of 2, Asian quarter lines (2.25, 2.75) odd.
 */
export type QuarterLine = number;

const LINE = /^([+-])?(\d{1,4})(?:\.(\d{1,2}))?$/;

/** "2.5" → 10, "-1.25" → -5, "+0.75" → 3; `undefined` when the text is no quarter line. */
export function parseLine(text: string): QuarterLine | undefined {
  const match = LINE.exec(text.trim());
  if (match === null) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  if (hundredths % 25 !== 0) return undefined;
  const quarters = hundredths / 25;
  return sign === '-' ? -quarters : quarters;
}

/** 10 → "2.5", -5 → "-1.25": the special text a line is offered under. */
export function formatLine(line: QuarterLine): string {
  const sign = line < 0 ? '-' : '';
  const quarters = Math.abs(line);
  const fraction = ['', '.25', '.5', '.75'][quarters % 4] ?? '';
  return `${sign}${Math.floor(quarters / 4)}${fraction}`;
}

export function isQuarterLine(line: QuarterLine): boolean {
  return Math.abs(line) % 2 === 1;
}

/** "2:1" → { home: 2, away: 1 }: a correct score, a European handicap head start, a set score. */
export function parseScore(text: string): Score | undefined {
  const match = /^(\d{1,3}):(\d{1,3})$/.exec(text.trim());
  if (match === null) return undefined;
  return { home: Number(match[1]), away: Number(match[2]) };
}

/** "1" → 1: which set or period a market is about. */
export function parsePeriodNumber(text: string): number | undefined {
  const match = /^[1-9]\d?$/.exec(text.trim());
  return match === null ? undefined : Number(match[0]);
}

function bySign(edge: number): OutcomeResult {
  if (edge > 0) return 'won';
  if (edge < 0) return 'lost';
  return 'void';
}

/**
 * Settles a pick against a line. `edge` is how far, in quarter units, the pick's side of the count
 * clears the line: for an over, 4 × total − line; for a handicap, 4 × margin + line. Clearing it
 * wins, landing on it (whole line) returns the stake, falling short loses.
 * An Asian quarter line is half the stake on each neighbouring half/whole line (2.25 = 2 and 2.5),
 * so one half can be void while the other wins or loses: half_won / half_lost.
 */
export function settleEdge(edge: number, line: QuarterLine): OutcomeResult {
  if (!isQuarterLine(line)) return bySign(edge);
  const lower = bySign(edge - 1);
  const upper = bySign(edge + 1);
  if (lower === upper) return lower;
  return lower === 'won' || upper === 'won' ? 'half_won' : 'half_lost';
}
