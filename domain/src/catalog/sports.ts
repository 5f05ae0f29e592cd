/**
 * The sports Kupon offers, by the ids of spec §9. The numbering is Betradar's (1 soccer … 23
 * volleyball, 109–111 the esports titles), which is why baseball is 3 and volleyball 23.
 */
export type Lang = 'tr' | 'en';
export const LANGS: readonly Lang[] = ['tr', 'en'];

/** A text in every language the product speaks (tr is the default). */
export type Localized = Readonly<Record<Lang, string>>;

export const SPORT_IDS = [1, 2, 3, 4, 5, 6, 23, 109, 110, 111] as const;
export type SportId = (typeof SPORT_IDS)[number];

export const SOCCER = 1;
export const BASKETBALL = 2;
export const BASEBALL = 3;
export const ICE_HOCKEY = 4;
export const TENNIS = 5;
export const HANDBALL = 6;
export const VOLLEYBALL = 23;

/**
 * How a match is counted. A timed sport plays a fixed number of regular periods (halves, quarters,
 * periods, innings) and may add overtime and a shoot-out; a set sport plays sets (or maps) until
 * one side has won enough of them.
 */
export type SportFormat =
  | { readonly kind: 'timed'; readonly regularPeriods: number }
  | { readonly kind: 'sets' };

export interface Sport {
  readonly id: SportId;
  readonly name: Localized;
  readonly format: SportFormat;
}

export const SPORTS: readonly Sport[] = [
  { id: 1, name: { tr: 'Futbol', en: 'Soccer' }, format: { kind: 'timed', regularPeriods: 2 } },
  { id: 2, name: { tr: 'Basketbol', en: 'Basketball' }, format: { kind: 'timed', regularPeriods: 4 } },
  { id: 3, name: { tr: 'Beyzbol', en: 'Baseball' }, format: { kind: 'timed', regularPeriods: 9 } },
  { id: 4, name: { tr: 'Buz Hokeyi', en: 'Ice Hockey' }, format: { kind: 'timed', regularPeriods: 3 } },
  { id: 5, name: { tr: 'Tenis', en: 'Tennis' }, format: { kind: 'sets' } },
  { id: 6, name: { tr: 'Hentbol', en: 'Handball' }, format: { kind: 'timed', regularPeriods: 2 } },
  { id: 23, name: { tr: 'Voleybol', en: 'Volleyball' }, format: { kind: 'sets' } },
  { id: 109, name: { tr: 'E-Spor: Counter-Strike', en: 'eSports: Counter-Strike' }, format: { kind: 'sets' } },
  { id: 110, name: { tr: 'E-Spor: League of Legends', en: 'eSports: League of Legends' }, format: { kind: 'sets' } },
  { id: 111, name: { tr: 'E-Spor: Dota 2', en: 'eSports: Dota 2' }, format: { kind: 'sets' } },
];

export function isSportId(value: unknown): value is SportId {
  return typeof value === 'number' && (SPORT_IDS as readonly number[]).includes(value);
}

export function sportOf(id: SportId): Sport {
  const sport = SPORTS.find((s) => s.id === id);
  if (sport === undefined) throw new RangeError(`sport ${id} is missing from SPORTS`);
  return sport;
}

export function sportName(id: SportId, lang: Lang): string {
  return sportOf(id).name[lang];
}
