import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';

/**
 * The zod validator of every route, after one check the schemas cannot forget: no text input carries a
 * NUL (PostgreSQL refuses it in text and jsonb, which would answer 500) or another C0 control other
 * than tab, line feed and carriage return. Refused as `invalidCharacter|field` (the field's path, e.g.
 * `notificationIds.0`) for the body, the query and the path alike.
 */
export const wireValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const field = controlCharacterAt(data, []);
    if (field !== null) return { error: new ApiError(400, 'invalidCharacter', field || route.httpPart || 'body') };
    return validate(data);
  };
};

// eslint-disable-next-line no-control-regex -- the point: C0 controls other than \t, \n, \r
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Deeper than any wire schema goes: what lies below is refused by the schema itself. */
const MAX_DEPTH = 32;

/** The dotted path of the first string (or key) holding a forbidden control character, or null. */
function controlCharacterAt(value: unknown, path: readonly string[]): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') : null;
  if (path.length > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterAt(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (CONTROL.test(key)) return [...path, key.replace(CONTROL, '?')].join('.');
      const found = controlCharacterAt(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
