import { type Decider, type DomainError, isDomainError } from '@kupon/domain';
import {
  type Actor,
  type EventStore,
  type ExpectedRevision,
  type JsonObject,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevision,
} from '@kupon/eventstore';

/** A domain event as deciders return it; the store adds id and metadata. */
export interface DomainEvent {
  readonly type: string;
  readonly data: object;
}

export interface CommandEnvelope<Command> {
  readonly command: Command;
  readonly actor: Actor;
  readonly correlationId: string;
  /** The request or event that caused this command. */
  readonly causationId: string;
  /** ISO instant the command is decided at; the same `now` the command carries. */
  readonly at: string;
  /**
   * Ids for the events decided, by index. Deterministic for reactors (uuid v5 of the causing event),
   * so a redelivered event appends nothing new.
   */
  readonly eventId: (index: number) => string;
}

export type CommandOutcome<Event> =
  | { readonly ok: true; readonly events: readonly Event[]; readonly nextExpectedRevision: bigint }
  | { readonly ok: false; readonly error: DomainError };

interface Folded<State> {
  readonly state: State;
  /** Revision of the last event folded; -1n for none. */
  readonly revision: bigint;
}

const MAX_ATTEMPTS = 8;
const CACHE_LIMIT = 10_000;

/**
 * ARCHITECTURE.md's command handler: read one stream, fold `evolve`, `decide`, append with the
 * revision read; on a concurrency error reload and decide again, a bounded number of times. Folded
 * state is kept per stream by revision, so a busy stream is never replayed from the start per command.
 */
export class CommandHandler<State, Command, Event extends DomainEvent, Context> {
  private readonly cache = new Map<string, Folded<State>>();

  constructor(
    private readonly store: EventStore,
    private readonly decider: Decider<State, Command, Event, Context>,
    private readonly schemaVersion = 1,
  ) {}

  async handle(stream: string, envelope: CommandEnvelope<Command>, context: () => Context | Promise<Context>): Promise<CommandOutcome<Event>> {
    for (let attempt = 1; ; attempt++) {
      const folded = await this.load(stream);
      const decided = this.decider.decide(envelope.command, folded.state, await context());
      if (isDomainError(decided)) return { ok: false, error: decided };
      if (decided.length === 0) return { ok: true, events: [], nextExpectedRevision: folded.revision };
      const expectedRevision: ExpectedRevision = folded.revision < 0n ? 'no_stream' : folded.revision;
      const events: NewEvent[] = decided.map((event, index) => ({
        id: envelope.eventId(index),
        type: event.type,
        data: event.data as JsonObject,
        metadata: {
          correlationId: envelope.correlationId,
          causationId: envelope.causationId,
          actor: envelope.actor,
          at: envelope.at,
          schemaVersion: this.schemaVersion,
        },
      }));
      try {
        const result = await this.store.append(stream, events, { expectedRevision });
        if (result.nextExpectedRevision === folded.revision + BigInt(events.length)) {
          this.remember(stream, { state: decided.reduce(this.decider.evolve, folded.state), revision: result.nextExpectedRevision });
        } else {
          // An idempotent retry: the events were stored before; let the next read fold what is there.
          this.cache.delete(stream);
        }
        return { ok: true, events: decided, nextExpectedRevision: result.nextExpectedRevision };
      } catch (error) {
        this.cache.delete(stream);
        if (error instanceof WrongExpectedRevision && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  /** The stream's state as of its last event. */
  async load(stream: string): Promise<Folded<State>> {
    let folded = this.cache.get(stream) ?? { state: this.decider.initialState, revision: -1n };
    for (;;) {
      const page = await this.store.readStream(stream, { fromRevision: folded.revision + 1n, maxCount: 500 });
      folded = page.reduce<Folded<State>>((acc, event) => ({ state: this.decider.evolve(acc.state, toDomainEvent<Event>(event)), revision: event.streamRevision }), folded);
      if (page.length < 500) break;
    }
    this.remember(stream, folded);
    return folded;
  }

  private remember(stream: string, folded: Folded<State>): void {
    this.cache.delete(stream);
    this.cache.set(stream, folded);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }
}

function toDomainEvent<Event extends DomainEvent>(event: RecordedEvent): Event {
  return { type: event.type, data: event.data } as unknown as Event;
}
