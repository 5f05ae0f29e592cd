import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { SESSION_COOKIE } from './auth';

/** OpenAPI from the routes' own zod schemas, served at /docs (UI) and /docs/json. */
export const openApiPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Kupon api', description: 'Sportsbook, casino and back office. Errors are `{ error: "key|param" }` (spec §8).', version: '1.0.0' },
        components: {
          securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
          parameters: {},
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  },
  { name: 'kupon-openapi' },
);
