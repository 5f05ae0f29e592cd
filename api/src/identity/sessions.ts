import type { LoginMethod, Role } from '@kupon/domain';
import type { SqlPool } from '@kupon/eventstore';
import type { RequestActor, SessionAuthenticator } from '../plugins/auth';
import type { UserAccounts } from './accounts';
import type { SiteDirectory } from './site-directory';
import { newId, randomToken, sha256 } from './secrets';

export interface SessionTimeouts {
  /** A session unused this long is over. */
  readonly idleMs: number;
  /** A session this old is over however busy. */
  readonly absoluteMs: number;
}

export const DEFAULT_SESSION_TIMEOUTS: SessionTimeouts = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 };

/** last_seen_at is written at most this often (the idle timeout is minutes, not seconds). */
const TOUCH_EVERY_MS = 30_000;

interface SessionRow {
  id_hash: string;
  session_ref: string;
  user_id: string;
  site_id: string;
  role: Role;
  session_epoch: number;
  role_epoch: number;
  created_at: Date | string;
  last_seen_at: Date | string;
  expires_at: Date | string;
}

export interface StartedSession {
  /** The cookie value: 256 bits from the CSPRNG. Only its sha-256 is stored. */
  readonly sessionId: string;
  readonly sessionRef: string;
  readonly expiresAt: Date;
}

/**
 * Sessions in the `auth_sessions` table, so every api process sees the same ones. Whether a session
 * still holds is decided on every request against the user's stream (read from the revision already
 * folded): passive, logged out everywhere, or a permission or password change after the session began
 * all end it at once (the session's epoch is no longer the user's), in every process, even if the
 * row is still there.
 */
export class SessionStore implements SessionAuthenticator {
  constructor(
    private readonly pool: SqlPool,
    private readonly accounts: UserAccounts,
    private readonly sites: SiteDirectory,
    private readonly clock: () => Date,
    private readonly timeouts: SessionTimeouts = DEFAULT_SESSION_TIMEOUTS,
  ) {}

  /** A new id every login (no fixation), with a public ref for logs and staff views. */
  async start(user: { userId: string; siteId: string; role: Role }, epochs: { session: number; role: number }, method: LoginMethod, ip: string, sessionRef = newId()): Promise<StartedSession> {
    const sessionId = randomToken(32);
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.timeouts.absoluteMs);
    await this.pool.query(
      `insert into auth_sessions (id_hash, session_ref, user_id, site_id, role, session_epoch, role_epoch, method, ip, created_at, last_seen_at, expires_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)`,
      [sha256(sessionId), sessionRef, user.userId, user.siteId, user.role, epochs.session, epochs.role, method, ip, now.toISOString(), expiresAt.toISOString()],
    );
    return { sessionId, sessionRef, expiresAt };
  }

  async authenticate(sessionId: string, siteId: string | null, _ip: string): Promise<RequestActor | null> {
    if (sessionId.length < 20 || sessionId.length > 100) return null;
    const idHash = sha256(sessionId);
    const { rows } = await this.pool.query<SessionRow>('select id_hash, session_ref, user_id, site_id, role, session_epoch, role_epoch, created_at, last_seen_at, expires_at from auth_sessions where id_hash = $1', [idHash]);
    const row = rows[0];
    if (!row) return null;
    if (siteId !== null && row.site_id !== siteId) return null;
    const now = this.clock().getTime();
    const lastSeen = new Date(row.last_seen_at).getTime();
    if (new Date(row.expires_at).getTime() <= now || lastSeen + this.timeouts.idleMs <= now) {
      await this.endByHash(idHash);
      return null;
    }
    const [user, site] = await Promise.all([this.accounts.load(row.user_id), this.sites.byId(row.site_id)]);
    if (!user || !site || user.status !== 'active' || Number(row.session_epoch) !== user.sessionEpoch || Number(row.role_epoch) !== site.roleEpoch(user.role)) {
      await this.endByHash(idHash);
      return null;
    }
    if (now - lastSeen >= TOUCH_EVERY_MS) {
      await this.pool.query('update auth_sessions set last_seen_at = $2 where id_hash = $1', [idHash, new Date(now).toISOString()]);
    }
    // What the account holds, within what its role may hold on this site.
    const roleSet = site.rolePermissions(user.role);
    const permissions = user.role === 'admin' ? user.permissions : user.permissions.filter((permission) => roleSet.includes(permission));
    return { userId: user.userId, userName: user.userName, role: user.role, siteId: user.siteId, permissions, sessionRef: row.session_ref };
  }

  /** Ends one session; returns its ref and user, if it was live. */
  async end(sessionId: string): Promise<{ sessionRef: string; userId: string } | null> {
    const { rows } = await this.pool.query<{ session_ref: string; user_id: string }>('delete from auth_sessions where id_hash = $1 returning session_ref, user_id', [sha256(sessionId)]);
    const row = rows[0];
    return row ? { sessionRef: row.session_ref, userId: row.user_id } : null;
  }

  /** Removes a user's rows (their validity already ended with the user's event; this is housekeeping). */
  async endAllOf(userId: string): Promise<number> {
    const { rowCount } = await this.pool.query('delete from auth_sessions where user_id = $1', [userId]);
    return rowCount;
  }

  async listOf(userId: string): Promise<{ sessionRef: string; method: string; ip: string; createdAt: string; lastSeenAt: string }[]> {
    const { rows } = await this.pool.query<{ session_ref: string; method: string; ip: string; created_at: Date | string; last_seen_at: Date | string }>(
      'select session_ref, method, ip, created_at, last_seen_at from auth_sessions where user_id = $1 order by created_at',
      [userId],
    );
    return rows.map((row) => ({ sessionRef: row.session_ref, method: row.method, ip: row.ip, createdAt: new Date(row.created_at).toISOString(), lastSeenAt: new Date(row.last_seen_at).toISOString() }));
  }

  private async endByHash(idHash: string): Promise<void> {
    await this.pool.query('delete from auth_sessions where id_hash = $1', [idHash]);
  }
}
