import { type RecordedEvent, streamCategory, type VerifyReport } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EventLogPage,
  EventLogQuery,
  type StoredEvent,
  StreamEvents,
  StreamNameParams,
  StreamQuery,
  VerifyQuery,
  VerifyReportView,
} from '../contract/event-log';
import { ErrorBody } from '../contract/identity';
import { type ExportHeader, ExportQuery } from '../contract/reports';
import { ApiError } from '../http/api-error';
import { actorOf, requireRole } from '../plugins/auth';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Streams every brand shares: the odds feed's matches are one catalog for all sites. */
const SHARED_CATEGORIES = ['match'];

const UUID_TEXT = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;
const UUID = `'${UUID_TEXT.source}'`;
/** `text` as a uuid when it is one (users.user_id is uuid; actor ids may be `system`, `anonymous`…), else null. */
const asUuid = (text: string) => `(case when ${text} ~ ${UUID} then (${text})::uuid end)`;

/**
 * The site a stream belongs to, as SQL over the read models, from its name alone: `site-<site>`,
 * `unique-<site>-…`, and the owner row of `user-`, `wallet-`, `transfer-`, `coupon-`, `contact-` streams. Null for
 * shared streams (`match-`) and for a stream whose owner row is not projected yet.
 */
function streamSiteSql(stream: string, category: string): string {
  const id = `substr(${stream}, length(${category}) + 2)`;
  return `(case ${category}
    when 'site' then ${id}
    when 'unique' then split_part(${stream}, '-', 2)
    when 'user' then (select u.site_id from users u where u.user_id = ${asUuid(id)})
    when 'wallet' then (select w.site_id from wallet_balances w where w.account_id = ${id})
    when 'transfer' then (select t.site_id from transfers t where t.transfer_id = ${id})
    when 'coupon' then (select w.site_id from coupons c join wallet_balances w on w.account_id = c.user_id where c.coupon_id = ${id})
    when 'contact' then (select m.site_id from contact_messages m where m.message_id = ${id})
  end)`;
}

/** The site of the user who caused an event; null for `system`, `anonymous`, the feed. */
const actorSiteSql = (actorUserId: string) => `(select u.site_id from users u where u.user_id = ${asUuid(actorUserId)})`;

/**
 * The regulator's window on the event log (issue 4: "read-only: event log and reports"), for the
 * site-wide staff that answer for a brand: admin, operator, regulator.
 *
 * Brands: neither the `event_log` read model nor the event metadata carries a site (metadata names
 * the actor's user id, role and address only). So a row's site is derived here: from the stream's
 * owner (streamSiteSql) and, when the stream names none, from the actor's account. A row is shown
 * when that site is the caller's, or when it has no site at all and its stream is a shared one (the
 * match catalog, written by the feed). Anything unresolved otherwise stays hidden: a missed row is
 * better than another brand's. A `site_id` column in the read model (an event-log v2 filled at apply
 * time) would turn this per-row lookup into an index condition.
 */
