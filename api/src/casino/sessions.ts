import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who a game session is for: the player, the brand, the game and its provider, the wallet's currency. */
export interface GameSession {
  readonly accountId: string;
  readonly siteId: string;
  readonly provider: string;
  readonly serviceId: number;
  readonly currency: string;
  /** Epoch ms after which bets and balance calls are refused (a win or rollback of a round still counts). */
  readonly expiresAt: number;
}

/** How long an opened game takes bets. */
export const GAME_SESSION_MS = 8 * 3_600_000;

/**
 * Game session tokens: the session itself, signed with our key (`payload.mac`), so every api process
 * sharing the key reads it without a lookup and a provider cannot make one up for another player.
 */
export class GameSessions {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('casino-session').digest();
  }

  issue(session: GameSession): string {
    const payload = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  /** The session a token names, or null when it was not made by us (expiry is the caller's rule). */
  read(token: string): GameSession | null {
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(payload), 'base64url');
    const given = Buffer.from(mac, 'base64url');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const session = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as GameSession;
      return typeof session.accountId === 'string' && typeof session.provider === 'string' && Number.isSafeInteger(session.serviceId) ? session : null;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
