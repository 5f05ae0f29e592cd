import { randomUUID } from 'node:crypto';
import { type CardExpired, cardDecider, cardStream } from '@kupon/domain';
import type { Actor, SqlPool } from '@kupon/eventstore';
import { completeCard } from './card-flow';
import { derivedId } from '../runner/derived-id';
import type { CommandMeta } from '../runner/meta';
import type { StreamCommands } from '../runner/stream-commands';

/** Which cards a sweep looks at: every site (the scheduled job), or one site, optionally one dealer's subtree (the back office's button). */
export interface ExpiryScope {
  readonly siteId?: string;
  /** Only the cards of this dealer and of the dealers under it. */
  readonly subtreeOf?: string;
}

export interface ExpirySweep {
  /** Cards this sweep expired (one another sweep or request expired first is not counted, though its refund is made sure of). */
  readonly expired: number;
  /** Their amount, given back to their dealers. */
  readonly returned: number;
  /** Refunds the dealer's wallet refused (`key|param`); the card-flow reactor tries each again. */
  readonly failures: readonly string[];
}

const PAGE = 500;

/**
 * Expires every card of `scope` whose time is up at `now` and gives its amount back to its dealer
 * (api/CARDS.md). Safe however many run at once, in any api process: `ExpireCard` is appended with
 * the card's revision and one event id per card (`card-expire/<cardId>`), so only one sweep writes
 * it; the refund's reference is that event's id, so the dealer's wallet takes it once, whoever
 * (a sweep, the card-flow reactor) gets there.
 */
export async function expireDueCards(deps: { readonly pool: SqlPool; readonly commands: StreamCommands }, now: Date, scope: ExpiryScope, by: Pick<CommandMeta, 'actor' | 'correlationId' | 'causationId'>): Promise<ExpirySweep> {
  const { pool, commands } = deps;
  let expired = 0;
  let returned = 0;
  const failures: string[] = [];
  // Keyset pages over (expires_at, card_id): a card the read model still shows issued after this sweep's no-op is passed, not looped on.
  let after: { expiresAt: Date; cardId: string } | null = null;
  for (;;) {
    const params: unknown[] = [now.toISOString(), scope.siteId ?? null, scope.subtreeOf ?? null, after?.expiresAt.toISOString() ?? null, after?.cardId ?? null];
    const { rows } = await pool.query<{ card_id: string; expires_at: Date | string }>(
      `select c.card_id, c.expires_at from cards c left join users d on d.user_id::text = c.dealer_id
        where c.state = 'issued' and c.expires_at <= $1::timestamptz
          and ($2::text is null or c.site_id = $2)
          and ($3::text is null or c.dealer_id = $3 or $3 = any(d.ancestors))
          and ($4::timestamptz is null or (c.expires_at, c.card_id) > ($4::timestamptz, $5::text))
        order by c.expires_at, c.card_id limit ${PAGE}`,
      params,
    );
    for (const { card_id: cardId } of rows) {
      const outcome = await commands.run(cardStream(cardId), cardDecider, { type: 'ExpireCard', now: now.toISOString() }, { actor: by.actor, correlationId: by.correlationId, causationId: by.causationId, at: now.toISOString(), eventId: () => derivedId('card-expire', cardId) });
      if (!outcome.ok || outcome.events.length === 0) continue;
      const event = (await commands.store.readStream(cardStream(cardId))).find((e) => e.type === 'CardExpired');
      if (!event) continue;
      const refunded = await completeCard(commands, event);
      if (!refunded.ok) failures.push(refunded.error);
      // Two sweeps racing both see the derived id in the stream; the stored event says whose it is.
      if (event.metadata.correlationId !== by.correlationId) continue;
      expired += 1;
      returned += (event.data as unknown as CardExpired['data']).amount;
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return { expired, returned, failures };
    after = { expiresAt: new Date(last.expires_at), cardId: last.card_id };
  }
}

export interface CardExpiryOptions {
  readonly pool: SqlPool;
  readonly commands: StreamCommands;
  readonly clock: () => Date;
  /** Between the end of one sweep and the start of the next; 0 never starts the timer (sweeps only on demand). */
  readonly intervalMs: number;
  /** A sweep that threw (database down…) or a refund that was refused; the next sweep runs on time all the same. */
  readonly onError?: (error: unknown) => void;
}

const SYSTEM: Actor = { userId: 'system', role: 'system' };

/** The default interval of `CARD_EXPIRY_INTERVAL_MS`: a card is returned at most a minute after its time is up. */
export const DEFAULT_CARD_EXPIRY_INTERVAL_MS = 60_000;

/** `CARD_EXPIRY_INTERVAL_MS`: milliseconds between sweeps, 0 for none; anything else stops the start with a clear message. */
export function cardExpiryIntervalFromEnv(env: Readonly<Record<string, string | undefined>>): number {
  const raw = env.CARD_EXPIRY_INTERVAL_MS?.trim();
  if (raw === undefined || raw === '') return DEFAULT_CARD_EXPIRY_INTERVAL_MS;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value)) throw new RangeError(`CARD_EXPIRY_INTERVAL_MS must be a whole number of milliseconds (0 for none), not "${raw}"`);
  return value;
}

/**
 * Expiry is time, not an event, so no reactor hears it: this timer sweeps every site's due cards
 * (`expireDueCards`), one sweep at a time per process. Every api process may run one; a second
 * process's sweep of the same cards writes nothing.
 */
export class CardExpiry {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();
  private stopped = true;

  constructor(private readonly options: CardExpiryOptions) {}

  /** One sweep now, over every site. */
  async sweep(): Promise<ExpirySweep> {
    const id = randomUUID();
    const swept = await expireDueCards(this.options, this.options.clock(), {}, { actor: SYSTEM, correlationId: id, causationId: id });
    for (const failure of swept.failures) this.options.onError?.(new Error(`card refund refused: ${failure}`));
    return swept;
  }

  start(): void {
    if (this.options.intervalMs <= 0 || !this.stopped) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.sweep()
        .catch((error: unknown) => this.options.onError?.(error))
        .finally(() => {
          if (!this.stopped) this.schedule();
        });
    }, this.options.intervalMs);
    // The timer alone keeps no process alive (a test's, a script's).
    this.timer.unref();
  }
}
