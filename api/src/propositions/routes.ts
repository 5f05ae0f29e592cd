import {
  type Lang,
  localizedText,
  type Proposition,
  type PropositionCatalogFacts,
  type PropositionCommand,
  propositionDecider,
  type PropositionState,
  propositionStream,
} from '@kupon/domain';
import { kyselyOver } from '@kupon/eventstore';
import { CatalogQueries, type MatchView } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import {
  PropositionBody,
  PropositionLangQuery,
  PropositionOrderBody,
  PropositionParams,
  type PublicProposition,
  PublicPropositions,
  type StaffProposition,
  StaffPropositions,
} from '../contract/propositions';
import { refusal, registerErrorStatuses } from '../http/api-error';
import type { SiteCatalogs } from '../live/site-catalogs';
import { type MoneyServices, requestMeta } from '../payments/money';
import { actorOf, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';

registerErrorStatuses({ propositionNotFound: 404, propositionExists: 409, propositionDuplicate: 409, propositionLimit: 409, matchNotUpcoming: 422 });

export type PropositionServices = MoneyServices & { readonly siteCatalogs: SiteCatalogs };

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const catalogLang = (lang: string): Lang => (lang === 'en' ? 'en' : 'tr');

/** A proposition against its match as the catalog read model has it now (every market, hidden ones too). */
function priced(proposition: Proposition, match: MatchView | undefined, now: Date) {
  const group = match?.odds.find((g) => g.oddsid === `${proposition.marketId}|${proposition.special}`);
  const odd = group?.odds.find((o) => o.outcomeid === proposition.outcomeId);
  // §4 as the catalog applies it: a started, ended or stopped match, a suspended, inactive or hidden market, an inactive outcome are not offered.
  const shown =
    match !== undefined &&
    match.matchstatus === 'not_started' &&
    Date.parse(match.matchDate) > now.getTime() &&
    match.betstatus === 'open' &&
    group !== undefined &&
    group.active === 1 &&
    group.iss === 0 &&
    group.isv === 1 &&
    odd !== undefined &&
    odd.active === 1;
  return { match, group, odd, shown };
}

/** The picked match's markets and outcomes, for the decider to check the pick against. */
function factsOf(match: MatchView | undefined): PropositionCatalogFacts {
  if (!match) return { match: null };
  return {
    match: {
      status: match.matchstatus,
      startsAt: match.matchDate,
      markets: match.odds.map((g) => ({ marketId: g.oddsid.split('|')[0] ?? '', special: g.special, outcomeIds: g.odds.map((o) => o.outcomeid) })),
    },
  };
}

function propositionsOver(services: PropositionServices) {
  const queries = new CatalogQueries(kyselyOver(services.pool));
  const state = async (siteId: string): Promise<PropositionState> => (await services.commands.load(propositionStream(siteId), propositionDecider)).state;
  /** Each proposition with its match, one catalog read per distinct match (a home page list holds at most 20). */
  const withMatches = async (request: FastifyRequest, lang: Lang) => {
    const siteId = siteOf(request).siteId;
    const site = await services.siteCatalogs.of(siteId);
    const { propositions } = await state(siteId);
    const matches = new Map<string, MatchView | undefined>();
    for (const matchId of new Set(propositions.map((p) => p.matchId))) matches.set(matchId, await queries.match(matchId, true, lang, site));
    const now = services.clock();
    return propositions.map((proposition) => ({ proposition, ...priced(proposition, matches.get(proposition.matchId), now) }));
  };
  return { queries, withMatches };
}

/** `GET /content/propositions`: the site's proposed bets at the current odds (contract/propositions.ts). */
export const propositionRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: PropositionServices = { ...app.money, siteCatalogs: app.siteCatalogs };
  const { withMatches } = propositionsOver(services);

  app.get(
    '/',
    { schema: { tags: ['content'], summary: "matchProposition: the operator's proposed bets still on offer, in order, at the current odds", querystring: PropositionLangQuery, response: { 200: PublicPropositions, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const lang = request.query.lang ?? site.settings.defaultLang;
      const listed = await withMatches(request, catalogLang(lang));
      const propositions: PublicProposition[] = listed.flatMap(({ proposition: p, match, group, odd, shown }) =>
        shown && match && group && odd
          ? [
              {
                id: p.id,
                note: localizedText(p.notes, lang, site.settings.defaultLang),
                matchId: p.matchId,
                sportId: match.sportId,
                sportName: match.sportName,
                tournamentName: match.tournamentName,
                homeTeam: match.homeTeam,
                awayTeam: match.awayTeam,
                matchDate: match.matchDate,
                marketId: p.marketId,
                special: p.special,
                typeName: group.typename,
                outcomeId: p.outcomeId,
                outcome: odd.outcome,
                odd: odd.odd,
              },
            ]
          : [],
      );
      return { propositions };
    },
  );
};

/**
 * `/content-settings/propositions`: staff add (checked against the catalog), reorder and remove the
 * site's proposed bets, each a command on `proposition-<siteId>`. Admin and operator change; the
 * regulator reads.
 */
export const propositionSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: PropositionServices = { ...app.money, siteCatalogs: app.siteCatalogs };
  const { queries, withMatches } = propositionsOver(services);

  const list = async (request: FastifyRequest, lang: string | undefined) => {
    const listed = await withMatches(request, catalogLang(lang ?? siteOf(request).settings.defaultLang));
    const propositions: StaffProposition[] = listed.map(({ proposition: p, match, group, odd, shown }) => ({
      ...p,
      notes: { ...p.notes },
      match: match ? { homeTeam: match.homeTeam, awayTeam: match.awayTeam, matchDate: match.matchDate, sportName: match.sportName, tournamentName: match.tournamentName } : null,
      typeName: group?.typename ?? null,
      outcome: odd?.outcome ?? null,
      odd: odd?.odd ?? null,
      shown,
    }));
    return { propositions };
  };

  const execute = async (request: FastifyRequest, command: PropositionCommand, facts?: PropositionCatalogFacts) => {
    const outcome = await services.commands.run(propositionStream(command.siteId), propositionDecider, command, requestMeta(request, request.id, 'proposition', services.clock()), facts);
    if (!outcome.ok) throw refusal(outcome.error);
  };

  const staff = (request: FastifyRequest) => ({ siteId: siteOf(request).siteId, byUserId: actorOf(request).userId, now: services.clock().toISOString() });

  app.get(
    '/',
    { preParsing: requireRole('admin', 'operator', 'regulator'), schema: { tags: ['content-settings'], summary: "This site's proposed bets in order, with their match and price now", querystring: PropositionLangQuery, response: { 200: StaffPropositions, ...refusals } } },
    async (request) => list(request, request.query.lang),
  );

  app.post(
    '/',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['content-settings'], summary: 'Propose a selection of an upcoming match (added last)', querystring: PropositionLangQuery, body: PropositionBody, response: { 200: StaffPropositions, ...refusals } },
    },
    async (request) => {
      const proposition: Proposition = request.body;
      const site = await services.siteCatalogs.of(siteOf(request).siteId);
      const match = await queries.match(proposition.matchId, true, 'tr', site);
      await execute(request, { type: 'AddProposition', ...staff(request), proposition }, factsOf(match));
      return list(request, request.query.lang);
    },
  );

  app.put(
    '/order',
    { preParsing: requireRole('admin', 'operator'), schema: { tags: ['content-settings'], summary: 'Put the proposed bets in a new order (every id once)', querystring: PropositionLangQuery, body: PropositionOrderBody, response: { 200: StaffPropositions, ...refusals } } },
    async (request) => {
      await execute(request, { type: 'ReorderPropositions', ...staff(request), ids: request.body.ids });
      return list(request, request.query.lang);
    },
  );

  app.delete(
    '/:id',
    { preParsing: requireRole('admin', 'operator'), schema: { tags: ['content-settings'], summary: 'Take a proposed bet off the site', params: PropositionParams, querystring: PropositionLangQuery, response: { 200: StaffPropositions, ...refusals } } },
    async (request) => {
      await execute(request, { type: 'RemoveProposition', ...staff(request), id: request.params.id });
      return list(request, request.query.lang);
    },
  );
};
