import type { SqlPool } from '@kupon/eventstore';
import { registerErrorStatuses } from '../http/api-error';

registerErrorStatuses({ accountLocked: 429, tooManyAttempts: 429 });

/** What is throttled: logins and card redeems per account, ticket checks per ticket. */
export type ThrottleKind = 'login' | 'cardRedeem' | 'ticketCheck';

/**
 * The back-off, in one place (docs/decisions/0004-per-account-throttling.md): `FREE_FAILURES` failures
 * cost nothing; each one after them locks the target for `FIRST_LOCK_SECONDS`, doubling with every
 * further failure, at most `MAX_LOCK_SECONDS`. A day without a failure forgets the count.
 */
export const THROTTLE = {
  FREE_FAILURES: 5,
  FIRST_LOCK_SECONDS: 30,
  MAX_LOCK_SECONDS: 15 * 60,
  FORGET_AFTER_SECONDS: 24 * 60 * 60,
} as const;

/** Seconds a target is locked for after its `failures`-th failure in a row (0: not locked). */
export function lockSecondsAfter(failures: number): number {
  const over = failures - THROTTLE.FREE_FAILURES;
  if (over <= 0) return 0;
  return Math.min(THROTTLE.FIRST_LOCK_SECONDS * 2 ** Math.min(over - 1, 30), THROTTLE.MAX_LOCK_SECONDS);
}

/** A locked target as staff see it. */
export interface ThrottleLock {
  readonly failures: number;
  readonly lockedUntil: string;
}

/** Sweep rows a day old once every so many failures this process counts. */
const SWEEP_EVERY = 200;

/**
 * A failure counter per target (an account, a ticket) that every api process shares, in the
 * `attempt_throttles` table (the same SQL on PostgreSQL and PGlite). Unlike the per-address rate
 * limit, it holds when the guesses come from many addresses. `now` is the api's clock.
 */
export class AttemptThrottle {
  private counted = 0;

  constructor(private readonly pool: SqlPool) {}

  /** Seconds the target stays locked (rounded up), or 0. */
  async lockedFor(kind: ThrottleKind, key: string, now: Date): Promise<number> {
    const { rows } = await this.pool.query<{ locked_until: Date | string | null }>('select locked_until from attempt_throttles where kind = $1 and key = $2', [kind, key]);
    const until = rows[0]?.locked_until;
    if (!until) return 0;
    return Math.max(0, Math.ceil((new Date(until).getTime() - now.getTime()) / 1000));
  }

  /**
   * One more failure, counted and locked in one upsert (two processes counting at once both count).
   * The count starts again after a day without a failure. Answers the failures so far and the lock.
   */
  async failed(kind: ThrottleKind, key: string, now: Date): Promise<{ failures: number; lockedFor: number }> {
    const at = now.toISOString();
    // The new count, as the update sees it; the lock follows from it with the constants above.
    const next = `(case when t.last_failed_at <= $3::timestamptz - make_interval(secs => $7) then 1 else t.failures + 1 end)`;
    const lock = `(case when ${next} > $4 then $3::timestamptz + make_interval(secs => least($5 * power(2, least(${next} - $4 - 1, 30)), $6)) end)`;
    const { rows } = await this.pool.query<{ failures: number }>(
      `insert into attempt_throttles as t (kind, key, failures, last_failed_at, locked_until) values ($1, $2, 1, $3, $8)
       on conflict (kind, key) do update set failures = ${next}, last_failed_at = $3, locked_until = greatest(t.locked_until, ${lock})
       returning failures`,
      [kind, key, at, THROTTLE.FREE_FAILURES, THROTTLE.FIRST_LOCK_SECONDS, THROTTLE.MAX_LOCK_SECONDS, THROTTLE.FORGET_AFTER_SECONDS, lockSecondsAfter(1) > 0 ? new Date(now.getTime() + lockSecondsAfter(1) * 1000).toISOString() : null],
    );
    if (++this.counted % SWEEP_EVERY === 0) await this.sweep(now);
    const failures = Number(rows[0]?.failures ?? 1);
    return { failures, lockedFor: lockSecondsAfter(failures) };
  }

  /**
   * One more attempt on `key`, counted before its secret is checked, in one statement that holds the
   * target's row: of a burst of guesses sent at once, only those the budget still allows get through
   * (a check made first and a count made after the verdict would let the whole burst pass). While the
   * target is locked the attempt is refused and not counted (the lock's length says nothing of the
   * secret); otherwise it counts, and the one that uses up the free attempts sets the lock for the
   * next. The caller clears the count with `succeeded` when the secret was right.
   */
  async attempt(kind: ThrottleKind, key: string, now: Date): Promise<{ refusedFor: number }> {
    const at = now.toISOString();
    const held = `t.locked_until > $3::timestamptz`;
    const next = `(case when t.last_failed_at <= $3::timestamptz - make_interval(secs => $7) then 1 else t.failures + 1 end)`;
    const lock = `(case when ${next} > $4 then $3::timestamptz + make_interval(secs => least($5 * power(2, least(${next} - $4 - 1, 30)), $6)) end)`;
    const { rows } = await this.pool.query<{ refused: boolean; locked_until: Date | string | null }>(
      `insert into attempt_throttles as t (kind, key, failures, last_failed_at, locked_until, refused) values ($1, $2, 1, $3, null, false)
       on conflict (kind, key) do update set
         failures = case when ${held} then t.failures else ${next} end,
         last_failed_at = case when ${held} then t.last_failed_at else $3 end,
         locked_until = case when ${held} then t.locked_until else ${lock} end,
         refused = coalesce(${held}, false)
       returning refused, locked_until`,
      [kind, key, at, THROTTLE.FREE_FAILURES, THROTTLE.FIRST_LOCK_SECONDS, THROTTLE.MAX_LOCK_SECONDS, THROTTLE.FORGET_AFTER_SECONDS],
    );
    if (++this.counted % SWEEP_EVERY === 0) await this.sweep(now);
    const row = rows[0];
    const refusedFor = row?.refused && row.locked_until ? Math.ceil((new Date(row.locked_until).getTime() - now.getTime()) / 1000) : 0;
    return { refusedFor: Math.max(0, refusedFor) };
  }

  /** The right password, PIN or card: the count starts again. */
  async succeeded(kind: ThrottleKind, key: string): Promise<void> {
    await this.clear(kind, key);
  }

  /** Staff lift the lock (and forget the count). */
  async clear(kind: ThrottleKind, key: string): Promise<void> {
    await this.pool.query('delete from attempt_throttles where kind = $1 and key = $2', [kind, key]);
  }

  /** The lock staff see, while it holds; null when the target is not locked. */
  async lockOf(kind: ThrottleKind, key: string, now: Date): Promise<ThrottleLock | null> {
    const { rows } = await this.pool.query<{ failures: number; locked_until: Date | string | null }>('select failures, locked_until from attempt_throttles where kind = $1 and key = $2', [kind, key]);
    const row = rows[0];
    if (!row?.locked_until || new Date(row.locked_until).getTime() <= now.getTime()) return null;
    return { failures: Number(row.failures), lockedUntil: new Date(row.locked_until).toISOString() };
  }

  /** Rows with no failure for a day count nothing any more. */
  async sweep(now: Date): Promise<void> {
    await this.pool.query('delete from attempt_throttles where last_failed_at <= $1 and (locked_until is null or locked_until <= $1)', [new Date(now.getTime() - THROTTLE.FORGET_AFTER_SECONDS * 1000).toISOString()]);
  }
}

/** The login throttle's key of an account: its site and user id. */
export const accountKey = (siteId: string, userId: string): string => `${siteId}:${userId}`;
