import { isSportId } from '@kupon/domain';
import { z } from 'zod';

/**
 * Wire shapes of a site's catalog settings (`/api/v1/catalog-settings`, staff): what the brand
 * offers of the feed's catalog, in which order, under which names and at which margin, and its
 * sportsbook settings. The back office calls:
 *
 * - `GET  /catalog-settings` → `CatalogSettingsView` (admin, operator, regulator): every entry the
 *   site configured, and its sportsbook settings.
 * - `PUT  /catalog-settings/entries/:kind/:key` with `CatalogEntryChanges` → `CatalogEntryView`
 *   (admin, operator). `kind` is one of `CATALOG_ENTRY_KINDS`; `key` a sport id (`1`), a category,
 *   tournament or team id as the feed names it, a market code (`FT_1X2`) or `market|outcome`
 *   (`FT_1X2|X`, URL-encoded). Fields left out keep their value; `names` merge per language.
 *   `marginBp` (markets only, 0–2000) is taken off every price of the market on this site.
 * - `GET  /catalog-settings/directory?kind=&sportId=&search=&configured=&limit=&offset=` → `CatalogDirectory`
 *   (admin, operator, regulator): what there is to configure, paged by the server: the sports and the
 *   market table (with outcomes) of the product, the categories, tournaments and teams the feed has
 *   sent, each with its feed names and this site's setting. `search` looks in the feed's and the
 *   site's names and the key; `configured=true` keeps the entries the site has set.
 * - `PUT  /catalog-settings/sportsbook` with `SportsbookChanges` → `SportsbookView` (admin, operator):
 *   `matchesPerDay` (§3 `matches_day`, matches per day in the pre-match list), `firstBulletinSize`
 *   (§3 `first_bulletin`, 1–200), `liveDelays` (live acceptance delay per sport id, ms, 0–30000).
 *
 * Refusals: 400 `invalidField|order|names|marginBp|key`, `outOfRange|matchesPerDay|firstBulletinSize|liveDelays`,
 * `unknownSport|id`, `unknownMarket|code`, `unknownOutcome|market|outcome`; 401 without a session;
 * 403 `permissionDenied|role` for any other role. Changes show in the lists within a second or two
 * (the read model, then each api process's short cache).
 */

export const CatalogEntryKindSchema = z.enum(['sport', 'category', 'tournament', 'team', 'market', 'outcome']);

const Names = z.object({ tr: z.string().max(100).optional(), en: z.string().max(100).optional() }).strict();

export const CatalogEntryChanges = z
  .object({
    enabled: z.boolean().optional(),
    order: z.number().int('invalidField|order').optional(),
    names: Names.optional(),
    marginBp: z.number().int('invalidField|marginBp').optional(),
  })
  .strict();
export type CatalogEntryChanges = z.infer<typeof CatalogEntryChanges>;

export const CatalogEntryParams = z.object({ kind: CatalogEntryKindSchema, key: z.string().min(1).max(200) });

export const CatalogEntryView = z.object({
  kind: CatalogEntryKindSchema,
  key: z.string(),
  enabled: z.boolean(),
  order: z.number().int().nullable(),
  names: Names,
  marginBp: z.number().int().nullable(),
});
export type CatalogEntryView = z.infer<typeof CatalogEntryView>;

export const SportsbookChanges = z
  .object({
    matchesPerDay: z.number().int('outOfRange|matchesPerDay').optional(),
    firstBulletinSize: z.number().int('outOfRange|firstBulletinSize').optional(),
    liveDelays: z.record(z.string().regex(/^\d+$/, 'unknownSport'), z.number().int('outOfRange|liveDelays')).optional(),
  })
  .strict();
export type SportsbookChanges = z.infer<typeof SportsbookChanges>;

export const SportsbookView = z.object({
  matchesPerDay: z.number().int(),
  firstBulletinSize: z.number().int(),
  /** By sport id; sports not listed wait the defaults (football 5 s, basketball 5 s, tennis 8 s). */
  liveDelays: z.record(z.string(), z.number().int()),
});
export type SportsbookView = z.infer<typeof SportsbookView>;

const Localized = z.object({ tr: z.string(), en: z.string() });

export const CatalogDirectoryQuery = z.object({
  kind: CatalogEntryKindSchema,
  sportId: z.coerce.number().int().refine((id) => isSportId(id), 'unknownSport').optional(),
  search: z.string().trim().max(40, 'unexpectedLength|search').optional(),
  configured: z.stringbool().default(false),
  limit: z.coerce.number().int().min(1).max(200).default(25),
  offset: z.coerce.number().int().min(0).default(0),
});
export type CatalogDirectoryQuery = z.infer<typeof CatalogDirectoryQuery>;

export const CatalogDirectoryItem = CatalogEntryView.extend({
  /** The name the feed (or the product's table) gives it. */
  feedName: Localized,
  /** Where it sits: a tournament's category, a team's latest tournament, an outcome's market; null for sports, categories and markets. */
  context: Localized.nullable(),
  /** The sports it is seen in. */
  sportIds: z.array(z.number().int()),
});
export type CatalogDirectoryItem = z.infer<typeof CatalogDirectoryItem>;
export const CatalogDirectory = z.object({ items: z.array(CatalogDirectoryItem), total: z.number().int(), limit: z.number().int(), offset: z.number().int() });
export type CatalogDirectory = z.infer<typeof CatalogDirectory>;

export const CatalogSettingsView = z.object({ siteId: z.string(), entries: z.array(CatalogEntryView), sportsbook: SportsbookView });
export type CatalogSettingsView = z.infer<typeof CatalogSettingsView>;
