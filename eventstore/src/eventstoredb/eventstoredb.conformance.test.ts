import { GenericContainer, getContainerRuntimeClient, Wait } from 'testcontainers';
import { describe, it } from 'vitest';
import { type ConformanceHarness, runConformanceSuite } from '../conformance/suite';
import { comparePositions, type EventStore, type Position, START } from '../port';
import { openEventStoreDb } from './eventstoredb-event-store';

/*
 * The conformance suite against a real EventStoreDB: EVENTSTORE_URL when set, else a throwaway
 * container when a Docker engine answers, else skipped with the reason printed.
 */

const IMAGE = 'eventstore/eventstore:24.10';
const HTTP_PORT = 2113;

const TAMPER_UNSUPPORTED =
  'EventStoreDB cannot change a stored event: its log is append-only and there is no API to rewrite or remove one event ' +
  '(only whole-stream delete or truncate-before, which verifyStream reports as a missing revision 0)';

type Server = { readonly url: string; readonly name: string; stop?(): Promise<void> } | { readonly skipped: string };

async function findServer(): Promise<Server> {
  const url = process.env.EVENTSTORE_URL;
  if (url) return { url, name: 'EventStoreDB (EVENTSTORE_URL)' };
  try {
    await getContainerRuntimeClient();
  } catch (error) {
    return { skipped: `EVENTSTORE_URL is not set and no Docker engine answered (${error instanceof Error ? error.message : String(error)})` };
  }
  const container = await new GenericContainer(IMAGE)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_CLUSTER_SIZE: '1',
      EVENTSTORE_MEM_DB: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
    })
    .withExposedPorts(HTTP_PORT)
    .withWaitStrategy(Wait.forHttp('/health/live', HTTP_PORT).forStatusCode(204))
    .withStartupTimeout(180_000)
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(HTTP_PORT)}?tls=false`,
    name: `EventStoreDB (${IMAGE} via testcontainers)`,
    async stop() {
      await container.stop();
    },
  };
}

/**
 * The suite wants an empty store per open(); one server is shared, so each opened store sees the
 * global log only after the head at the moment it was opened. Streams already differ by random ids.
 */
function logAfter(store: EventStore, floor: Position): EventStore {
  const later = (from: Position | undefined) => (from && comparePositions(from, floor) > 0 ? from : floor);
  return {
    kind: store.kind,
    append: (stream, events, options) => store.append(stream, events, options),
    readStream: (stream, options) => store.readStream(stream, options),
    readAll: (options = {}) => store.readAll({ ...options, fromPosition: later(options.fromPosition) }),
    headPosition: async () => {
      const head = await store.headPosition();
      return comparePositions(head, floor) > 0 ? head : START;
    },
    lastCommittedPosition: async () => {
      const head = await store.lastCommittedPosition();
      return comparePositions(head, floor) > 0 ? head : START;
    },
    subscribeToAll: (options = {}) => store.subscribeToAll({ ...options, fromPosition: later(options.fromPosition) }),
    verifyStream: (stream) => store.verifyStream(stream),
    verifyAll: () => store.verifyAll(),
    close: () => store.close(),
  };
}

// Collection-time await: a container start (image pull included) would not fit in a hook timeout.
const server = await findServer();

if ('skipped' in server) {
  const reason = `EventStoreDB conformance skipped: ${server.skipped}`;
  console.warn(reason);
  describe('event store conformance: EventStoreDB', () => {
    it.skip(reason, () => undefined);
  });
} else {
  const harness: ConformanceHarness = {
    name: server.name,
    async open() {
      const store = openEventStoreDb(server.url);
      return logAfter(store, await store.headPosition());
    },
    tamperUnsupported: TAMPER_UNSUPPORTED,
    async close() {
      await server.stop?.();
    },
  };
  runConformanceSuite(harness);
}
