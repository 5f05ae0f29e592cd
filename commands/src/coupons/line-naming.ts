import type { Lang, SiteCatalogView } from '@kupon/domain';

/** How coupon lines are put in words: the asked language, the site's names, the catalog's facts of their matches. */
export interface LineNaming {
  readonly lang: Lang;
  readonly site: SiteCatalogView;
  readonly facts: ReadonlyMap<string, { sportId: number; matchDate: string; home: string; away: string }>;
  /** §3 line `Results`: the score of each match that has a recorded result. */
  readonly results: ReadonlyMap<string, string>;
}
