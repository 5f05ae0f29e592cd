import type { SiteEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/** Sites (brands) by host, for resolving a request's site from its Host header. */
export interface SitesTables {
  sites: {
    site_id: string;
    name: string;
    hosts: string[];
    settings: ColumnType<unknown, string, string>;
  };
}

export const sites: Projection<SitesTables> = {
  name: 'identity-sites',
  version: 1,
  handles: ['SiteOpened', 'SiteHostsChanged', 'SiteSettingsChanged'],
  tables: ['sites'],

  async createTables(tx) {
    await tx.schema
      .createTable('sites')
      .addColumn('site_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('hosts', sql`text[]`, (c) => c.notNull())
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .execute();
  },

  async apply(tx: Transaction<SitesTables>, recorded: RecordedEvent) {
    const event = recorded as unknown as SiteEvent;
    switch (event.type) {
      case 'SiteOpened':
        await tx
          .insertInto('sites')
          .values({ site_id: event.data.siteId, name: event.data.name, hosts: [...event.data.hosts], settings: JSON.stringify(event.data.settings) })
          .onConflict((oc) => oc.column('site_id').doNothing())
          .execute();
        return;
      case 'SiteHostsChanged':
        await tx.updateTable('sites').set({ hosts: [...event.data.hosts] }).where('site_id', '=', event.data.siteId).execute();
        return;
      case 'SiteSettingsChanged': {
        const row = await tx.selectFrom('sites').select('settings').where('site_id', '=', event.data.siteId).executeTakeFirst();
        if (!row) return;
        const settings = { ...(row.settings as object), ...event.data.settings };
        await tx.updateTable('sites').set({ settings: JSON.stringify(settings) }).where('site_id', '=', event.data.siteId).execute();
        return;
      }
      default:
        return;
    }
  },
};
