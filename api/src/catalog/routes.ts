import { isSearchable, LIST_LIMITS, SPORT_IDS, VISIBILITY } from '@kupon/domain';
import { kyselyOver, type SqlPool } from '@kupon/eventstore';
import { CatalogQueries, liabilityOf, matchTimelineOf } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import { MatchTimeline } from '../contract/match-timeline';
import { MatchSchema } from './schemas';
import { ApiError } from '../http/api-error';
import { requireRole } from '../plugins/auth';
import type { SiteCatalogs } from '../live/site-catalogs';

export interface CatalogServices {
  readonly pool: SqlPool;
  readonly clock: () => Date;
  /** Each site's catalog settings; the lists show the asking site's catalog. */
  readonly siteCatalogs: SiteCatalogs;
}

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const DAY = 24 * 60 * 60_000;

const Lang = z.enum(['tr', 'en']).default('tr').describe('Language of names (tr default)');
const SportId = z.coerce
  .number()
  .int()
  .refine((id) => (SPORT_IDS as readonly number[]).includes(id), { message: 'unknownSport' })
  .describe('Spec §9 sport id');
const Day = z.iso.datetime({ offset: true, message: 'datetimeRequired' });
const KeyWord = z.string().max(50).refine(isSearchable, { message: 'searchKeywordTooShort|3' }).describe('More than 2 characters (§5)');
/** At most this many ids in one comma list (leagues picked at once, starred matches). */
export const ID_LIST_MAX = 50;
/** A comma list of ids (`a,b,c`): one id is a list of one; empty items are dropped. */
const IdList = (field: string) =>
  z
    .string()
    .max(ID_LIST_MAX * 101)
    .transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id.length > 0))])
    .refine((ids) => ids.length > 0 && ids.length <= ID_LIST_MAX && ids.every((id) => id.length <= 100), { message: `invalidField|${field}` });

const Counted = z.object({ id: z.string(), title: z.string(), matchCount: z.number().int() });
const TreeNode = z.object({
  id: z.number().int(),
  title: z.string(),
  listOrder: z.number().int(),
  status: z.number().int(),
  matchCount: z.number().int(),
  children: z.array(
    Counted.extend({
      listOrder: z.number().int(),
      children: z.array(Counted.extend({ listOrder: z.number().int(), children: z.array(z.never()) })),
    }),
  ),
});
const ResultSchema = z.object({
  id: z.string(),
  sportId: z.number().int(),
  tournamentName: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  matchDate: z.string(),
  result: z.unknown(),
  resultAt: z.string(),
});
const LiabilitySchema = z.object({
  openStake: z.number().int(),
  worstCase: z.number().int(),
  outcomes: z.array(
    z.object({ matchId: z.string(), market: z.string(), special: z.string(), outcome: z.string(), openStake: z.number().int(), potentialPayout: z.number().int(), coupons: z.number().int() }),
  ),
});

