import type { Json } from '../port';

/**
 * Canonical JSON (the RFC 8785 shape for the values we store): object keys sorted by UTF-16 code
 * units, no whitespace, numbers and strings as JSON.stringify writes them. jsonb and EventStoreDB both
 * reorder or reformat what they store; hashing this form makes the hash survive the round trip.
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
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
      const keys = Object.keys(value)
        .filter((key) => value[key] !== undefined)
        .sort();
      return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
    }
    default:
      throw new TypeError(`Cannot store a ${typeof value} in an event`);
  }
}
