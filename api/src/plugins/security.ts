import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

/** Per-route limits, in requests per window per client address and site. */
export interface RateLimits {
  readonly login: { readonly max: number; readonly timeWindow: number };
  readonly register: { readonly max: number; readonly timeWindow: number };
  readonly forgotPassword: { readonly max: number; readonly timeWindow: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  login: { max: 10, timeWindow: 60_000 },
  register: { max: 5, timeWindow: 60_000 },
  forgotPassword: { max: 5, timeWindow: 60_000 },
};

/**
 * helmet's headers on every answer; @fastify/rate-limit only where a route asks for it
 * (`config: { rateLimit: limits.login }`): login, register, forgot password. Its counters are in this
 * process's memory; several api processes would share them through its redis store.
 */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, { global: true });
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) => `${request.ip}|${request.site?.siteId ?? '-'}`,
      // Thrown by the plugin; the error plugin answers it as `tooManyRequests|<seconds until allowed>`.
      errorResponseBuilder: (_request, context) => new ApiError(429, 'tooManyRequests', Math.ceil(context.ttl / 1000)) as unknown as { statusCode: number },
    });
  },
  { name: 'kupon-security' },
);
