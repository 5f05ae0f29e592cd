import type {} from '@fastify/cookie';
import { isReadOnlyRole, type Permission, type Role } from '@kupon/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import type { SiteDirectory } from '../identity/site-directory';

/** Who is asking: resolved from the session cookie on every request. */
export interface RequestActor {
  readonly userId: string;
  readonly userName: string;
  readonly role: Role;
  readonly siteId: string;
  readonly permissions: readonly Permission[];
  /** The public reference of the session (never the cookie value). */
  readonly sessionRef: string;
}

export interface SessionAuthenticator {
  /** The actor of a live session on `siteId`, or null (unknown, ended, expired, other site, permissions changed). */
  authenticate(sessionId: string, siteId: string | null, ip: string): Promise<RequestActor | null>;
}

export const SESSION_COOKIE = 'kupon_sid';

declare module 'fastify' {
  interface FastifyRequest {
    actor: RequestActor | null;
  }
  interface FastifyContextConfig {
    /** A write the read-only regulator may still make (logging out). */
    readOnlyAllowed?: boolean;
  }
}

/**
 * Session cookie → actor. Runs after the site plugin: a session of one brand is no session on another.
 * When the request named no site, the session's own site is taken. Every write of a read-only role
 * (the regulator) is refused here, once, for every context's routes.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, { sessions, sites }: { sessions: SessionAuthenticator; sites: SiteDirectory }) => {
    app.decorateRequest('actor', null);
    app.addHook('onRequest', async (request) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      if (!sessionId) return;
      const actor = await sessions.authenticate(sessionId, request.site?.siteId ?? null, request.ip);
      request.actor = actor;
      if (actor && !request.site) request.site = await sites.byId(actor.siteId);
    });
    app.addHook('preParsing', async (request) => {
      const actor = request.actor;
      if (!actor || !isReadOnlyRole(actor.role)) return;
      if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
      if (request.routeOptions.config.readOnlyAllowed) return;
      throw new ApiError(403, 'readOnlyRole');
    });
  },
  { name: 'kupon-auth', dependencies: ['kupon-site', '@fastify/cookie'] },
);

/** The logged-in actor, or 401 loginRequired. */
export function actorOf(request: FastifyRequest): RequestActor {
  if (!request.actor) throw new ApiError(401, 'loginRequired');
  return request.actor;
}

/**
 * A route's guard, run as its `preParsing` hook: who may call a route is decided before the body is
 * read, so a caller without the right gets 401/403 whatever it sends (malformed JSON, 1 MB, `__proto__`
 * keys included), and the api never parses a body for a caller it refuses.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** preParsing: any logged-in user. */
export const requireLogin: Guard = async (request) => {
  actorOf(request);
};

/** preParsing: one of `roles`, else 403 permissionDenied. */
export function requireRole(...roles: readonly Role[]): Guard {
  return async (request) => {
    const actor = actorOf(request);
    if (!roles.includes(actor.role)) throw new ApiError(403, 'permissionDenied', actor.role);
  };
}

/** preParsing: the actor's role holds `permission` (dealer permission sets, §6), else 403 permissionDenied. */
export function requirePermission(permission: Permission): Guard {
  return async (request) => {
    const actor = actorOf(request);
    if (!actor.permissions.includes(permission)) throw new ApiError(403, 'permissionDenied', permission);
  };
}
