import { createHash } from 'node:crypto';
import type { EventMetadata, EventMetadataInput, Json, JsonObject, RecordedEvent } from '../port';
import { canonicalJson } from './canonical-json';

/** prevHash of every stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** The metadata that is hashed: everything but the chain fields themselves. */
export function hashedMetadata(metadata: EventMetadataInput | EventMetadata): JsonObject {
  const { prevHash: _prev, hash: _hash, ...rest } = metadata as EventMetadata;
  return rest as unknown as JsonObject;
}

/**
 * The canonical JSON of `[prevHash, id, type, data, metadata]` without its first element and opening
 * bracket: `,"<id>","<type>",<data>,<metadata>]`. The PostgreSQL adapter sends this tail and lets the
 * database prefix `["<prevHash>"` under the stream lock, so a whole batch chains in one round trip.
 */
export function hashTail(event: { id: string; type: string; data: JsonObject; metadata: EventMetadataInput }): string {
  const body = canonicalJson([event.id, event.type, event.data, hashedMetadata(event.metadata)] as Json);
  return `,${body.slice(1)}`;
}

/** sha-256 (hex) over the canonical JSON `[prevHash, id, type, data, metadata-without-hashes]`. */
export function chainHash(prevHash: string, tail: string): string {
  return createHash('sha256').update(`["${prevHash}"${tail}`, 'utf8').digest('hex');
}

export function eventHash(prevHash: string, event: Pick<RecordedEvent, 'id' | 'type' | 'data' | 'metadata'>): string {
  return chainHash(prevHash, hashTail(event));
}
