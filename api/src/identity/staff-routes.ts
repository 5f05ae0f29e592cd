import { canSee, isDealerRole, STAFF_ROLES, type UserCommand } from '@kupon/domain';
import { ipLogEntryOf } from '@kupon/projections';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BettingLimits,
  DealerTree,
  ErrorBody,
  IpLogList,
  OkResponse,
  OpenAccountBody,
  OpeningLimitsBody,
  OutboxList,
  OutboxQuery,
  PermissionsBody,
  ProductFlags,
  ProfileBody,
  RegisterResponse,
  SessionHistoryEntry,
  SessionView,
  StaffUserView,
  StatusBody,
  UserIdParams,
  UserList,
} from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { actingUser, type LiveUser } from './accounts';
import { accountKey } from './throttle';
import { eventActor, staffUserView } from './views';
import { actorOf, requirePermission, requireRole, type RequestActor } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { endSessions } from './requests';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const SITE_WIDE = new Set(['admin', 'operator', 'partner', 'regulator']);

/**
 * The back office's identity calls. Every one is scoped: site-wide staff see their own site, a dealer
 * only its subtree; anything else is 403 `thisOperatorNotYour` and nothing is written (§6).
 */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.identity;
  const { accounts, pool, clock } = services;
  app.addHook('preParsing', requireRole(...STAFF_ROLES));

  /** The target account, if the actor may see it; otherwise 403 (or 404 when there is no such account). */
  const visible = async (request: FastifyRequest, userId: string): Promise<LiveUser> => {
    const actor = actorOf(request);
    const user = await accounts.load(userId);
    if (!user) throw new ApiError(404, 'noSuchUser');
    if (!canSee(actingUser(actor), user)) throw new ApiError(403, 'thisOperatorNotYour');
    return user;
  };

  /** The admin view of an account, with its login lock while one holds. */
  const detail = async (user: LiveUser) => staffUserView(user, await services.throttle.lockOf('login', accountKey(user.siteId, user.userId), clock()));

  /** A command on one account, decided by the user decider (scope and permission rules there). */
  const command = async (request: FastifyRequest, userId: string, build: (actor: ReturnType<typeof actingUser>, now: string) => UserCommand) => {
    const actor = actorOf(request);
    await visible(request, userId);
    const outcome = await accounts.execute(userId, build(actingUser(actor), clock().toISOString()), eventActor(request), request.id);
    if (!outcome.ok) throw refusal(outcome.error);
    return detail((await accounts.load(userId))!);
  };

  app.get('/users', { schema: { tags: ['staff'], summary: 'Users of my site (site-wide staff) or my subtree (dealers)', querystring: z.object({ role: z.string().optional(), search: z.string().max(40).optional(), limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) }), response: { 200: UserList, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const { role, search, limit, offset } = request.query;
    const scope = scopeClause(actor);
    const params: unknown[] = [actor.siteId, ...scope.params, role ?? null, search ? `%${search.toLowerCase()}%` : null];
    const where = `site_id = $1 and ${scope.sql} and ($${scope.params.length + 2}::text is null or role = $${scope.params.length + 2}) and ($${scope.params.length + 3}::text is null or lower(user_name) like $${scope.params.length + 3})`;
    const { rows } = await pool.query<Record<string, unknown>>(
      `select user_id, user_name, role, status, first_name, last_name, email, parent_id, last_login_at, last_login_ip, count(*) over () as total
         from users where ${where} order by user_name limit ${limit} offset ${offset}`,
      params,
    );
    return {
      total: Number(rows[0]?.total ?? 0),
      users: rows.map((row) => ({
        userId: String(row.user_id),
        userName: String(row.user_name),
        role: String(row.role),
        status: String(row.status),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        email: (row.email as string | null) ?? null,
        parentId: (row.parent_id as string | null) ?? null,
        lastLoginAt: row.last_login_at ? new Date(row.last_login_at as string).toISOString() : null,
        lastLoginIp: (row.last_login_ip as string | null) ?? null,
      })),
    };
  });

  app.get('/users/:userId', { schema: { tags: ['staff'], summary: 'userdetail (admin view)', params: UserIdParams, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    detail(await visible(request, request.params.userId)),
  );
  // Who may end a user's sessions may lift its login lock (docs/decisions/0004).
  app.post('/users/:userId/login-lock/clear', { schema: { tags: ['staff'], summary: 'Lift the lock failed logins put on a user (and forget the count)', params: UserIdParams, response: { 200: StaffUserView, ...refusals } } }, async (request) => {
    const user = await visible(request, request.params.userId);
    await services.throttle.clear('login', accountKey(user.siteId, user.userId));
    return detail(user);
  });

  app.post('/users', { schema: { tags: ['staff'], summary: 'Open an account (dealer, sub-dealer, player, terminal…) under me, or as admin under parentId', body: OpenAccountBody, response: { 201: RegisterResponse, ...refusals } } }, async (request, reply) => {
    const actor = actorOf(request);
    const site = siteOf(request);
    const { role, parentId, openingLimits, ...form } = request.body;
    const parentUserId = parentId && parentId !== actor.userId ? parentId : actor.userId;
    if (parentUserId !== actor.userId && actor.role !== 'admin') throw new ApiError(403, 'thisOperatorNotYour');
    const parent = await visible(request, parentUserId);
    const person = role === 'player' || role === 'affiliate';
    const opened = await accounts.open({
      siteId: site.siteId,
      role,
      form: { ...form, passwordRepeat: form.passwordRepeat ?? form.password, currency: form.currency ?? site.settings.defaultCurrency, lang: form.lang ?? site.settings.defaultLang },
      rules: { mobileRequired: false, idNumberRequired: false, personalDetailsRequired: person, emailRequired: false },
      parent: { user: parent, actor: actingUser(actor) },
      activation: null,
      ...(openingLimits && isDealerRole(role) ? { openingLimits } : {}),
      actor: eventActor(request),
      correlationId: request.id,
    });
    if (!opened.ok) throw refusal(opened.error);
    return reply.code(201).send({ userId: opened.userId, status: 'active' as const });
  });

  app.put('/users/:userId/status', { schema: { tags: ['staff'], summary: 'Active / passive (passive ends the sessions)', params: UserIdParams, body: StatusBody, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'ChangeUserStatus', status: request.body.status, actor, now })),
  );
  app.put('/users/:userId/products', { schema: { tags: ['staff'], summary: 'Product flags (sportUser … tvgamesUser)', params: UserIdParams, body: ProductFlags, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'ChangeProductFlags', products: request.body, actor, now })),
  );
  app.put('/users/:userId/limits', { schema: { tags: ['staff'], summary: 'Betting limits (0 = none; only raised, except by an admin)', params: UserIdParams, body: BettingLimits, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'ChangeBettingLimits', limits: request.body, actor, now })),
  );
  app.put('/users/:userId/permissions', { schema: { tags: ['staff'], summary: 'Permission set (forces the user to log in again)', params: UserIdParams, body: PermissionsBody, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'ChangePermissions', permissions: request.body.permissions, actor, now })),
  );
  app.put('/users/:userId/opening-limits', { schema: { tags: ['staff'], summary: 'How many dealers / users a dealer may open (null = no limit)', params: UserIdParams, body: OpeningLimitsBody, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'ChangeOpeningLimits', openingLimits: request.body, actor, now })),
  );
  app.patch('/users/:userId/profile', { schema: { tags: ['staff'], summary: 'updateProfile of a user', params: UserIdParams, body: ProfileBody, response: { 200: StaffUserView, ...refusals } } }, async (request) =>
    command(request, request.params.userId, (actor, now) => ({ type: 'UpdateProfile', changes: Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined)), actor, now })),
  );

  app.get('/users/:userId/sessions', { schema: { tags: ['staff'], summary: "A user's live sessions", params: UserIdParams, response: { 200: z.object({ sessions: z.array(SessionView) }), ...refusals } } }, async (request) => {
    await visible(request, request.params.userId);
    return { sessions: await services.sessions.listOf(request.params.userId) };
  });
  app.get(
    '/users/:userId/session-history',
    { schema: { tags: ['staff'], summary: "A user's sessions, live and ended, newest first (sessions read model)", params: UserIdParams, response: { 200: z.object({ sessions: z.array(SessionHistoryEntry) }), ...refusals } } },
    async (request) => {
      await visible(request, request.params.userId);
      const { rows } = await pool.query<Record<string, unknown>>(
        'select session_ref, method, ip, started_at, ended_at, end_reason from login_sessions where user_id = $1 order by started_at desc, session_ref limit 200',
        [request.params.userId],
      );
      return {
        sessions: rows.map((row) => ({
          sessionRef: String(row.session_ref),
          method: String(row.method),
          ip: String(row.ip),
          startedAt: new Date(row.started_at as string).toISOString(),
          endedAt: row.ended_at ? new Date(row.ended_at as string).toISOString() : null,
          endReason: (row.end_reason as string | null) ?? null,
        })),
      };
    },
  );
  app.delete('/users/:userId/sessions', { schema: { tags: ['staff'], summary: "End every session of a user", params: UserIdParams, response: { 200: OkResponse, ...refusals } } }, async (request) => {
    await visible(request, request.params.userId);
    await endSessions(services, request, request.params.userId);
    return { status: true as const };
  });

  app.get(
    '/ip-logs',
    { preParsing: requirePermission('ipLogView'), schema: { tags: ['staff'], summary: 'IP log of logins in my scope', querystring: z.object({ userId: z.uuid('noSuchUser').optional(), ip: z.string().max(64).optional(), limit: z.coerce.number().int().min(1).max(500).default(100) }), response: { 200: IpLogList, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { userId, ip, limit } = request.query;
      if (userId) await visible(request, userId);
      const scope = scopeClause(actor, 'u.');
      const n = scope.params.length;
      const { rows } = await pool.query<Record<string, unknown>>(
        `select l.user_id, u.user_name, l.ip, l.method, l.success, l.reason, l.user_agent, l.at
           from ip_logs l join users u on u.user_id = l.user_id
          where l.site_id = $1 and ${scope.sql} and ($${n + 2}::uuid is null or l.user_id = $${n + 2}) and ($${n + 3}::text is null or l.ip = $${n + 3})
          order by l.at desc, l.seq desc limit ${limit}`,
        [actor.siteId, ...scope.params, userId ?? null, ip ?? null],
      );
      return { entries: rows.map(ipLogEntryOf) };
    },
  );

  app.get('/dealer-tree', { schema: { tags: ['staff'], summary: 'The dealer tree below me (the whole site for site-wide staff)', response: { 200: DealerTree, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const scope = scopeClause(actor);
    const { rows } = await pool.query<Record<string, unknown>>(
      `select user_id, user_name, role, parent_id, depth, status from dealer_tree where site_id = $1 and ${scope.sql} order by depth, user_name`,
      [actor.siteId, ...scope.params],
    );
    return {
      nodes: rows.map((row) => ({ userId: String(row.user_id), userName: String(row.user_name), role: String(row.role), parentId: (row.parent_id as string | null) ?? null, depth: Number(row.depth), status: String(row.status) })),
    };
  });

  app.get('/mail-outbox', { preParsing: requireRole('admin', 'operator'), schema: { tags: ['staff'], summary: 'The dev mail outbox of my site: by recipient and kind, newest first, paged', querystring: OutboxQuery, response: { 200: OutboxList, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const { to, kind, limit, offset } = request.query;
    const { messages, total } = await services.outbox.page(actor.siteId, { to: to?.trim().toLowerCase() || undefined, kind: kind || undefined, limit, offset });
    return { messages: messages.map(({ siteId: _siteId, ...message }) => message), total };
  });
};

/** Site-wide staff: no further condition; dealers: their subtree ($2 = any(ancestors)). */
function scopeClause(actor: RequestActor, prefix = ''): { sql: string; params: unknown[] } {
  if (SITE_WIDE.has(actor.role)) return { sql: 'true', params: [] };
  return { sql: `$2 = any(${prefix}ancestors)`, params: [actor.userId] };
}
