import { randomUUID } from 'node:crypto';
import { StreamCommands } from '@kupon/commands';
import {
  type CatalogCommand,
  catalogDecider,
  type CatalogEntryKind,
  type CatalogEntrySettings,
  type CatalogState,
  catalogEntryKey,
  catalogStream,
  MARKETS,
  SiteCatalogView,
  SPORTS,
  type SportsbookSettings,
} from '@kupon/domain';
import type { EventStore, SqlPool } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CatalogDirectory,
  type CatalogDirectoryItem,
  CatalogDirectoryQuery,
  CatalogEntryChanges,
  CatalogEntryParams,
  CatalogEntryView,
  CatalogSettingsView,
  SportsbookChanges,
  SportsbookView,
} from '../contract/catalog-settings';
import { ErrorBody } from '../contract/identity';
import { refusal } from '../http/api-error';
import { eventActor } from '../identity/views';
import type { SiteCatalogs } from '../live/site-catalogs';
import { requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

export interface CatalogSettingsServices {
  readonly store: EventStore;
  /** The catalog read model (the feed's categories, tournaments and teams), for the directory. */
  readonly pool: SqlPool;
  readonly clock: () => Date;
  /** This process's cache of the settings, told of each change made here. */
  readonly siteCatalogs: SiteCatalogs;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/**
 * The back office's catalog settings of its own site (contract/catalog-settings.ts): each command
 * goes to the site's `catalog-<siteId>` stream; the lists, odds books and live acceptance of that
 * site read it back through the catalog-settings read model.
 */
export const catalogSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: CatalogSettingsServices = { store: app.identity.store, pool: app.identity.pool, clock: app.identity.clock, siteCatalogs: app.siteCatalogs };
  const commands = new StreamCommands(services.store);

  const execute = async (request: FastifyRequest, command: CatalogCommand): Promise<CatalogState> => {
    const stream = catalogStream(command.siteId);
    const outcome = await commands.run(
      stream,
      catalogDecider,
      command,
      { actor: eventActor(request), correlationId: request.id, causationId: request.id, at: command.now, eventId: () => randomUUID() },
      undefined,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    const { state } = await commands.load(stream, catalogDecider);
    services.siteCatalogs.remember(command.siteId, new SiteCatalogView(state.entries, state.sportsbook));
    return state;
  };

  app.get(
    '/',
    {
      preParsing: requireRole('admin', 'operator', 'regulator'),
      schema: { tags: ['catalog-settings'], summary: "This site's catalog settings: configured entries and sportsbook settings", response: { 200: CatalogSettingsView, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const { state } = await commands.load(catalogStream(site.siteId), catalogDecider);
      const entries = Object.entries(state.entries).map(([composite, settings]) => {
        const separator = composite.indexOf(':');
        return entryView(composite.slice(0, separator) as CatalogEntryKind, composite.slice(separator + 1), settings);
      });
      return { siteId: site.siteId, entries, sportsbook: sportsbookView(state.sportsbook) };
    },
  );

  app.get(
    '/directory',
    {
      preParsing: requireRole('admin', 'operator', 'regulator'),
      schema: {
        tags: ['catalog-settings'],
        summary: "What there is to configure (sports, categories, tournaments, teams, markets, outcomes) with this site's setting of each; searched and paged",
        querystring: CatalogDirectoryQuery,
        response: { 200: CatalogDirectory, ...refusals },
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { state } = await commands.load(catalogStream(site.siteId), catalogDecider);
      const { kind, sportId, search, configured, limit, offset } = request.query;
      const settingsOf = (key: string) => state.entries[catalogEntryKey(kind, key)];
      const text = search ? search.toLocaleLowerCase('tr') : '';
      const sitePrefix = `${kind}:`;
      // Entries the site renamed so that the search finds them under the name its players see.
      const renamed = text
        ? Object.entries(state.entries)
            .filter(([composite, settings]) => composite.startsWith(sitePrefix) && Object.values(settings.names ?? {}).some((name) => name.toLocaleLowerCase('tr').includes(text)))
            .map(([composite]) => composite.slice(sitePrefix.length))
        : [];
      const configuredKeys = Object.keys(state.entries).filter((composite) => composite.startsWith(sitePrefix)).map((composite) => composite.slice(sitePrefix.length));
      const page =
        kind === 'category' || kind === 'tournament' || kind === 'team'
          ? await feedEntries(services.pool, kind, { sportId, search: text, renamed, only: configured ? configuredKeys : null, limit, offset })
          : productEntries(kind, { sportId, search: text, renamed, only: configured ? configuredKeys : null, limit, offset });
      return { items: page.items.map((item) => ({ ...entryView(kind, item.key, settingsOf(item.key) ?? {}), feedName: item.feedName, context: item.context, sportIds: item.sportIds })), total: page.total, limit, offset };
    },
  );

  app.put(
    '/entries/:kind/:key',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['catalog-settings'],
        summary: 'Enable or disable, order, rename (per language) a sport, category, tournament, team, market or outcome; a margin on a market',
        params: CatalogEntryParams,
        body: CatalogEntryChanges,
        response: { 200: CatalogEntryView, ...refusals },
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { kind, key } = request.params;
      const state = await execute(request, { type: 'ConfigureCatalogEntry', siteId: site.siteId, kind, key, changes: withoutUndefined(request.body), now: services.clock().toISOString() });
      return entryView(kind, key, state.entries[catalogEntryKey(kind, key)] ?? {});
    },
  );

  app.put(
    '/sportsbook',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['catalog-settings'],
        summary: 'matches_day, first_bulletin and the live acceptance delay per sport of this site',
        body: SportsbookChanges,
        response: { 200: SportsbookView, ...refusals },
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { liveDelays, ...rest } = request.body;
      const changes: Partial<SportsbookSettings> = { ...withoutUndefined(rest), ...(liveDelays ? { liveDelays: Object.fromEntries(Object.entries(liveDelays).map(([id, ms]) => [Number(id), ms])) } : {}) };
      const state = await execute(request, { type: 'ChangeSportsbookSettings', siteId: site.siteId, changes, now: services.clock().toISOString() });
      return sportsbookView(state.sportsbook);
    },
  );
};

type Localized = { tr: string; en: string };
type DirectoryEntry = Pick<CatalogDirectoryItem, 'key' | 'feedName' | 'context' | 'sportIds'>;
interface DirectoryFilter {
  readonly sportId: number | undefined;
  /** Lower-case text, or '' for none. */
  readonly search: string;
  /** Keys the site renamed to something the search matches. */
  readonly renamed: readonly string[];
  /** Only these keys (the site's configured ones), or null for all. */
  readonly only: readonly string[] | null;
  readonly limit: number;
  readonly offset: number;
}

/** The product's own tables: sports, and the market table with its outcomes, in the product's order. */
function productEntries(kind: 'sport' | 'market' | 'outcome', filter: DirectoryFilter): { items: DirectoryEntry[]; total: number } {
  const markets = MARKETS.filter((market) => filter.sportId === undefined || (market.sports as readonly number[]).includes(filter.sportId));
  const all: DirectoryEntry[] =
    kind === 'sport'
      ? SPORTS.filter((sport) => filter.sportId === undefined || sport.id === filter.sportId).map((sport) => ({ key: String(sport.id), feedName: { ...sport.name }, context: null, sportIds: [sport.id] }))
      : kind === 'market'
        ? markets.map((market) => ({ key: market.code, feedName: { ...market.name }, context: null, sportIds: [...market.sports] }))
        : markets.flatMap((market) => market.outcomes.map((outcome) => ({ key: `${market.code}|${outcome.code}`, feedName: { ...outcome.name }, context: { ...market.name }, sportIds: [...market.sports] })));
  const matches = (entry: DirectoryEntry) =>
    !filter.search ||
    filter.renamed.includes(entry.key) ||
    [entry.key, entry.feedName.tr, entry.feedName.en, entry.context?.tr ?? '', entry.context?.en ?? ''].some((name) => name.toLocaleLowerCase('tr').includes(filter.search));
  const listed = all.filter((entry) => matches(entry) && (filter.only === null || filter.only.includes(entry.key)));
  return { items: listed.slice(filter.offset, filter.offset + filter.limit), total: listed.length };
}

/** Columns of `catalog_matches` that name each feed entry, and what it sits in. */
const FEED_COLUMNS = {
  category: [['category_id', 'category_name', 'null::jsonb']],
  tournament: [['tournament_id', 'tournament_name', 'category_name']],
  team: [
    ['home_id', 'home', 'tournament_name'],
    ['away_id', 'away', 'tournament_name'],
  ],
} as const;

/** The categories, tournaments or teams the feed has sent (the catalog read model), by their latest names, sorted by name. */
async function feedEntries(pool: SqlPool, kind: 'category' | 'tournament' | 'team', filter: DirectoryFilter): Promise<{ items: DirectoryEntry[]; total: number }> {
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  const sport = filter.sportId !== undefined ? ` where sport_id = ${param(filter.sportId)}` : '';
  const sources = FEED_COLUMNS[kind].map(([key, name, context]) => `select ${key} as key, ${name} as name, ${context} as context, sport_id, starts_at from catalog_matches${sport}`).join(' union all ');
  const where: string[] = [];
  if (filter.search) {
    const like = param(`%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(lower(name->>'tr') like ${like} or lower(name->>'en') like ${like} or lower(key) like ${like} or key = any(${param(filter.renamed)}::text[]))`);
  }
  if (filter.only !== null) where.push(`key = any(${param(filter.only)}::text[])`);
  const { rows } = await pool.query<{ key: string; name: Localized; context: Localized | null; sport_ids: number[]; total: string }>(
    `with entries as (${sources}),
          latest as (
            select key, (array_agg(name order by starts_at desc))[1] as name, (array_agg(context order by starts_at desc))[1] as context,
                   array_agg(distinct sport_id order by sport_id) as sport_ids
              from entries group by key)
     select key, name, context, sport_ids, count(*) over () as total from latest
      ${where.length ? `where ${where.join(' and ')}` : ''}
      order by lower(name->>'tr'), key limit ${param(filter.limit)} offset ${param(filter.offset)}`,
    params,
  );
  return {
    items: rows.map((row) => ({ key: row.key, feedName: { tr: row.name.tr, en: row.name.en }, context: row.context ? { tr: row.context.tr, en: row.context.en } : null, sportIds: row.sport_ids.map(Number) })),
    total: Number(rows[0]?.total ?? 0),
  };
}

function entryView(kind: CatalogEntryKind, key: string, settings: CatalogEntrySettings): CatalogEntryView {
  return { kind, key, enabled: settings.enabled !== false, order: settings.order ?? null, names: { ...settings.names }, marginBp: settings.marginBp ?? null };
}

function sportsbookView(settings: SportsbookSettings): SportsbookView {
  return { matchesPerDay: settings.matchesPerDay, firstBulletinSize: settings.firstBulletinSize, liveDelays: Object.fromEntries(Object.entries(settings.liveDelays).map(([id, ms]) => [id, ms ?? 0])) };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
