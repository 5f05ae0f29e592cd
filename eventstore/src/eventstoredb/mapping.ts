import {
  type AllStreamResolvedEvent,
  type CurrentRevision,
  START as ESDB_START,
  ErrorType,
  type Filter,
  type ReadPosition,
  type ResolvedEvent,
  eventTypeFilter,
  excludeSystemEvents,
  streamNameFilter,
} from '@eventstore/db-client';
import {
  type AllFilter,
  comparePositions,
  type EventMetadata,
  type ExpectedRevision,
  type JsonObject,
  type Position,
  type RecordedEvent,
  START,
  streamCategory,
} from '../port';

/*
 * The pure half of the EventStoreDB adapter: how the port's words translate into the client's.
 * Nothing here talks to a server, so all of it is unit-tested without one.
 */

/** The port's START (-1, -1) is "before everything"; the client says that with its 'start' constant. */
export function toReadPosition(position: Position): ReadPosition {
  return comparePositions(position, START) <= 0 ? ESDB_START : { commit: position.commit, prepare: position.prepare };
}

/**
 * The port's fromPosition is exclusive, EventStoreDB's is inclusive (reads) or server-defined
 * (subscriptions): every reader drops what is not strictly after where it was asked to start.
 */
export function isAfter(position: Position, from: Position): boolean {
  return comparePositions(position, from) > 0;
}

/** EventStoreDB's own records ($stats, $settings, links, stream metadata): never part of Kupon's log. */
export function isSystemRecord(streamName: string, type: string): boolean {
  return streamName.startsWith('$') || type.startsWith('$');
}

/** The exact port semantics, the same as the PostgreSQL adapter's SQL: categories AND types, empty lists mean "all". */
export function matchesFilter(filter: AllFilter | undefined, streamName: string, type: string): boolean {
  if (filter?.streamCategories?.length && !filter.streamCategories.includes(streamCategory(streamName))) return false;
  if (filter?.eventTypes?.length && !filter.eventTypes.includes(type)) return false;
  return true;
}

/**
 * The server-side filter for subscribeToAll. It only narrows what crosses the wire: EventStoreDB
 * filters on the stream name or on the event type, never both, and by prefix, so `matchesFilter`
 * still decides exactly (a type prefix `CouponPlaced` also lets `CouponPlacedV2` through).
 * Categories are the stream-name prefix `category-`, because streams are named `category-id`.
 */
export function serverFilter(filter: AllFilter | undefined): Filter {
  if (filter?.streamCategories?.length) return streamNameFilter({ prefixes: filter.streamCategories.map((category) => `${category}-`) });
  if (filter?.eventTypes?.length) return eventTypeFilter({ prefixes: [...filter.eventTypes] });
  return excludeSystemEvents();
}

/** Whether a stream whose last revision is `actual` satisfies the caller's expectation. */
export function expectationHolds(expected: ExpectedRevision, actual: bigint | 'no_stream'): boolean {
  switch (expected) {
    case 'any':
      return true;
    case 'no_stream':
      return actual === 'no_stream';
    case 'stream_exists':
      return actual !== 'no_stream';
    default:
      return actual === expected;
  }
}

/** The client's "current revision" (its own 'no_stream' or -1n when it does not throw) as the port's. */
export function toActualRevision(current: CurrentRevision): bigint | 'no_stream' {
  return current === 'no_stream' || current < 0n ? 'no_stream' : current;
}

export type RetryCheck =
  /** None of the ids is in the stream: write the batch. */
  | { readonly kind: 'new' }
  /** Every id is there: a retry of a batch that was written; answer with its last event. */
  | { readonly kind: 'stored'; readonly last: RecordedEvent }
  /** Some are, some are not: not a clean retry. */
  | { readonly kind: 'partly_stored' };

/** Classifies a batch against the stream's recent events (any order). Ids must be distinct. */
export function checkRetry(ids: readonly string[], recent: readonly RecordedEvent[]): RetryCheck {
  const wanted = new Set(ids);
  let found = 0;
  let last: RecordedEvent | null = null;
  for (const event of recent) {
    if (!wanted.has(event.id)) continue;
    found++;
    if (last === null || event.streamRevision > last.streamRevision) last = event;
  }
  if (last === null) return { kind: 'new' };
  return found === wanted.size ? { kind: 'stored', last } : { kind: 'partly_stored' };
}

/** A client error of the given kind, judged by its `type` tag rather than by class identity. */
export function isClientError(error: unknown, type: ErrorType): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;
}

function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/**
 * One record as the port's RecordedEvent, or null for EventStoreDB's own records. A non-JSON or
 * position-less record in a user stream was not written by this adapter (or comes from a server
 * older than 22.6, which does not return positions on stream reads): that is an error, not a skip.
 */
export function toRecordedEvent(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
  const recorded = resolved.event;
  if (!recorded || isSystemRecord(recorded.streamId, recorded.type)) return null;
  const where = `event ${recorded.id} (${recorded.streamId}@${recorded.revision})`;
  if (!recorded.isJson || !isJsonObject(recorded.data)) throw new Error(`${where} is not a JSON object event`);
  if (!isJsonObject(recorded.metadata)) throw new Error(`${where} has no JSON metadata`);
  if (!recorded.position) throw new Error(`${where} came without a log position (EventStoreDB 22.6 or later is required)`);
  return {
    id: recorded.id,
    type: recorded.type,
    data: recorded.data,
    metadata: recorded.metadata as unknown as EventMetadata,
    streamName: recorded.streamId,
    streamRevision: recorded.revision,
    position: { commit: recorded.position.commit, prepare: recorded.position.prepare },
  };
}
