import type { z } from 'zod';
import { parseErrorText } from './api-client';

/** One refusal per field path ('amount', 'limits.combine.maxStake'), as a spec §8 key and its params. */
export type FieldErrors = Readonly<Record<string, { readonly key: string; readonly params: readonly string[] }>>;

export type Validated<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly errors: FieldErrors };

/** A message that is a translation key (`invalidAmount`, `minLengthMaxLength|userName|4|20`), not zod's own English. */
const KEY_TEXT = /^[A-Za-z_]+(\|.*)?$/;

/**
 * Validates a form with the api's own zod schema (the route's body schema from `@contract`), so the
 * back office refuses exactly what the server would, with the same §8 keys.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): Validated<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, { key: string; params: string[] }> = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    if (errors[path]) continue;
    errors[path] = KEY_TEXT.test(issue.message) ? parseErrorText(issue.message) : { key: 'invalidField', params: [path] };
  }
  return { ok: false, errors };
}
