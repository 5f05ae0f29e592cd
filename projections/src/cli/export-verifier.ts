import { eventHash, GENESIS_HASH, type EventMetadata, type JsonObject } from '@kupon/eventstore';

/** How an exported event is written: one JSON line each, after the header line (api contract/reports.ts). */
export interface ExportLine {
  readonly streamName: string;
  readonly streamRevision: string;
  readonly position: string;
  readonly id: string;
  readonly type: string;
  readonly data: JsonObject;
  readonly metadata: EventMetadata;
  /** The actor belongs to another brand and was withheld: the hash cannot be recomputed, only the links checked. */
  readonly actorWithheld?: boolean;
}

export type ExportFailureReason = 'unreadable_line' | 'not_an_export' | 'missing_event' | 'broken_link' | 'hash_mismatch' | 'count_mismatch';

export interface ExportVerdict {
  readonly ok: boolean;
  readonly events: number;
  readonly streams: number;
  /** Streams whose first exported event is not their first event: the link to the one before is taken on trust. */
  readonly streamsStartingMidChain: number;
  /** Events whose hash could not be recomputed (actor withheld); their links were still checked. */
  readonly hashesNotRecomputable: number;
  readonly firstFailure: { readonly line: number; readonly streamName: string | null; readonly streamRevision: string | null; readonly eventId: string | null; readonly reason: ExportFailureReason } | null;
}

/**
 * Re-verifies an event export offline: every event's hash is recomputed from its content and the
 * hash before it (the store's rule: sha-256 of the canonical JSON [prevHash, id, type, data,
 * metadata without the hashes]), and within each stream every event must follow the one before it
 * (next revision, prevHash = its hash). A stream export must start at the stream's first event.
 */
export function verifyExport(lines: readonly string[]): ExportVerdict {
  const content = lines.filter((line) => line.trim() !== '');
  const streams = new Map<string, { revision: bigint; hash: string }>();
  let midChain = 0;
  let notRecomputable = 0;
  let events = 0;
  const verdict = (failure: ExportVerdict['firstFailure']): ExportVerdict => ({ ok: failure === null, events, streams: streams.size, streamsStartingMidChain: midChain, hashesNotRecomputable: notRecomputable, firstFailure: failure });
  const fail = (line: number, reason: ExportFailureReason, event?: Partial<ExportLine>) =>
    verdict({ line, streamName: event?.streamName ?? null, streamRevision: event?.streamRevision ?? null, eventId: event?.id ?? null, reason });

  let header: { kind?: unknown; scope?: unknown; events?: unknown };
  try {
    header = JSON.parse(content[0] ?? '') as typeof header;
  } catch {
    return fail(1, 'unreadable_line');
  }
  if (header.kind !== 'kupon-event-export') return fail(1, 'not_an_export');

  for (let i = 1; i < content.length; i++) {
    const lineNo = i + 1;
    let event: ExportLine;
    try {
      event = JSON.parse(content[i]!) as ExportLine;
      if (typeof event.streamName !== 'string' || typeof event.metadata?.hash !== 'string') throw new Error('shape');
    } catch {
      return fail(lineNo, 'unreadable_line');
    }
    events++;
    const revision = BigInt(event.streamRevision);
    const previous = streams.get(event.streamName);
    if (previous) {
      if (revision !== previous.revision + 1n) return fail(lineNo, 'missing_event', event);
      if (event.metadata.prevHash !== previous.hash) return fail(lineNo, 'broken_link', event);
    } else if (revision === 0n || header.scope === 'stream') {
      if (revision !== 0n) return fail(lineNo, 'missing_event', event);
      if (event.metadata.prevHash !== GENESIS_HASH) return fail(lineNo, 'broken_link', event);
    } else {
      midChain++;
    }
    if (event.actorWithheld) notRecomputable++;
    else if (eventHash(event.metadata.prevHash, event) !== event.metadata.hash) return fail(lineNo, 'hash_mismatch', event);
    streams.set(event.streamName, { revision, hash: event.metadata.hash });
  }
  if (header.events !== events) return fail(content.length, 'count_mismatch');
  return verdict(null);
}