export const eventLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { pool, store } = app.identity;
  app.addHook('preParsing', requireRole('admin', 'operator', 'regulator'));

  const rowSite = `coalesce(${streamSiteSql('l.stream_name', 'l.category')}, ${actorSiteSql('l.actor_user_id')})`;
  // A row without a site counts as the caller's when its stream is shared.
  const visibleRow = `coalesce(${rowSite}, case when l.category = any($2::text[]) then $1::text end) = $1::text`;

  /** Whether the caller's site may read `streamName`: its owner's site, else the sites of the actors the log recorded for it. */
  const streamVisible = async (siteId: string, streamName: string): Promise<boolean> => {
    const category = streamCategory(streamName);
    if (SHARED_CATEGORIES.includes(category)) return true;
    const { rows } = await pool.query<{ owner: string | null; actors_mine: boolean | null }>(
      `select ${streamSiteSql('$1::text', '$2::text')} as owner,
              (select count(a.site) > 0 and coalesce(bool_and(a.site = $3::text), false)
                 from (select ${actorSiteSql('l.actor_user_id')} as site from event_log l where l.stream_name = $1::text) a) as actors_mine`,
      [streamName, category, siteId],
    );
    const row = rows[0];
    if (row?.owner) return row.owner === siteId;
    return row?.actors_mine === true;
  };

  const readable = async (request: FastifyRequest, streamName: string) => {
    if (!(await streamVisible(actorOf(request).siteId, streamName))) throw new ApiError(403, 'thisOperatorNotYour');
  };

  app.get('/', { schema: { tags: ['events'], summary: 'The event log of my site, newest first (event-log read model)', querystring: EventLogQuery, response: { 200: EventLogPage, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const { category, type, stream, actorUserId, from, to, before, limit } = request.query;
    const [beforeCommit, beforePrepare] = before ? before.split(':') : [null, null];
    const { rows } = await pool.query<Record<string, unknown>>(
      `select l.event_id, l.position_commit::text as position_commit, l.position_prepare::text as position_prepare, l.stream_name,
              l.stream_revision::text as stream_revision, l.category, l.event_type, l.actor_user_id, l.actor_role, l.actor_ip,
              l.correlation_id, l.causation_id, l.at
         from event_log l
        where ($3::text is null or l.category = $3)
          and ($4::text is null or l.event_type = $4)
          and ($5::text is null or l.stream_name = $5)
          and ($6::text is null or l.actor_user_id = $6)
          and ($7::timestamptz is null or l.at >= $7)
          and ($8::timestamptz is null or l.at < $8)
          and ($9::numeric is null or (l.position_commit, l.position_prepare) < ($9::numeric, $10::numeric))
          and ${visibleRow}
        order by l.position_commit desc, l.position_prepare desc
        limit ${limit}`,
      [actor.siteId, SHARED_CATEGORIES, category ?? null, type ?? null, stream ?? null, actorUserId ?? null, from ?? null, to ?? null, beforeCommit, beforePrepare],
    );
    const entries = rows.map((row) => ({
      eventId: String(row.event_id),
      streamName: String(row.stream_name),
      streamRevision: String(row.stream_revision),
      category: String(row.category),
      type: String(row.event_type),
      position: { commit: String(row.position_commit), prepare: String(row.position_prepare) },
      actor: { userId: String(row.actor_user_id), role: String(row.actor_role), ip: (row.actor_ip as string | null) ?? null },
      correlationId: String(row.correlation_id),
      causationId: String(row.causation_id),
      at: new Date(row.at as string).toISOString(),
    }));
    const last = entries.at(-1);
    return { entries, nextBefore: entries.length === limit && last ? `${last.position.commit}:${last.position.prepare}` : null };
  });

  app.get(
    '/streams/:streamName',
    { schema: { tags: ['events'], summary: "One stream's events in order, from the event store: data, metadata (actor, ip) and the hash chain", params: StreamNameParams, querystring: StreamQuery, response: { 200: StreamEvents, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { streamName } = request.params;
      const { fromRevision, limit } = request.query;
      await readable(request, streamName);
      // One more than asked: whether a next page exists.
      const events = await store.readStream(streamName, { fromRevision: BigInt(fromRevision), maxCount: limit + 1 });
      if (events.length === 0 && fromRevision === 0) throw new ApiError(404, 'noSuchStream');
      const page = events.slice(0, limit);
      const foreign = await foreignActors(page, actor.siteId);
      return {
        streamName,
        events: page.map((event) => storedEvent(event, foreign.has(event.metadata.actor.userId))),
        nextFromRevision: events.length > limit ? events[limit]!.streamRevision.toString() : null,
      };
    },
  );

  app.get('/verify', { schema: { tags: ['events'], summary: "Checks the hash chain of one stream (stream=…) or of the whole store", querystring: VerifyQuery, response: { 200: VerifyReportView, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const { stream } = request.query;
    if (stream) {
      await readable(request, stream);
      return reportView('stream', await store.verifyStream(stream), true);
    }
    // The whole store spans every brand: the counts are the store's; a failure is named only to its own site.
    const report = await store.verifyAll();
    return reportView('all', report, report.firstFailure ? await streamVisible(actor.siteId, report.firstFailure.streamName) : true);
  });

  app.get(
    '/export',
    {
      schema: {
        tags: ['events'],
        summary: 'Download a stream (stream=…) or a time range (from, to) as JSON lines with its hashes; `npm run verify-export -- file.jsonl` re-checks it offline',
        querystring: ExportQuery,
        produces: ['application/x-ndjson'],
        response: { 200: z.string().describe('a header line, then one stored event per line'), ...refusals },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { stream, from, to } = request.query;
      let events: RecordedEvent[];
      if (stream) {
        await readable(request, stream);
        events = [];
        for (let fromRevision = 0n; ; ) {
          const page = await store.readStream(stream, { fromRevision, maxCount: EXPORT_PAGE });
          events.push(...page);
          if (page.length < EXPORT_PAGE) break;
          fromRevision = page.at(-1)!.streamRevision + 1n;
        }
        if (events.length === 0) throw new ApiError(404, 'noSuchStream');
      } else {
        if (!from && !to) throw new ApiError(400, 'isRequiredArea|stream');
        events = await rangeEvents(actor.siteId, from ?? null, to ?? null);
      }
      const foreign = await foreignActors(events, actor.siteId);
      const header: ExportHeader = {
        kind: 'kupon-event-export',
        version: 1,
        scope: stream ? 'stream' : 'range',
        stream: stream ?? null,
        from: from ?? null,
        to: to ?? null,
        siteId: actor.siteId,
        exportedAt: new Date().toISOString(),
        exportedBy: actor.userId,
        events: events.length,
        hashRule: 'hash = sha256(canonical JSON of [prevHash, id, type, data, metadata without prevHash and hash]); canonical: keys sorted, no whitespace; prevHash of a stream\'s first event is 64 zeros',
      };
      const lines = [JSON.stringify(header), ...events.map((event) => JSON.stringify(exportedEvent(event, foreign.has(event.metadata.actor.userId))))];
      const name = stream ? stream.replace(/[^A-Za-z0-9_-]/g, '_') : `events-${(from ?? 'start').slice(0, 19)}-${(to ?? 'now').slice(0, 19)}`.replace(/[^A-Za-z0-9_-]/g, '_');
      return reply.type('application/x-ndjson; charset=utf-8').header('content-disposition', `attachment; filename="${name}.jsonl"`).send(`${lines.join('\n')}\n`);
    },
  );

  /** The caller's site's events in [from, to) (on the time the command was decided), in log order, read back from the store. */
  async function rangeEvents(siteId: string, from: string | null, to: string | null): Promise<RecordedEvent[]> {
    const { rows } = await pool.query<{ stream_name: string; stream_revision: string }>(
      `select l.stream_name, l.stream_revision::text as stream_revision from event_log l
        where ($3::timestamptz is null or l.at >= $3) and ($4::timestamptz is null or l.at < $4) and ${visibleRow}
        order by l.position_commit, l.position_prepare limit ${EXPORT_LIMIT + 1}`,
      [siteId, SHARED_CATEGORIES, from, to],
    );
    if (rows.length > EXPORT_LIMIT) throw new ApiError(422, 'exportTooLarge', String(EXPORT_LIMIT));
    const wanted = new Map<string, bigint[]>();
    for (const row of rows) wanted.set(row.stream_name, [...(wanted.get(row.stream_name) ?? []), BigInt(row.stream_revision)]);
    const found = new Map<string, RecordedEvent>();
    for (const [streamName, revisions] of wanted) {
      const first = revisions.reduce((a, b) => (a < b ? a : b));
      const last = revisions.reduce((a, b) => (a > b ? a : b));
      const keep = new Set(revisions);
      for (let fromRevision = first; fromRevision <= last; ) {
        const page = await store.readStream(streamName, { fromRevision, maxCount: Math.min(EXPORT_PAGE, Number(last - fromRevision) + 1) });
        for (const event of page) if (keep.has(event.streamRevision)) found.set(`${streamName}@${event.streamRevision}`, event);
        if (page.length === 0) break;
        fromRevision = page.at(-1)!.streamRevision + 1n;
      }
    }
    return rows.flatMap((row) => found.get(`${row.stream_name}@${row.stream_revision}`) ?? []);
  }

  /**
   * Actors of `events` who are users of another site. Only shared streams hold such events (a brand's
   * own streams are written by its own users, the system and anonymous callers).
   */
  async function foreignActors(events: readonly RecordedEvent[], siteId: string): Promise<Set<string>> {
    const ids = [...new Set(events.map((event) => event.metadata.actor.userId))].filter((id) => UUID_TEXT.test(id));
    if (ids.length === 0) return new Set();
    const { rows } = await pool.query<{ user_id: string }>('select u.user_id::text as user_id from users u where u.user_id = any($1::uuid[]) and u.site_id <> $2', [ids, siteId]);
    return new Set(rows.map((row) => row.user_id));
  }
};

function storedEvent(event: RecordedEvent, actorWithheld: boolean): StoredEvent {
  const { actor } = event.metadata;
  return {
    eventId: event.id,
    type: event.type,
    streamRevision: event.streamRevision.toString(),
    position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
    data: event.data,
    metadata: { ...event.metadata, actor: actorWithheld ? { userId: 'otherSite', role: actor.role } : actor },
    actorWithheld,
  };
}

/** Most events one range export carries; a longer range is refused (export it in parts). */
const EXPORT_LIMIT = 100_000;
const EXPORT_PAGE = 1000;

/** One export line: the stored event exactly as hashed (contract/reports.ts ExportedEvent). */
function exportedEvent(event: RecordedEvent, actorWithheld: boolean) {
  const stored = storedEvent(event, actorWithheld);
  return {
    streamName: event.streamName,
    streamRevision: stored.streamRevision,
    position: `${stored.position.commit}:${stored.position.prepare}`,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: stored.metadata,
    ...(actorWithheld ? { actorWithheld: true } : {}),
  };
}

function reportView(scope: 'stream' | 'all', report: VerifyReport, failureVisible: boolean): z.output<typeof VerifyReportView> {
  const failure = report.firstFailure;
  return {
    scope,
    ok: report.ok,
    streamsChecked: report.streamsChecked,
    eventsChecked: report.eventsChecked,
    firstFailure: failure && failureVisible ? { streamName: failure.streamName, streamRevision: failure.streamRevision.toString(), eventId: failure.eventId, reason: failure.reason } : null,
    firstFailureElsewhere: failure !== null && !failureVisible,
  };
}
