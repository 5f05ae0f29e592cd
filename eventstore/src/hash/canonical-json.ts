import type { Json } from '../port';

/** Keys seen before, quoted (event data reuses a few hundred keys over and over). */
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 4096;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, quoted);
  }
  return quoted;
}

function sortedKeys(value: { readonly [key: string]: Json | undefined }): string[] {
  const keys = Object.keys(value);
  // Most objects are written with their keys in order already: sort only when they are not.
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1]! > keys[i]!) return keys.sort();
  }
  return keys;
}

/**
 * Canonical JSON (the RFC 8785 shape for the values we store): object keys sorted by UTF-16 code
 * units, no whitespace, numbers and strings as JSON.stringify writes them. jsonb and EventStoreDB both
 * reorder or reformat what they store; hashing this form makes the hash survive the round trip.
 * Every event appended goes through it once (its hash), so it builds one string without
 * intermediate arrays.
 */
export function canonicalJson(value: Json | undefined): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Cannot store non-finite number ${value}`);
      return JSON.stringify(value);
    case 'string':
      return JSON.stringify(value);
    case 'object': {
      // As JSON.stringify does: a Date (anything with toJSON) is written as what toJSON returns. The
      // database stores what this text says, so the two must agree.
      if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalJson((value as unknown as { toJSON(): Json }).toJSON());
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonicalJson(value[i]);
        return `${out}]`;
      }
      let out = '{';
      let first = true;
      for (const key of sortedKeys(value)) {
        const item = value[key];
        if (item === undefined) continue;
        out += `${first ? '' : ','}${quotedKey(key)}:${canonicalJson(item)}`;
        first = false;
      }
      return `${out}}`;
    }
    default:
      throw new TypeError(`Cannot store a ${typeof value} in an event`);
  }
}
