import type { SqlPool } from '@kupon/eventstore';
import { randomToken, sha256 } from './secrets';

/** Long enough to open a new tab, short enough that a ticket in a browser history is worthless. */
export const LOGIN_TICKET_TTL_MS = 60_000;

export interface LoginTicketHolder {
  readonly userId: string;
  /** The dealer (or operator, admin) who asked: recorded as `by` on the login it opens. */
  readonly byUserId: string;
}

/**
 * loginwithuser handoff. The back office and the player site are different origins, so the dealer's
 * cookie session cannot open the player's session on the player site; the back office asks for a
 * ticket (after the same checks as `POST /sessions/as-user`) and the player site redeems it once.
 *
 * - A ticket is 256 bits from the CSPRNG (base64url); only its sha-256 is stored (`login_tickets`).
 * - Single use: redeeming is one `delete … returning`, so of two racing redeems one gets the row and
 *   the other nothing, on PostgreSQL as on PGlite.
 * - A ticket of another site or past its expiry is not found (and stays for the sweep).
 */
export class LoginTickets {
  constructor(
    private readonly pool: SqlPool,
    private readonly clock: () => Date,
    private readonly ttlMs: number = LOGIN_TICKET_TTL_MS,
  ) {}

  async issue(siteId: string, holder: LoginTicketHolder): Promise<{ ticket: string; expiresAt: string }> {
    const ticket = randomToken(32);
    const now = this.clock();
    const expiresAt = new Date(now.getTime() + this.ttlMs).toISOString();
    // Expired tickets go whenever a new one is issued: the table stays as small as the last minute.
    await this.pool.query('delete from login_tickets where expires_at <= $1', [now.toISOString()]);
    await this.pool.query('insert into login_tickets (ticket_hash, site_id, user_id, by_user_id, expires_at, created_at) values ($1, $2, $3, $4, $5, $6)', [
      sha256(ticket),
      siteId,
      holder.userId,
      holder.byUserId,
      expiresAt,
      now.toISOString(),
    ]);
    return { ticket, expiresAt };
  }

  /** The ticket's holder, once; null when it is unknown, spent, expired or of another site. */
  async redeem(siteId: string, ticket: string): Promise<LoginTicketHolder | null> {
    if (ticket.length < 40 || ticket.length > 100) return null;
    const { rows } = await this.pool.query<{ user_id: string; by_user_id: string }>(
      'delete from login_tickets where ticket_hash = $1 and site_id = $2 and expires_at > $3 returning user_id, by_user_id',
      [sha256(ticket), siteId, this.clock().toISOString()],
    );
    const row = rows[0];
    return row ? { userId: row.user_id, byUserId: row.by_user_id } : null;
  }
}
