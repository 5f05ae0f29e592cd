import { StreamCommands } from '@kupon/commands';
import { matchDecider, matchStream, type MatchCommand, errorKey } from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import { v5 as uuidv5 } from 'uuid';
import { matchIdOf, type FeedMessage, type FeedSource } from './messages';

/** uuid v5 namespace of feed-derived event ids. */
export const FEED_NAMESPACE = '6c1f3b52-8c51-4d0e-9a55-1d8c2f0b7a61';

const ACTOR = { userId: 'feed', role: 'feed' } as const;

export interface IngestStats {
  messages: number;
  events: number;
  refused: number;
}

export interface FeedIngestorOptions {
  /** Most matches written at once (messages of one match always go in order). */
  readonly concurrency?: number;
  readonly onRefused?: (message: FeedMessage, error: string) => void;
  /** A message that could not be stored (the store failed): the feed goes on with the next. */
  readonly onError?: (message: FeedMessage, error: unknown) => void;
}

/**
 * Turns feed messages into commands on the `match-…` streams. Every event id is a uuid v5 of the
 * message id, so a redelivered message appends nothing. Messages of one match are applied in order;
 * different matches go concurrently, so the event store can group their appends.
 */
export class FeedIngestor {
  private readonly commands: StreamCommands;
  private readonly queues = new Map<string, Promise<void>>();
  private readonly concurrency: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  readonly stats: IngestStats = { messages: 0, events: 0, refused: 0 };

  constructor(
    store: EventStore,
    private readonly options: FeedIngestorOptions = {},
  ) {
    this.commands = new StreamCommands(store);
    this.concurrency = options.concurrency ?? 64;
  }

  /** Queues a message behind the earlier ones of its match; resolves once it is stored. */
  async ingest(message: FeedMessage): Promise<void> {
    await this.acquire();
    return this.dispatch(message);
  }

  /** Reads a source to its end (or until it is closed), keeping up to `concurrency` messages in flight. */
  async run(source: FeedSource): Promise<void> {
    for await (const message of source.messages()) {
      await this.acquire();
      void this.dispatch(message).catch((error: unknown) => this.options.onError?.(message, error));
    }
    await this.drain();
  }

  private async acquire(): Promise<void> {
    if (this.inFlight >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
  }

  private dispatch(message: FeedMessage): Promise<void> {
    const matchId = matchIdOf(message);
    const previous = this.queues.get(matchId) ?? Promise.resolve();
    const done = previous
      .catch(() => undefined)
      .then(() => this.apply(message))
      .finally(() => {
        this.inFlight--;
        this.waiting.shift()?.();
        if (this.queues.get(matchId) === done) this.queues.delete(matchId);
      });
    this.queues.set(matchId, done);
    return done;
  }

  /** Resolves once every message handed over so far (queued, or waiting for a slot) is stored. */
  async drain(): Promise<void> {
    while (this.queues.size > 0 || this.waiting.length > 0) {
      await Promise.allSettled([...this.queues.values()]);
      // A message that just got its slot is dispatched in a microtask: look again after them.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async apply(message: FeedMessage): Promise<void> {
    this.stats.messages++;
    const stream = matchStream(matchIdOf(message));
    const commands = await this.commandsFor(message, stream);
    for (const [suffix, command] of commands) {
      const outcome = await this.commands.run(
        stream,
        matchDecider,
        command,
        {
          actor: ACTOR,
          correlationId: message.id,
          causationId: message.id,
          at: command.now,
          eventId: (index) => uuidv5(`${message.id}|${suffix}|${index}`, FEED_NAMESPACE),
        },
        undefined,
      );
      if (outcome.ok) this.stats.events += outcome.events.length;
      else {
        this.stats.refused++;
        this.options.onRefused?.(message, errorKey(outcome.error));
      }
    }
  }

  private async commandsFor(message: FeedMessage, stream: string): Promise<[string, MatchCommand][]> {
    const now = message.at;
    switch (message.kind) {
      case 'fixture_change': {
        const { state } = await this.commands.load(stream, matchDecider);
        return [['f', { type: state.status === 'none' ? 'CreateFixture' : 'ChangeFixture', fixture: message.fixture, now }]];
      }
      case 'odds_change': {
        const commands: [string, MatchCommand][] = [];
        if (message.state) commands.push(['s', { type: 'UpdateMatchState', matchId: message.matchId, state: message.state, now }]);
        if (message.markets.length > 0) commands.push(['o', { type: 'ChangeOdds', matchId: message.matchId, markets: message.markets, now }]);
        return commands;
      }
      case 'bet_stop':
        return [['b', { type: 'StopBets', matchId: message.matchId, reason: message.reason, now }]];
      case 'bet_settlement': {
        const { state } = await this.commands.load(stream, matchDecider);
        const recorded = state.status === 'open' && state.result !== null;
        return [['r', { type: recorded ? 'CorrectResult' : 'RecordResult', matchId: message.matchId, result: message.result, now }]];
      }
      case 'rollback_bet_settlement':
        return [['x', { type: 'RollBackSettlement', matchId: message.matchId, now }]];
      case 'bet_cancel':
        return [
          [
            'c',
            {
              type: 'CancelBets',
              matchId: message.matchId,
              cancellationId: message.id,
              from: message.from,
              to: message.to,
              markets: message.markets,
              reason: message.reason,
              now,
            },
          ],
        ];
      default: {
        const unknown: never = message;
        throw new Error(`unknown feed message ${JSON.stringify(unknown)}`);
      }
    }
  }
}
