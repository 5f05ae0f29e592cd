import { isSearchable, LIST_LIMITS, SPORT_IDS } from '@kupon/domain';
import { kyselyOver, type SqlPool } from '@kupon/eventstore';
import { CatalogQueries } from '@kupon/projections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import { ApiError } from '../http/api-error';
import { fixtureFields, type LiveOddsBook, matchFields, oddsLines } from './odds-book';
import { MatchSchema } from '../catalog/schemas';
import { placeOfFixture, type SiteCatalogs, siteOddsLines } from './site-catalogs';

export interface LiveRouteServices {
  readonly pool: SqlPool;
  readonly clock: () => Date;
  /** The process's odds book; without one, match odds come from the read model. */
  readonly book?: LiveOddsBook | null;
  /** Each site's catalog settings: the live list and odds show the asking site's catalog. */
  readonly siteCatalogs: SiteCatalogs;
}

const refusals = { 400: ErrorBody, 404: ErrorBody };
const Lang = z.enum(['tr', 'en']).default('tr');

const LiveListSchema = z.object({
  matches: z.array(
    MatchSchema.extend({
      remainingMinutes: z.number().int().nullable().describe('§4: minutes before a match that has not started leaves the live lists (counted down by the client each minute, gone at 0); null once in play'),
    }),
  ),
  sports: z.array(z.object({ sportId: z.number().int(), sportName: z.string(), liveCount: z.number().int(), inPlay: z.number().int() })),
});

const LiveOddsSchema = z.object({
  matchid: z.string(),
  seq: z.number().int().describe('Match stream revision: the /live socket continues from here'),
  match: z.record(z.string(), z.unknown()),
  odds: z.array(z.tuple([z.number().int(), z.string(), z.string(), z.number().int(), z.number().int()])).describe('[oddstypeid, outcome, special, status (1 open, 0 suspended, -1 hidden), odd]'),
});

/** Spec §7 live calls: the live list (lives3: limit 400, per sport counts, in play) and one match's live odds (liveodds). */
export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: LiveRouteServices = { pool: app.identity.pool, clock: app.identity.clock, book: app.liveBook, siteCatalogs: app.siteCatalogs };
  const queries = new CatalogQueries(kyselyOver(services.pool));

  app.get(
    '/',
    {
      schema: {
        tags: ['live'],
        summary: 'Live list: matches in play or about to start, at most 400, with per-sport counts',
        querystring: z.object({
          sportId: z.coerce
            .number()
            .int()
            .refine((id) => (SPORT_IDS as readonly number[]).includes(id), { message: 'unknownSport' })
            .optional(),
          keyWord: z.string().max(50).refine(isSearchable, { message: 'searchKeywordTooShort|3' }).optional(),
          limit: z.coerce.number().int().min(1).max(LIST_LIMITS.live).default(LIST_LIMITS.live),
          lang: Lang,
        }),
        response: { 200: LiveListSchema, ...refusals },
      },
    },
    async (request) => {
      const { lang, ...filter } = request.query;
      return queries.live(filter, services.clock(), lang, await services.siteCatalogs.of(request.site?.siteId));
    },
  );

  app.get(
    '/matches/:matchId/odds',
    {
      schema: {
        tags: ['live'],
        summary: "One match's scoreboard and every odd, as the /live snapshot frame carries them",
        params: z.object({ matchId: z.string().min(1).max(100) }),
        querystring: z.object({ lang: Lang }),
        response: { 200: LiveOddsSchema, ...refusals },
      },
    },
    async (request) => {
      const match = services.book?.get(request.params.matchId);
      const site = await services.siteCatalogs.of(request.site?.siteId);
      if (!match || !site.offers(placeOfFixture(match.fixture))) throw new ApiError(404, 'matchNotFound', request.params.matchId);
      return {
        matchid: match.matchId,
        seq: match.revision,
        match: { ...fixtureFields(match.fixture, request.query.lang), ...matchFields(match), result: match.resultRecorded },
        odds: siteOddsLines(
          [...match.markets.values()].flatMap((m) => oddsLines(m)),
          site,
        ),
      };
    },
  );
};
