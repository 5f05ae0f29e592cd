/** Pieces of identity requests that several identity route files share (plain functions, no routes). */
import { normalizeEmail, uniqueStream } from '@kupon/domain';
import type { FastifyRequest } from 'fastify';
import type { IdentityServices } from './services';
import { ErrorBody } from '../contract/identity';
import { refusal } from '../http/api-error';
import { actingUser, type LiveUser } from './accounts';
import { randomToken, sha256 } from './secrets';
import { eventActor } from './views';
import { actorOf } from '../plugins/auth';

/** The refusals every identity route may answer. */
export const identityRefusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** A single-use code's secret and the hash the event keeps. */
export function pendingCode(clock: () => Date, ttlMs: number): { secret: string; codeHash: string; expiresAt: string } {
  const secret = randomToken(24);
  return { secret, codeHash: sha256(secret), expiresAt: new Date(clock().getTime() + ttlMs).toISOString() };
}

export async function accountsUnique(services: IdentityServices, stream: string): Promise<{ state: 'free' | 'held'; userId: string | null }> {
  const events = await services.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  const last = events[0];
  return last?.type === 'UniqueValueReserved' ? { state: 'held', userId: String(last.data.userId) } : { state: 'free', userId: null };
}

export async function userByEmail(services: IdentityServices, siteId: string, email: string): Promise<LiveUser | null> {
  const held = await accountsUnique(services, uniqueStream(siteId, 'email', normalizeEmail(email)));
  return held.userId ? services.accounts.load(held.userId) : null;
}

/** Logout everywhere / staff ending a user's sessions: the event ends them in every process; the rows go too. */
export async function endSessions(services: IdentityServices, request: FastifyRequest, userId: string): Promise<void> {
  const actor = actorOf(request);
  const outcome = await services.accounts.execute(userId, { type: 'EndSessions', actor: actingUser(actor), now: services.clock().toISOString() }, eventActor(request), request.id);
  if (!outcome.ok) throw refusal(outcome.error);
  await services.sessions.endAllOf(userId);
}

