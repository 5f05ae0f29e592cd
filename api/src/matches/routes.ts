import { StreamCommands } from '@kupon/commands';
import { FINISHED_STATUSES, isMarketCode, marketByCode, type MatchCommand, matchDecider, type MatchResult, matchStream, type OpenMatch } from '@kupon/domain';
import type { EventStore, SqlPool } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { v5 as uuidv5 } from 'uuid';
import { ErrorBody } from '../contract/identity';
import {
  CancelBetsRequest,
  MatchIdParams,
  MatchList,
  MatchListQuery,
  MatchResultRequest,
  MatchRow,
  RollBackSettlementRequest,
} from '../contract/match-results';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import { eventActor } from '../identity/views';
import { actorOf, requireRole } from '../plugins/auth';

export interface MatchResultServices {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly clock: () => Date;
}

/** uuid v5 namespace of the event ids of results entered by staff (a retried request appends nothing). */
export const STAFF_RESULT_NAMESPACE = '0b7d6a4e-3f1c-4c55-9d38-6e2a1f9c4b70';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

registerErrorStatuses({ matchNotFound: 404, resultAlreadyRecorded: 409, resultNotRecorded: 409, badCancelWindow: 400 });

/** A result that says the match was played (in full or in part) cannot come before its kick-off. */
const PLAYED: readonly MatchResult['status'][] = ['in_play', 'interrupted', 'completed', 'abandoned'];

/**
 * Match results entered by site staff (issue 8): the same `RecordResult` / `CorrectResult` commands
 * the odds feed sends (api/src/feed/ingest.ts) on the shared `match-…` stream, so the settlement
 * reactor settles every coupon on the match and a correction resettles by the difference. Matches are
 * one catalog for every brand (the feed's), so the result an admin or operator of any site enters is
 * the match's result everywhere; the event's actor says who entered it, from which address.
 */
