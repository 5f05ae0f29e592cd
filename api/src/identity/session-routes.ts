import { domainError, isDomainError, type LoginMethod, userDecider } from '@kupon/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LoginBody,
  LoginResponse,
  LoginTicketResponse,
  LoginWithUserBody,
  OkResponse,
  RedeemLoginTicketBody,
  SessionView,
  TerminalLoginBody,
} from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { actingUser, type LiveUser } from './accounts';
import { LoginTickets } from './login-tickets';
import { accountKey } from './throttle';
import { clearSessionCookie, eventActor, setSessionCookie, userAgent, userInfo } from './views';
import { actorOf, requireLogin, requireRole, SESSION_COOKIE } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { endSessions, identityRefusals as refusals } from './requests';

/** Compared against when the user name is unknown, so both answers take as long. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$K5yJ6aMeCULXrWAy10w4Lg$YG5TOvFfaATEiM7y29jx3QyaUhVEF9ct+7G7OumoX9M';

/** Sessions: login (player, operator, terminal, login-with-user and its tickets), logout, my sessions. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.identity;
  const { accounts, sessions, passwords, clock, rateLimits, secureCookies, throttle } = services;
  /**
   * Password check, the user's LogIn decision, then a fresh session id (never the one the request came
   * with). Per account, besides the per-address limit (docs/decisions/0004): while the account is
   * locked every attempt is refused with `accountLocked|<seconds>`, the password hashed all the same and
   * its verdict untold. Every attempt counts before its password is checked (a burst sent at once gets
   * no more guesses than one sent in turn); a login clears the count.
   */
  const login = async (request: FastifyRequest, reply: FastifyReply, method: LoginMethod, userName: string, password: string, machineId: string | null) => {
    const site = siteOf(request);
    const user = await accounts.byUserName(site.siteId, userName);
    const lockedFor = user ? (await throttle.attempt('login', accountKey(site.siteId, user.userId), clock())).refusedFor : 0;
    const passwordOk = await passwords.verify(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user) throw new ApiError(401, 'incorrectUsernameOrPassword');
    return startSession(request, reply, user, method, passwordOk, machineId, null, { key: accountKey(site.siteId, user.userId), lockedFor });
  };

  const startSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: LiveUser,
    method: LoginMethod,
    passwordOk: boolean,
    machineId: string | null,
    by: LiveUser | null,
    throttled: { readonly key: string; readonly lockedFor: number } | null = null,
  ) => {
    const sessionRef = crypto.randomUUID();
    const locked = (throttled?.lockedFor ?? 0) > 0;
    const outcome = await accounts.execute(
      user.userId,
      { type: 'LogIn', method, passwordOk, sessionRef, ip: request.ip, userAgent: userAgent(request), machineId, by: by ? actingUser(by) : null, ...(locked ? { locked } : {}), now: clock().toISOString() },
      // The dealer is who did it, also when a ticket is redeemed on the player site (no dealer cookie there).
      by ? { userId: by.userId, role: by.role, ip: request.ip } : { userId: user.userId, role: user.role, ip: request.ip },
      request.id,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    const event = outcome.events[0];
    if (event?.type === 'LoginFailed') {
      const reason = event.data.reason;
      if (reason === 'accountLocked') throw new ApiError(429, 'accountLocked', throttled?.lockedFor ?? 1);
      // A right password earns the real reason; a wrong one (or the wrong door for the role) learns nothing.
      if (passwordOk && (reason === 'userNotActivated' || reason === 'userPassive')) throw new ApiError(403, reason);
      throw new ApiError(401, 'incorrectUsernameOrPassword');
    }
    // No fixation: the id the request came with ends (a dealer's own session survives loginwithuser).
    if (throttled) await throttle.succeeded('login', throttled.key);
    const previous = request.cookies[SESSION_COOKIE];
    if (previous && !by) await sessions.end(previous);
    const session = await sessions.start(user, { session: event?.type === 'UserLoggedIn' ? event.data.sessionEpoch : -1, role: siteOf(request).roleEpoch(user.role) }, method, request.ip, sessionRef);
    setSessionCookie(reply, session, secureCookies);
    const fresh = (await accounts.load(user.userId)) ?? user;
    return { status: true as const, user: userInfo(fresh) };
  };

  /** The player site's logins (players, terminals) are closed during maintenance; the back office's stays open. */
  const loginSchema = (summary: string, body: typeof LoginBody | typeof TerminalLoginBody, { geoGuarded = false, maintenanceGuarded = true } = {}) => ({
    config: { rateLimit: rateLimits.login, maintenanceGuarded, ...(geoGuarded ? { geoGuarded: true as const } : {}) },
    schema: { tags: ['sessions'], summary, body, response: { 200: LoginResponse, ...refusals } },
  });

  app.post('/sessions', loginSchema('userLogin: players and affiliates', LoginBody, { geoGuarded: true }), async (request, reply) =>
    login(request, reply, 'password', request.body.userName, request.body.password, null),
  );
  app.post('/sessions/operator', loginSchema('operatorLogin: staff and dealers', LoginBody, { maintenanceGuarded: false }), async (request, reply) =>
    login(request, reply, 'operator', request.body.userName, request.body.password, null),
  );
  app.post('/sessions/terminal', loginSchema('doLoginHandTerminal / handlogin: a terminal (cashier point)', TerminalLoginBody), async (request, reply) => {
    const body = request.body as z.infer<typeof TerminalLoginBody>;
    return login(request, reply, 'terminal', body.userName, body.password, body.machineId ?? null);
  });

  /** Who may log in as a user; the target's subtree and role are the LogIn decision's (checkManages). */
  const asUserRoles = requireRole('topDealer', 'dealer', 'subDealer', 'admin', 'operator');
  const asUserParties = async (request: FastifyRequest, userId: string) => {
    const [target, dealer] = await Promise.all([accounts.load(userId), accounts.load(actorOf(request).userId)]);
    if (!target || !dealer) throw new ApiError(403, 'thisOperatorNotYour');
    return { target, dealer };
  };

  app.post(
    '/sessions/as-user',
    {
      preParsing: asUserRoles,
      schema: { tags: ['sessions'], summary: 'loginwithuser: a dealer opens a session as a player or terminal of its subtree', body: LoginWithUserBody, response: { 200: LoginResponse, ...refusals } },
    },
    async (request, reply) => {
      const { target, dealer } = await asUserParties(request, request.body.userId);
      return startSession(request, reply, target, 'loginWithUser', true, null, dealer);
    },
  );

  /**
   * loginwithuser across origins: the back office gets a single-use 60 s ticket for a user it could log
   * in as (the LogIn decision is asked, nothing is appended yet); the player site redeems it at
   * /tr/loginwithuser, which opens the session as `POST /sessions/as-user` does, with the dealer as `by`.
   */
  const tickets = new LoginTickets(services.pool, clock);
  app.post(
    '/sessions/as-user/tickets',
    {
      preParsing: asUserRoles,
      schema: { tags: ['sessions'], summary: 'loginwithuser handoff: a single-use ticket the player site redeems', body: LoginWithUserBody, response: { 201: LoginTicketResponse, ...refusals } },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { target, dealer } = await asUserParties(request, request.body.userId);
      const verdict = userDecider.decide(
        { type: 'LogIn', method: 'loginWithUser', passwordOk: true, sessionRef: '', ip: request.ip, userAgent: userAgent(request), machineId: null, by: actingUser(dealer), now: clock().toISOString() },
        target,
        undefined,
      );
      if (isDomainError(verdict)) throw refusal(verdict);
      const failed = verdict.find((event) => event.type === 'LoginFailed');
      // Staff see the account anyway: they learn why it cannot be opened (passive, not activated, a role with no player session).
      if (failed) throw refusal(failed.data.reason === 'wrongLoginForRole' ? domainError('permissionDenied', target.role) : domainError(failed.data.reason));
      const { ticket, expiresAt } = await tickets.issue(site.siteId, { userId: target.userId, byUserId: dealer.userId });
      // Spec §1: any path containing loginwithuser is under the tr prefix.
      return reply.code(201).send({ ticket, expiresAt, url: `/tr/loginwithuser?ticket=${encodeURIComponent(ticket)}` });
    },
  );

  app.post(
    '/sessions/as-user/redeem',
    {
      config: { rateLimit: rateLimits.login, maintenanceGuarded: true },
      schema: { tags: ['sessions'], summary: 'loginwithuser handoff: the player site spends a ticket and gets the user\'s session', body: RedeemLoginTicketBody, response: { 200: LoginResponse, ...refusals } },
    },
    async (request, reply) => {
      const held = await tickets.redeem(siteOf(request).siteId, request.body.ticket);
      const [target, dealer] = held ? await Promise.all([accounts.load(held.userId), accounts.load(held.byUserId)]) : [null, null];
      // A dealer made passive within the ticket's minute no longer opens anything.
      if (!target || !dealer || dealer.status !== 'active') throw new ApiError(422, 'loginTicketInvalid');
      return startSession(request, reply, target, 'loginWithUser', true, null, dealer);
    },
  );

  app.delete(
    '/sessions/current',
    { config: { readOnlyAllowed: true, maintenanceAllowed: true }, schema: { tags: ['sessions'], summary: 'logout', response: { 200: OkResponse, ...refusals } } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      const ended = sessionId ? await sessions.end(sessionId) : null;
      if (ended) {
        await accounts.execute(ended.userId, { type: 'LogOut', sessionRef: ended.sessionRef, now: clock().toISOString() }, eventActor(request), request.id);
      }
      clearSessionCookie(reply, secureCookies);
      return { status: true as const };
    },
  );

  app.delete(
    '/sessions',
    { preParsing: requireLogin, config: { readOnlyAllowed: true, maintenanceAllowed: true }, schema: { tags: ['sessions'], summary: 'logout everywhere: every session of the user ends', response: { 200: OkResponse, ...refusals } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await endSessions(services, request, actor.userId);
      clearSessionCookie(reply, secureCookies);
      return { status: true as const };
    },
  );

  app.get('/sessions', { preParsing: requireLogin, schema: { tags: ['sessions'], summary: 'my live sessions', response: { 200: z.object({ sessions: z.array(SessionView) }), ...refusals } } }, async (request) => ({
    sessions: await sessions.listOf(actorOf(request).userId),
  }));

};
