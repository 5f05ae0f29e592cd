import type { EventStore } from '@kupon/eventstore';
import { FeedIngestor } from './ingest';
import type { FeedSource } from './messages';
import { FileFeed } from './sources';

export interface RunningFeed {
  readonly source: FeedSource;
  readonly ingestor: FeedIngestor;
  stop(): Promise<void>;
}

/**
 * The feed a production start reads, chosen by environment: `FEED=file:<path>` replays a recorded
 * JSON-lines feed (`FEED_SPEED` 0 = as fast as possible, else the recorded pace that many times
 * faster); anything else is no feed here. A provider adapter or the demo's simulator (`@kupon/demo`)
 * is handed to `startFeed` by the process that composes it.
 */
export function feedSourceFromEnv(env: NodeJS.ProcessEnv = process.env): FeedSource | null {
  const choice = env.FEED ?? '';
  if (!choice.startsWith('file:')) return null;
  return new FileFeed({ path: choice.slice('file:'.length), speed: numberFrom(env.FEED_SPEED, 1) });
}

/** Ingests `source` into the store until stopped; null when there is no source. */
export function startFeed(store: EventStore, source: FeedSource | null, log: (line: string) => void = () => undefined): RunningFeed | null {
  if (!source) return null;
  const ingestor = new FeedIngestor(store, {
    onRefused: (message, error) => log(`feed: ${message.kind} ${message.id} refused: ${error}`),
    onError: (message, error) => log(`feed: ${message.kind} ${message.id} not stored: ${String(error)}`),
  });
  const running = ingestor.run(source).catch((error: unknown) => log(`feed ${source.name} stopped: ${String(error)}`));
  return {
    source,
    ingestor,
    async stop() {
      await source.close();
      await running;
    },
  };
}

/** A number from the environment, `fallback` when unset or not a number. */
export function numberFrom(text: string | undefined, fallback: number): number {
  const value = text === undefined || text === '' ? NaN : Number(text);
  return Number.isFinite(value) ? value : fallback;
}