export const matchResultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { store, pool, clock }: MatchResultServices = app.identity;
  const commands = new StreamCommands(store);

  const openMatch = async (matchId: string): Promise<OpenMatch> => {
    const { state } = await commands.load(matchStream(matchId), matchDecider);
    if (state.status !== 'open') throw new ApiError(404, 'matchNotFound', matchId);
    return state;
  };

  /**
   * One staff command on the match stream, with event ids from the staff member and the request id
   * (a retried request appends nothing); answers with the match as its stream now stands.
   */
  const run = async (request: FastifyRequest, requestId: string, command: Exclude<MatchCommand, { type: 'CreateFixture' | 'ChangeFixture' }>) => {
    const actor = actorOf(request);
    const outcome = await commands.run(
      matchStream(command.matchId),
      matchDecider,
      command,
      {
        actor: eventActor(request),
        correlationId: request.id,
        causationId: request.id,
        at: command.now,
        eventId: (index) => uuidv5(`${actor.userId}|${requestId}|${command.type}|${index}`, STAFF_RESULT_NAMESPACE),
      },
      undefined,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    const after = await openMatch(command.matchId);
    const recordedNow = outcome.events.some((event) => event.type === 'ResultRecorded' || event.type === 'ResultCorrected');
    return rowOf(after, recordedNow ? command.now : await resultAt(pool, command.matchId));
  };

  /** Records or corrects, then answers with the match as its stream now stands. */
  const enter = async (request: FastifyRequest, matchId: string, body: MatchResultRequest, type: 'RecordResult' | 'CorrectResult') => {
    const { requestId, result } = body;
    const match = await openMatch(matchId);
    const now = clock().toISOString();
    if (PLAYED.includes(result.status) && Date.parse(match.fixture.startsAt) > Date.parse(now)) throw new ApiError(422, 'matchNotStarted', matchId);
    return run(request, requestId, { type, matchId, result: result as MatchResult, now });
  };

  app.get(
    '/',
    {
      preParsing: requireRole('admin', 'operator', 'regulator'),
      schema: { tags: ['match results'], summary: 'Matches awaiting a result (past kick-off or finished, none recorded), with one, or all; paged', querystring: MatchListQuery, response: { 200: MatchList, ...refusals } },
    },
    async (request) => {
      const { state, sportId, search, limit, offset } = request.query;
      const where: string[] = [];
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      if (state === 'awaiting') where.push(`result is null and (finished or starts_at <= ${param(clock().toISOString())}::timestamptz)`);
      if (state === 'recorded') where.push('result is not null');
      if (sportId !== undefined) where.push(`sport_id = ${param(sportId)}`);
      if (search?.trim()) where.push(`search_text like ${param(`%${search.trim().toLocaleLowerCase('tr')}%`)}`);
      const order = { awaiting: 'starts_at asc, match_id', recorded: 'result_at desc, match_id', all: 'starts_at desc, match_id' }[state];
      const { rows } = await pool.query<Record<string, unknown>>(
        `select match_id, sport_id, category_name, tournament_name, home, away, starts_at, status, finished, scoreboard, result, result_at, count(*) over () as total
           from catalog_matches ${where.length ? `where ${where.join(' and ')}` : ''}
          order by ${order} limit ${limit} offset ${offset}`,
        params,
      );
      return { matches: rows.map(listedRow), total: Number(rows[0]?.total ?? 0), limit, offset };
    },
  );

  app.get(
    '/:matchId',
    {
      preParsing: requireRole('admin', 'operator', 'regulator'),
      schema: { tags: ['match results'], summary: 'One match: fixture, scoreboard and the result in force', params: MatchIdParams, response: { 200: MatchRow, ...refusals } },
    },
    async (request) => rowOf(await openMatch(request.params.matchId), await resultAt(pool, request.params.matchId)),
  );

  app.post(
    '/:matchId/result',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['match results'],
        summary: 'Record the result by period (goals, corners, cards; sets and games): the coupons on the match settle',
        params: MatchIdParams,
        body: MatchResultRequest,
        response: { 200: MatchRow, ...refusals },
      },
    },
    async (request) => enter(request, request.params.matchId, request.body, 'RecordResult'),
  );

  app.put(
    '/:matchId/result',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['match results'],
        summary: 'Correct the recorded result: the coupons on the match resettle, moving only the difference',
        params: MatchIdParams,
        body: MatchResultRequest,
        response: { 200: MatchRow, ...refusals },
      },
    },
    async (request) => enter(request, request.params.matchId, request.body, 'CorrectResult'),
  );

  app.post(
    '/:matchId/bet-cancellations',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['match results'],
        summary: 'Bet cancel: void the selections on the match placed in a time window (on some markets or all); singles are refunded, decided coupons resettle',
        params: MatchIdParams,
        body: CancelBetsRequest,
        response: { 200: MatchRow, ...refusals },
      },
    },
    async (request) => {
      const { matchId } = request.params;
      const { requestId, from, to, markets, reason } = request.body;
      const match = await openMatch(matchId);
      // The decider knows every market code; a market its sport never offers would cancel nothing, unnoticed.
      const foreign = markets?.find((code) => !isMarketCode(code) || !marketByCode(code).sports.includes(match.fixture.sportId));
      if (foreign) throw new ApiError(422, 'unknownMarket', foreign);
      const now = clock().toISOString();
      // The feed names a cancellation by its message id; staff's is the request's, so a retry cancels once.
      const cancellationId = uuidv5(`${actorOf(request).userId}|${requestId}|cancellation`, STAFF_RESULT_NAMESPACE);
      return run(request, requestId, { type: 'CancelBets', matchId, cancellationId, from, to, markets, reason, now });
    },
  );

  app.post(
    '/:matchId/settlement-rollback',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: {
        tags: ['match results'],
        summary: 'Settlement rollback: withdraw the result in force; the selections it settled reopen and their payouts are taken back until a new result',
        params: MatchIdParams,
        body: RollBackSettlementRequest,
        response: { 200: MatchRow, ...refusals },
      },
    },
    async (request) => {
      const { matchId } = request.params;
      const match = await openMatch(matchId);
      if (match.result === null) throw new ApiError(409, 'resultNotRecorded');
      return run(request, request.body.requestId, { type: 'RollBackSettlement', matchId, now: clock().toISOString() });
    },
  );
};

async function resultAt(pool: SqlPool, matchId: string): Promise<string | null> {
  const { rows } = await pool.query<{ result_at: Date | string | null }>('select result_at from catalog_matches where match_id = $1', [matchId]);
  const at = rows[0]?.result_at;
  return at ? new Date(at).toISOString() : null;
}

function rowOf(match: OpenMatch, resultAt: string | null): MatchRow {
  const f = match.fixture;
  return {
    matchId: f.matchId,
    sportId: f.sportId,
    category: f.category.name,
    tournament: f.tournament.name,
    home: f.home.name,
    away: f.away.name,
    startsAt: f.startsAt,
    status: match.scoreboard.status,
    finished: FINISHED_STATUSES.includes(match.scoreboard.status),
    scoreboard: { score: match.scoreboard.score, periods: [...match.scoreboard.periods], cards: match.scoreboard.cards, corners: match.scoreboard.corners },
    result: match.result as MatchRow['result'],
    resultAt: match.result ? resultAt : null,
  };
}

function listedRow(row: Record<string, unknown>): MatchRow {
  return {
    matchId: String(row.match_id),
    sportId: Number(row.sport_id),
    category: row.category_name as MatchRow['category'],
    tournament: row.tournament_name as MatchRow['tournament'],
    home: row.home as MatchRow['home'],
    away: row.away as MatchRow['away'],
    startsAt: new Date(row.starts_at as string).toISOString(),
    status: String(row.status),
    finished: Boolean(row.finished),
    scoreboard: (row.scoreboard as MatchRow['scoreboard']) ?? null,
    result: (row.result as MatchRow['result']) ?? null,
    resultAt: row.result_at ? new Date(row.result_at as string).toISOString() : null,
  };
}