/**
 * Spec §7 content calls over the catalog read model: sports tree, categories, tournaments, matches,
 * first bulletin, match odds, results, search; and the staff's liability per match. §4 visibility
 * and §9 limits live in CatalogQueries; what the request's site offers, in its order, names and
 * prices, and its `matches_day` and `first_bulletin`, come from the site's catalog settings.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: CatalogServices = { pool: app.identity.pool, clock: app.identity.clock, siteCatalogs: app.siteCatalogs };
  const db = kyselyOver(services.pool);
  const queries = new CatalogQueries(db);
  const siteOf = (request: FastifyRequest) => services.siteCatalogs.of(request.site?.siteId);

  app.get('/sports', { schema: { tags: ['catalog'], summary: 'Sport tree with match counts', querystring: z.object({ lang: Lang }), response: { 200: z.array(TreeNode), ...refusals } } }, async (request) =>
    queries.sportsTree(services.clock(), request.query.lang, await siteOf(request)),
  );

  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Categories (countries) of a sport with matches between two dates',
        querystring: z.object({ sportId: SportId, startDate: Day.optional(), endDate: Day.optional(), lang: Lang }),
        response: { 200: z.array(Counted), ...refusals },
      },
    },
    async (request) => {
      const now = services.clock();
      const from = request.query.startDate ? new Date(request.query.startDate) : new Date(now.getTime() - VISIBILITY.prematchSuspendedGraceMs);
      const to = request.query.endDate ? new Date(request.query.endDate) : new Date(now.getTime() + VISIBILITY.upcomingDays * DAY);
      if (to < from) throw new ApiError(400, 'invalidField', 'endDate');
      return queries.categories(request.query.sportId, from, to, now, request.query.lang, await siteOf(request));
    },
  );

  app.get(
    '/tournaments',
    { schema: { tags: ['catalog'], summary: 'Tournaments of a category', querystring: z.object({ categoryId: z.string().min(1).max(100), lang: Lang }), response: { 200: z.array(Counted), ...refusals } } },
    async (request) => {
      const list = await queries.tournaments(request.query.categoryId, services.clock(), request.query.lang, await siteOf(request));
      if (list.length === 0) throw new ApiError(404, 'tournamentNotFound');
      return list;
    },
  );

  app.get(
    '/matches',
    {
      schema: {
        tags: ['catalog'],
        summary: "Pre-match matches by sport, category, tournament or keyword; sorted by date, at most 75, six days ahead, at most the site's matches_day a day",
        querystring: z.object({
          sportId: SportId.optional(),
          categoryId: z.string().max(100).optional(),
          tournamentId: IdList('tournamentId').optional().describe('One tournament, or several picked at once as a comma list (§7 multipleLeague), at most 50'),
          matchId: IdList('matchId').optional().describe('Only these matches, a comma list (a player\'s starred matches), at most 50'),
          keyWord: KeyWord.optional(),
          limit: z.coerce.number().int().min(1).max(LIST_LIMITS.matches).default(LIST_LIMITS.matches),
          days: z.coerce.number().int().min(1).max(VISIBILITY.upcomingDays).optional().describe('Upcoming days shown (six at most)'),
          lang: Lang,
        }),
        response: { 200: z.array(MatchSchema), ...refusals },
      },
    },
    async (request) => {
      const { lang, matchId, ...filter } = request.query;
      return queries.matches({ ...filter, ...(matchId ? { matchIds: matchId } : {}) }, services.clock(), lang, await siteOf(request));
    },
  );

  app.get(
    '/bulletin',
    {
      schema: {
        tags: ['catalog'],
        summary: "First bulletin: the next matches over every sport, as many as the site's first_bulletin (at most 200)",
        querystring: z.object({ lang: Lang }),
        response: { 200: z.array(MatchSchema), ...refusals },
      },
    },
    async (request) => queries.bulletin(services.clock(), request.query.lang, await siteOf(request)),
  );

  app.get(
    '/search',
    { schema: { tags: ['catalog'], summary: 'Match search (keyword longer than 2 characters)', querystring: z.object({ keyWord: KeyWord, lang: Lang }), response: { 200: z.array(MatchSchema), ...refusals } } },
    async (request) => queries.matches({ keyWord: request.query.keyWord }, services.clock(), request.query.lang, await siteOf(request)),
  );

  app.get(
    '/matches/:matchId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A match with its odds groups (passiveOdds: suspended and hidden ones too)',
        params: z.object({ matchId: z.string().min(1).max(100) }),
        querystring: z.object({ passiveOdds: z.stringbool().default(false), lang: Lang }),
        response: { 200: MatchSchema, ...refusals },
      },
    },
    async (request) => {
      const match = await queries.match(request.params.matchId, request.query.passiveOdds, request.query.lang, await siteOf(request));
      if (!match) throw new ApiError(404, 'matchNotFound', request.params.matchId);
      return match;
    },
  );

  app.get(
    '/matches/:matchId/timeline',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The live match tracker: scoreboard and incidents (goals, cards, corners, games, sets, periods) in order',
        params: z.object({ matchId: z.string().min(1).max(100) }),
        querystring: z.object({ lang: Lang }),
        response: { 200: MatchTimeline, ...refusals },
      },
    },
    async (request) => {
      const { matchId } = request.params;
      // The site's visibility rules are the match route's: a match it does not offer is not found.
      const match = await queries.match(matchId, false, request.query.lang, await siteOf(request));
      if (!match) throw new ApiError(404, 'matchNotFound', matchId);
      const timeline = await matchTimelineOf(db, matchId);
      return {
        matchId,
        sportId: match.sportId,
        homeTeam: match.homeTeam,
        awayTeam: match.awayTeam,
        scoreboard: timeline?.scoreboard ?? null,
        incidents: timeline?.incidents ?? [],
      };
    },
  );

  app.get(
    '/results',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Match results between two dates, at most 50',
        querystring: z.object({
          startDate: Day.optional(),
          endDate: Day.optional(),
          limit: z.coerce.number().int().min(1).max(LIST_LIMITS.results).default(LIST_LIMITS.results),
          order: z.enum(['asc', 'desc']).default('desc'),
          lang: Lang,
        }),
        response: { 200: z.array(ResultSchema), ...refusals },
      },
    },
    async (request) => {
      const now = services.clock();
      const to = request.query.endDate ? new Date(request.query.endDate) : now;
      const from = request.query.startDate ? new Date(request.query.startDate) : new Date(to.getTime() - DAY);
      if (to < from) throw new ApiError(400, 'invalidField', 'endDate');
      return queries.results(from, to, request.query.limit, request.query.order, request.query.lang, await siteOf(request));
    },
  );

  app.get(
    '/liability/:matchId',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['catalog'], summary: 'Open stake and potential payout per outcome of a match (staff)', params: z.object({ matchId: z.string().min(1).max(100) }), response: { 200: LiabilitySchema, ...refusals } },
    },
    async (request) => liabilityOf(db, request.params.matchId),
  );
};
