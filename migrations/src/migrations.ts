import type { Migration } from 'kysely';
import * as eventStore from './migrations/2026-11-21T00-00-event-store';
import * as projectionCheckpoints from './migrations/2026-11-22T00-00-projection-checkpoints';
import * as identityStores from './migrations/2026-11-22T10-00-identity-stores';
import * as settlement from './migrations/2026-11-22T20-00-settlement';
import * as reactorCheckpoints from './migrations/2026-11-22T30-00-reactor-checkpoints';
import * as appendLinear from './migrations/2026-11-23T00-00-es-append-linear';
import * as loginTickets from './migrations/2026-11-25T21-00-login-tickets';
import * as serverKeys from './migrations/2026-11-25T22-00-server-keys';
import * as replayJobs from './migrations/2026-11-25T23-40-replay-jobs';
import * as appendTails from './migrations/2026-11-28T00-00-es-append-tails';
import * as attemptThrottles from './migrations/2026-11-29T00-00-attempt-throttles';

/**
 * Every migration, in order. Listed by hand rather than read from disk so the same list works under
 * tsx, vitest and a bundle. Names carry an ISO date prefix; a migration is frozen once it has landed.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-event-store': eventStore,
  '2026-11-22T00-00-projection-checkpoints': projectionCheckpoints,
  '2026-11-22T10-00-identity-stores': identityStores,
  '2026-11-22T20-00-settlement': settlement,
  '2026-11-22T30-00-reactor-checkpoints': reactorCheckpoints,
  '2026-11-23T00-00-es-append-linear': appendLinear,
  '2026-11-25T21-00-login-tickets': loginTickets,
  '2026-11-25T22-00-server-keys': serverKeys,
  '2026-11-25T23-40-replay-jobs': replayJobs,
  '2026-11-28T00-00-es-append-tails': appendTails,
  '2026-11-29T00-00-attempt-throttles': attemptThrottles,
};
