import type { MatchResultBody } from '@kupon/api/contract';
import { type SportId, sportOf } from '@kupon/domain';

/** Set sports may end by a retirement or a walkover; the form offers it as one choice. */
export const ENDINGS = ['none', 'retiredHome', 'retiredAway', 'walkoverHome', 'walkoverAway'] as const;
export type Ending = (typeof ENDINGS)[number];

export type PeriodName = 'half' | 'quarter' | 'period' | 'inning' | 'set' | 'map';

/** What one row of the form is called in the sport: a half, a quarter, an inning, a set, a map. */
export function periodName(sportId: SportId): PeriodName {
  switch (sportId) {
    case 1:
    case 6:
      return 'half';
    case 2:
      return 'quarter';
    case 3:
      return 'inning';
    case 4:
      return 'period';
    case 5:
    case 23:
      return 'set';
    default:
      return 'map';
  }
}

export function isSetSport(sportId: SportId): boolean {
  return sportOf(sportId).format.kind === 'sets';
}

type Read = (name: string) => string;

/** A typed count as a number; what is no count goes to the schema as typed, so the schema names the field. */
function count(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

const blank = (read: Read, prefix: string) => read(`${prefix}.home`).trim() === '' && read(`${prefix}.away`).trim() === '';
const pair = (read: Read, prefix: string) => ({ home: count(read(`${prefix}.home`)), away: count(read(`${prefix}.away`)) });
/** Corners and cards: within a row that has anything, an empty side is none. */
const tally = (read: Read, prefix: string) => ({ home: count(read(`${prefix}.home`) || '0'), away: count(read(`${prefix}.away`) || '0') });

/** How many rows count: up to the last one with anything typed in it. */
function rowsUpToLast(rows: number, typed: (index: number) => boolean): number {
  let last = 0;
  for (let index = 0; index < rows; index++) if (typed(index)) last = index + 1;
  return last;
}

/**
 * The result the form describes, in the api's `MatchResult` shape, before validation: periods up to
 * the last one typed (a row left empty in between is refused by the schema, not guessed), corners and
 * cards per period for football when any is typed, overtime, penalties, a tie-break per tennis set,
 * and a retirement or walkover.
 */
export function resultFromForm(sportId: SportId, rows: number, read: Read): MatchResultBody {
  const played = rowsUpToLast(rows, (index) => !blank(read, `periods.${index}`));
  const periods = Array.from({ length: played }, (_, index) => {
    const score = pair(read, `periods.${index}`);
    return blank(read, `periods.${index}.tieBreak`) ? score : { ...score, tieBreak: pair(read, `periods.${index}.tieBreak`) };
  });
  const result: Record<string, unknown> = { sportId, status: read('status'), periods };
  const corners = rowsUpToLast(rows, (index) => !blank(read, `corners.${index}`));
  if (corners > 0) result.corners = Array.from({ length: corners }, (_, index) => tally(read, `corners.${index}`));
  const cards = rowsUpToLast(rows, (index) => !blank(read, `cards.${index}.yellow`) || !blank(read, `cards.${index}.red`));
  if (cards > 0) result.cards = Array.from({ length: cards }, (_, index) => ({ yellow: tally(read, `cards.${index}.yellow`), red: tally(read, `cards.${index}.red`) }));
  for (const extra of ['overtime', 'penalties'] as const) if (!blank(read, extra)) result[extra] = pair(read, extra);
  const completed = read('completedPeriods').trim();
  if (completed !== '') result.completedPeriods = count(completed);
  const ending = read('ending') as Ending | '';
  if (ending.startsWith('retired')) result.retired = ending.endsWith('Home') ? 'home' : 'away';
  if (ending.startsWith('walkover')) result.walkover = ending.endsWith('Home') ? 'home' : 'away';
  return result as unknown as MatchResultBody;
}

/** The form's starting values: the result in force (a correction), else what the feed's scoreboard shows. */
export function formValues(match: { result: MatchResultBody | null; scoreboard: { periods: { home: number; away: number }[] } | null }): Record<string, string> {
  const values: Record<string, string> = { status: match.result?.status ?? 'completed', ending: 'none', completedPeriods: '' };
  const put = (prefix: string, score: { home: number; away: number } | undefined) => {
    if (!score) return;
    values[`${prefix}.home`] = String(score.home);
    values[`${prefix}.away`] = String(score.away);
  };
  const result = match.result;
  if (!result) {
    match.scoreboard?.periods.forEach((score, index) => put(`periods.${index}`, score));
    return values;
  }
  result.periods.forEach((score, index) => {
    put(`periods.${index}`, score);
    put(`periods.${index}.tieBreak`, score.tieBreak);
  });
  result.corners?.forEach((score, index) => put(`corners.${index}`, score));
  result.cards?.forEach((cards, index) => {
    put(`cards.${index}.yellow`, cards.yellow);
    put(`cards.${index}.red`, cards.red);
  });
  put('overtime', result.overtime);
  put('penalties', result.penalties);
  if (result.completedPeriods !== undefined) values.completedPeriods = String(result.completedPeriods);
  if (result.retired) values.ending = result.retired === 'home' ? 'retiredHome' : 'retiredAway';
  if (result.walkover) values.ending = result.walkover === 'home' ? 'walkoverHome' : 'walkoverAway';
  return values;
}
