import { randomUUID } from 'node:crypto';
import {
  type CatalogCommand,
  catalogDecider,
  type CatalogEntryKind,
  type CatalogEntrySettings,
  type CatalogEvent,
  type CatalogState,
  catalogEntryKey,
  catalogStream,
  SiteCatalogView,
  type SportsbookSettings,
} from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CommandHandler } from '../commands/command-handler';
import { CatalogEntryChanges, CatalogEntryParams, CatalogEntryView, CatalogSettingsView, SportsbookChanges, SportsbookView } from '../contract/catalog-settings';
import { ErrorBody } from '../contract/identity';
import { refusal } from '../http/api-error';
import { eventActor } from '../identity/views';
import type { SiteCatalogs } from '../live/site-catalogs';
import { requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

export interface CatalogSettingsServices {
  readonly store: EventStore;
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
export const catalogSettingsRoutes: FastifyPluginAsyncZod<CatalogSettingsServices> = async (app, services) => {
  const handler = new CommandHandler<CatalogState, CatalogCommand, CatalogEvent, undefined>(services.store, catalogDecider);

  const execute = async (request: FastifyRequest, command: CatalogCommand): Promise<CatalogState> => {
    const stream = catalogStream(command.siteId);
    const outcome = await handler.handle(
      stream,
      { command, actor: eventActor(request), correlationId: request.id, causationId: request.id, at: command.now, eventId: () => randomUUID() },
      () => undefined,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    const { state } = await handler.load(stream);
    services.siteCatalogs.remember(command.siteId, new SiteCatalogView(state.entries, state.sportsbook));
    return state;
  };

  app.get(
    '/',
    {
      preHandler: requireRole('admin', 'operator', 'regulator'),
      schema: { tags: ['catalog-settings'], summary: "This site's catalog settings: configured entries and sportsbook settings", response: { 200: CatalogSettingsView, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const { state } = await handler.load(catalogStream(site.siteId));
      const entries = Object.entries(state.entries).map(([composite, settings]) => {
        const separator = composite.indexOf(':');
        return entryView(composite.slice(0, separator) as CatalogEntryKind, composite.slice(separator + 1), settings);
      });
      return { siteId: site.siteId, entries, sportsbook: sportsbookView(state.sportsbook) };
    },
  );

  app.put(
    '/entries/:kind/:key',
    {
      preHandler: requireRole('admin', 'operator'),
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
      preHandler: requireRole('admin', 'operator'),
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

function entryView(kind: CatalogEntryKind, key: string, settings: CatalogEntrySettings): CatalogEntryView {
  return { kind, key, enabled: settings.enabled !== false, order: settings.order ?? null, names: { ...settings.names }, marginBp: settings.marginBp ?? null };
}

function sportsbookView(settings: SportsbookSettings): SportsbookView {
  return { matchesPerDay: settings.matchesPerDay, firstBulletinSize: settings.firstBulletinSize, liveDelays: Object.fromEntries(Object.entries(settings.liveDelays).map(([id, ms]) => [id, ms ?? 0])) };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
