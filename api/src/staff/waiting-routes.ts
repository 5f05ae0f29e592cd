import { kyselyOver } from '@kupon/eventstore';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorBody } from '../contract/identity';
import { StaffWaiting } from '../contract/staff-waiting';
import type { MoneyServices } from '../payments/money';
import { actorOf, requireRole } from '../plugins/auth';

const refusals = { 401: ErrorBody, 403: ErrorBody };

type Waiting = Pick<MoneyServices, 'pool' | 'providers'>;

/** count(*) comes back as a string (int8) from both drivers. */
const counted = (row: { n: string | number | bigint }): number => Number(row.n);

/** The counts of the site's queues that wait for its staff (api/src/contract/staff-waiting.ts). */
export const staffWaitingRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: Waiting = app.money;
  const db = kyselyOver(services.pool);
  const selfConfirming = [...services.providers.keys()];

  app.get(
    '/',
    { preParsing: requireRole('admin', 'operator'), schema: { tags: ['staff'], summary: 'What waits for the staff of this site: transfers to decide, open contact messages, waiting bonus requests', response: { 200: StaffWaiting, ...refusals } } },
    async (request) => {
      const { siteId } = actorOf(request);
      const [transfers, contactMessages, bonusRequests] = await Promise.all([
        db
          .selectFrom('transfers')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('site_id', '=', siteId)
          .where('status', '=', 'requested')
          // decidedByStaff (routes/transfers.ts) in SQL: a withdrawal, or a deposit of no self-confirming provider.
          .where((eb) => (selfConfirming.length === 0 ? eb.val(true) : eb.or([eb('direction', '=', 'withdrawal'), eb('provider', 'not in', selfConfirming)])))
          .executeTakeFirstOrThrow()
          .then(counted),
        db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).where('site_id', '=', siteId).where('status', '=', 'open').executeTakeFirstOrThrow().then(counted),
        db.selectFrom('content_bonus_requests').select((eb) => eb.fn.countAll().as('n')).where('site_id', '=', siteId).where('status', '=', 'waiting').executeTakeFirstOrThrow().then(counted),
      ]);
      return { transfers, contactMessages, bonusRequests };
    },
  );
};
