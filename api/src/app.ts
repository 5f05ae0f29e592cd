import type { EventStore, SqlPool } from '@kupon/eventstore';
import Fastify, { type FastifyInstance } from 'fastify';

export interface AppDependencies {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly logger?: boolean;
}

/** The HTTP api. Later issues add one encapsulated plugin per bounded context. */
export function buildApp({ store, pool, logger = false }: AppDependencies): FastifyInstance {
  const app = Fastify({ logger, requestIdHeader: 'x-request-id' });

  app.get('/health', async (_request, reply) => {
    try {
      await pool.query('select 1');
      const head = await store.headPosition();
      return { status: 'ok', eventStore: store.kind, database: pool.dialect, head: { commit: head.commit.toString(), prepare: head.prepare.toString() } };
    } catch (error) {
      app.log.error(error);
      return reply.code(503).send({ status: 'unavailable', eventStore: store.kind, database: pool.dialect });
    }
  });

  return app;
}
