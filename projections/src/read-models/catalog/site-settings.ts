import { type CatalogEntrySettings, type CatalogEvent, catalogEntryKey, type CatalogEntryKind, SiteCatalogView, type SportsbookSettings, DEFAULT_SPORTSBOOK_SETTINGS } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, type Kysely, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

type Json<T> = ColumnType<T, string, string>;

/** Each site's catalog settings as the lists and the odds book read them (the `catalog-<siteId>` streams). */
export interface CatalogSettingsTables {
  catalog_site_entries: { site_id: string; kind: string; key: string; settings: Json<CatalogEntrySettings> };
  catalog_site_settings: { site_id: string; settings: Json<SportsbookSettings> };
}

export const catalogSettings: Projection<CatalogSettingsTables> = {
  name: 'catalog-settings',
  version: 1,
  handles: ['CatalogEntryConfigured', 'SportsbookSettingsChanged'],
  tables: ['catalog_site_entries', 'catalog_site_settings'],

  async createTables(tx) {
    await tx.schema
      .createTable('catalog_site_entries')
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addPrimaryKeyConstraint('catalog_site_entries_pk', ['site_id', 'kind', 'key'])
      .execute();
    await tx.schema
      .createTable('catalog_site_settings')
      .addColumn('site_id', 'text', (c) => c.primaryKey())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .execute();
  },

  async apply(tx: Transaction<CatalogSettingsTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as CatalogEvent;
    switch (event.type) {
      case 'CatalogEntryConfigured': {
        const { siteId, kind, key, settings } = event.data;
        await tx
          .insertInto('catalog_site_entries')
          .values({ site_id: siteId, kind, key, settings: JSON.stringify(settings) })
          .onConflict((oc) => oc.columns(['site_id', 'kind', 'key']).doUpdateSet({ settings: sql`excluded.settings` }))
          .execute();
        return;
      }
      case 'SportsbookSettingsChanged': {
        const { siteId, settings } = event.data;
        await tx
          .insertInto('catalog_site_settings')
          .values({ site_id: siteId, settings: JSON.stringify(settings) })
          .onConflict((oc) => oc.column('site_id').doUpdateSet({ settings: sql`excluded.settings` }))
          .execute();
        return;
      }
      default:
        return;
    }
  },
};

const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** One site's catalog settings, read from the read model (an empty view for a site that set none). */
export async function siteCatalogOf(db: Kysely<CatalogSettingsTables>, siteId: string): Promise<SiteCatalogView> {
  const [entries, settings] = await Promise.all([
    db.selectFrom('catalog_site_entries').select(['kind', 'key', 'settings']).where('site_id', '=', siteId).execute(),
    db.selectFrom('catalog_site_settings').select('settings').where('site_id', '=', siteId).executeTakeFirst(),
  ]);
  return new SiteCatalogView(
    Object.fromEntries(entries.map((row) => [catalogEntryKey(row.kind as CatalogEntryKind, row.key), parse<CatalogEntrySettings>(row.settings)])),
    settings ? { ...DEFAULT_SPORTSBOOK_SETTINGS, ...parse<SportsbookSettings>(settings.settings) } : DEFAULT_SPORTSBOOK_SETTINGS,
  );
}
