import type { Lang, SportId } from './sports';

/**
 * What a site's catalog stream (`catalog-<siteId>`) configures: the sports, categories (countries),
 * tournaments (leagues), teams, markets and outcomes the feed brings, as this brand shows them.
 * Keys: a sport by its §9 id, a category, tournament or team by the feed's id, a market by its code,
 * an outcome by `market|outcome`.
 */
export const CATALOG_ENTRY_KINDS = ['sport', 'category', 'tournament', 'team', 'market', 'outcome'] as const;
export type CatalogEntryKind = (typeof CATALOG_ENTRY_KINDS)[number];

/** One entry's settings; an absent field is the feed's (or the catalog's) own. */
export interface CatalogEntrySettings {
  /** False: the entry, and everything under it, is not offered on this site. */
  readonly enabled?: boolean;
  /** Position in its list (lower first); entries without one follow, in the catalog's order. */
  readonly order?: number;
  /** The site's own names, per language. */
  readonly names?: Partial<Readonly<Record<Lang, string>>>;
  /** Markets only: the site's extra margin in basis points, taken off every price of the market. */
  readonly marginBp?: number;
}

/** The site's sportsbook settings (spec §3 site settings `matches_day`, `first_bulletin`; live acceptance delays). */
export interface SportsbookSettings {
  /** `matches_day`: how many matches the pre-match list shows per day. */
  readonly matchesPerDay: number;
  /** `first_bulletin`: how many matches the first bulletin shows (≤ 200). */
  readonly firstBulletinSize: number;
  /** Live acceptance delay per sport (ms), where the site's differs from the defaults. */
  readonly liveDelays: Readonly<Partial<Record<SportId, number>>>;
}

export type CatalogEntryConfigured = {
  readonly type: 'CatalogEntryConfigured';
  /** `settings` is the entry's whole configuration after the change. */
  readonly data: { readonly siteId: string; readonly kind: CatalogEntryKind; readonly key: string; readonly settings: CatalogEntrySettings; readonly at: string };
};

export type SportsbookSettingsChanged = {
  readonly type: 'SportsbookSettingsChanged';
  /** The whole settings after the change. */
  readonly data: { readonly siteId: string; readonly settings: SportsbookSettings; readonly at: string };
};

export type CatalogEvent = CatalogEntryConfigured | SportsbookSettingsChanged;
export type CatalogEventType = CatalogEvent['type'];
export const CATALOG_EVENT_TYPES: readonly CatalogEventType[] = ['CatalogEntryConfigured', 'SportsbookSettingsChanged'];

export function catalogStream(siteId: string): string {
  return `catalog-${siteId}`;
}

export function catalogEntryKey(kind: CatalogEntryKind, key: string): string {
  return `${kind}:${key}`;
}
