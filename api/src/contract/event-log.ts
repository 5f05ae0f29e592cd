import { z } from 'zod';

/**
 * Wire shapes of the event log: the regulator's read of what happened (spec §6, issue 4). Positions,
 * revisions and counts that are bigint in the store travel as decimal strings.
 */

const decimal = z.string().regex(/^\d+$/);
/** A global position as `commit:prepare`, the cursor of the next (older) page. */
const cursor = z.string().regex(/^\d{1,20}:\d{1,20}$/, 'invalidField|before');

export const EventLogQuery = z.object({
  category: z.string().regex(/^[A-Za-z0-9_]{1,40}$/, 'invalidField|category').optional().describe('stream category: user, wallet, coupon, transfer, match, site, unique'),
  type: z.string().max(80, 'invalidField|type').optional().describe('event type, e.g. UserLoggedIn'),
  stream: z.string().max(200, 'invalidField|stream').optional().describe('exact stream name'),
  actorUserId: z.string().max(80, 'invalidField|actorUserId').optional(),
  from: z.iso.datetime({ message: 'dateRequired|from' }).optional().describe('inclusive, on the time the command was decided'),
  to: z.iso.datetime({ message: 'dateRequired|to' }).optional().describe('exclusive'),
  before: cursor.optional().describe('nextBefore of the previous page'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const EventActor = z.object({ userId: z.string(), role: z.string(), ip: z.string().nullable() });

export const Position = z.object({ commit: decimal, prepare: decimal });

export const EventLogEntry = z.object({
  eventId: z.string(),
  streamName: z.string(),
  streamRevision: decimal,
  category: z.string(),
  type: z.string(),
  position: Position,
  actor: EventActor,
  correlationId: z.string(),
  causationId: z.string(),
  at: z.string(),
});
export type EventLogEntry = z.infer<typeof EventLogEntry>;

export const EventLogPage = z.object({
  entries: z.array(EventLogEntry),
  /** Pass as `before` for the next, older page; null on the last page. */
  nextBefore: z.string().nullable(),
});
export type EventLogPage = z.infer<typeof EventLogPage>;

export const StreamNameParams = z.object({ streamName: z.string().min(1).max(200, 'invalidField|streamName') });

export const StreamQuery = z.object({
  fromRevision: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

/** One stored event as the store holds it: what its hash covers, so a reader can check the chain itself. */
export const StoredEvent = z.object({
  eventId: z.string(),
  type: z.string(),
  streamRevision: decimal,
  position: Position,
  data: z.record(z.string(), z.unknown()),
  metadata: z
    .object({
      correlationId: z.string(),
      causationId: z.string(),
      actor: z.object({ userId: z.string(), role: z.string(), ip: z.string().optional() }),
      at: z.string(),
      schemaVersion: z.number(),
      prevHash: z.string(),
      hash: z.string(),
    })
    .loose(),
  /** The actor belongs to another site (a shared stream): its id and address are withheld, so this event's hash cannot be recomputed by the reader. */
  actorWithheld: z.boolean(),
});
export type StoredEvent = z.infer<typeof StoredEvent>;

export const StreamEvents = z.object({ streamName: z.string(), events: z.array(StoredEvent), nextFromRevision: decimal.nullable() });
export type StreamEvents = z.infer<typeof StreamEvents>;

export const VerifyQuery = z.object({ stream: z.string().min(1).max(200, 'invalidField|stream').optional().describe('one stream; without it every stream of the store') });

export const VerifyReportView = z.object({
  scope: z.enum(['stream', 'all']),
  ok: z.boolean(),
  streamsChecked: z.number().int(),
  eventsChecked: z.number().int(),
  firstFailure: z
    .object({ streamName: z.string(), streamRevision: decimal, eventId: z.string().nullable(), reason: z.enum(['hash_mismatch', 'broken_link', 'missing_event']) })
    .nullable(),
  /** The first failure lies in a stream of another site: named to that site's staff only. */
  firstFailureElsewhere: z.boolean(),
});
export type VerifyReportView = z.infer<typeof VerifyReportView>;
