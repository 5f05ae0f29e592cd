import { isDomainError } from '@kupon/domain';
import { IdempotencyConflict, WrongExpectedRevision } from '@kupon/eventstore';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError, oneLine, refusal } from '../http/api-error';

/** PostgreSQL's undefined_column and undefined_table. */
const READ_MODEL_NOT_THERE_YET: ReadonlySet<string> = new Set(['42703', '42P01']);

/** A spec §8 key, optionally with params: `usernameAlreadyUseRegister`, `minLengthMaxLength|userName|5|20`. */
const KEY = /^[A-Za-z][A-Za-z0-9_]*(\|[^|\s]*)*$/;

interface ZodIssueLike {
  readonly keyword: string;
  readonly instancePath: string;
  readonly message: string;
  readonly params: Record<string, unknown>;
}

/**
 * Central error mapping (STYLE.md: validation errors are mapped once, centrally). Every refusal is
 * `{ error: 'key|param' }`: a schema's own message when it is a key, else a §8 validation key by the
 * kind of failure, naming the field. A 5xx never leaks an internal message.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | ApiError | Error, request, reply) => {
      if (error instanceof ApiError) return reply.code(error.statusCode).send({ error: error.wire });
      if (isDomainError(error)) {
        const mapped = refusal(error);
        return reply.code(mapped.statusCode).send({ error: mapped.wire });
      }
      if (error instanceof WrongExpectedRevision) {
        // Another process kept writing the same stream through every retry of the command runner: the
        // request changed nothing, and may be sent again.
        request.log.warn({ err: error }, 'stream still contended after retries');
        return reply.code(409).send({ error: 'concurrentUpdate' });
      }
      if (error instanceof IdempotencyConflict) {
        // An event id derived from the request (a client request id, a provider's reference) is already
        // another stream's: the same words were used for something else, and nothing was written.
        request.log.warn({ err: error }, 'event id already used by another stream');
        return reply.code(409).send({ error: 'requestIdReused' });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issue = error.validation[0] as unknown as ZodIssueLike;
        return reply.code(400).send({ error: oneLine(validationKey(issue, (error as FastifyError).validationContext ?? 'body')) });
      }
      const status = (error as FastifyError).statusCode ?? 500;
      if (status === 429) return reply.code(429).send({ error: 'tooManyRequests' });
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (malformed JSON, body too large, unsupported media type): name the kind.
        const code = (error as FastifyError).code ?? 'badRequest';
        return reply.code(status).send({ error: `badRequest|${code}` });
      }
      if (READ_MODEL_NOT_THERE_YET.has((error as { code?: unknown }).code as string)) {
        // New code whose read model's new version is still filling behind the old one (its tables swap
        // in when caught up; the old build's views lack what the new code reads): a wait, not a fault.
        request.log.warn({ err: error }, 'read model not built for this version yet');
        return reply.code(503).header('retry-after', '5').send({ error: 'readModelBuilding' });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ error: 'tecnicalProblemTitle' });
    });

    app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `notFound|${request.method} ${request.url.split('?')[0]}` }));
  },
  { name: 'kupon-errors' },
);

/**
 * fastify's `frameworkErrors`: what its router refuses before any route or error handler is reached
 * (a path parameter over `maxParamLength` → 414, a malformed percent-encoding → 400). Without it fastify
 * answers `{ error: 'Bad Request', message: <the whole url> }`; with it, a key like every other refusal.
 */
export function frameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(error.statusCode ?? 400).send({ error: `badRequest|${error.code}` });
}

function validationKey(issue: ZodIssueLike, context: string): string {
  if (KEY.test(issue.message)) return issue.message;
  const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context;
  const params = issue.params;
  switch (issue.keyword) {
    case 'invalid_type':
      return params.input === undefined ? `isRequiredArea|${field}` : `invalidField|${field}`;
    case 'too_small':
    case 'too_big':
      return params.origin === 'string' ? `unexpectedLength|${field}` : `outOfRange|${field}`;
    case 'invalid_format':
      return params.format === 'email' ? `emailRequired|${field}` : `invalidField|${field}`;
    default:
      return `invalidField|${field}`;
  }
}
