import type { Actor } from '@kupon/eventstore';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ProfileView, StaffUserView, UserInfo } from '../contract/identity';
import { SESSION_COOKIE } from '../plugins/auth';
import type { LiveUser } from './accounts';
import type { StartedSession } from './sessions';

/** §3 user info of an account. */
export function userInfo(user: LiveUser): UserInfo {
  return {
    userId: user.userId,
    userName: user.userName,
    firstName: user.profile.firstName,
    lastName: user.profile.lastName,
    role: user.role,
    siteId: user.siteId,
    status: user.status,
    onlineUser: user.role === 'player' || user.role === 'affiliate' ? 1 : 0,
    currency: user.profile.currency,
    lang: user.profile.lang,
    operatorId: user.parentId,
    permissions: [...user.permissions],
    products: user.products,
    limits: user.limits,
    autoprint: user.profile.autoprint,
  };
}

/** The player's own account details for its profile page (§7 userdetail). */
export function profileView(user: LiveUser): ProfileView {
  const { sex, address, city, countryId, postCode, autoprint, firstName, lastName, birthDate, currency } = user.profile;
  return { sex, address, city, countryId, postCode, autoprint, firstName, lastName, birthDate, currency, email: user.email, mobile: user.mobile };
}

export function staffUserView(user: LiveUser, loginLock: StaffUserView['loginLock']): StaffUserView {
  return {
    ...userInfo(user),
    email: user.email,
    mobile: user.mobile,
    idNumber: user.idNumber,
    birthDate: user.profile.birthDate,
    sex: user.profile.sex,
    countryId: user.profile.countryId,
    city: user.profile.city,
    address: user.profile.address,
    postCode: user.profile.postCode,
    parentId: user.parentId,
    ancestors: [...user.ancestors],
    openingLimits: user.openingLimits,
    opened: user.opened,
    lastLoginAt: user.lastLogin?.at ?? null,
    lastLoginIp: user.lastLogin?.ip ?? null,
    loginLock,
  };
}

/** Who the event metadata names: the logged-in actor, else the anonymous caller's address. */
export function eventActor(request: FastifyRequest): Actor {
  const actor = request.actor;
  return actor ? { userId: actor.userId, role: actor.role, ip: request.ip } : { userId: 'anonymous', role: 'guest', ip: request.ip };
}

export function userAgent(request: FastifyRequest): string {
  return (request.headers['user-agent'] ?? '').slice(0, 300);
}

/** httpOnly, SameSite=Lax, path /; the browser forgets it at the session's absolute end. */
export function setSessionCookie(reply: FastifyReply, session: StartedSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.sessionId, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: session.expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
}
