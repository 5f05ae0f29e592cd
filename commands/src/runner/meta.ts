import type { Actor, EventMetadata, RecordedEvent } from '@kupon/eventstore';
import { derivedId } from './derived-id';

/** Who issues a command, why, and when: what the runner writes into each event's metadata. */
export interface CommandMeta {
  readonly actor: Actor;
  readonly correlationId: string;
  /** The request or event that caused this command. */
  readonly causationId: string;
  /** ISO instant the command is decided at; the same `now` the command carries. */
  readonly at: string;
  /**
   * Event ids by index: deterministic for reactors (uuid v5 of the causing event), so a retried
   * command or a redelivered event appends nothing new.
   */
  readonly eventId: (index: number) => string;
}

/**
 * What a command caused by an event needs of it: a stored event, or one a reactor has just appended
 * and knows without reading it back (its id is derived, its revision returned by the append).
 */
export type Cause = Pick<RecordedEvent, 'id' | 'type' | 'data' | 'streamRevision'> & { readonly metadata: Pick<EventMetadata, 'correlationId' | 'at'> };

/** The metadata of a command a reactor issues because of `cause`: ids and time derive from it, so a redelivery is the same command. */
export function metaFromCause(reactor: string, cause: Cause): CommandMeta {
  return {
    actor: { userId: 'system', role: 'reactor' },
    correlationId: cause.metadata.correlationId,
    causationId: cause.id,
    at: cause.metadata.at,
    eventId: (index) => derivedId(reactor, cause.id, String(index)),
  };
}

/** Who asks for a use case, through which request: the actor (`{ userId, role, ip }`) and the request that correlates its events. */
export interface Requester {
  readonly actor: Actor;
  /** The server's id of the request (correlation and causation of every event it appends). */
  readonly correlationId: string;
}

/**
 * The metadata of a command a request issues: its event ids derive from `scope`, the actor and the
 * client's request id, so a retried request appends nothing new.
 */
export function requestMetaOf(by: Requester, requestId: string, scope: string, at: Date): CommandMeta {
  return {
    actor: by.actor,
    correlationId: by.correlationId,
    causationId: by.correlationId,
    at: at.toISOString(),
    eventId: (index) => derivedId(scope, by.actor.userId, requestId, String(index)),
  };
}
