import type { EventStore } from '@kupon/eventstore';
import { FeedIngestor } from './ingest';
import type { FeedSource } from './messages';
import { DEFAULT_INCIDENTS, type FeedIncidents } from './simulator/simulator';
import { FileFeed, SimulatedFeed } from './sources';

export interface RunningFeed {
  readonly source: FeedSource;
  readonly ingestor: FeedIngestor;
  stop(): Promise<void>;
}

/**
 * Starts the odds feed `npm start` runs, chosen by environment:
 * - `FEED=off`: none; `FEED=file:<path>`: replay a recorded JSON-lines feed (`FEED_SPEED` 0 = as fast as possible);
 * - otherwise the seeded simulator: `FEED_SEED` (default 1), `FEED_SPEED` simulated seconds per real
 *   second (default 1), `FEED_PREMATCH_MOVE_MS` how often each pre-match price moves (default 60000;
 *   lower it for thousands of odds changes per second), `FEED_MARGIN_BP` the book's margin (default 600),
 *   `FEED_INCIDENT_RATE` multiplies the rates of bet cancels, corrections and rollbacks (default 1; 0 none).
 */
export function startFeed(store: EventStore, env: NodeJS.ProcessEnv = process.env, log: (line: string) => void = () => undefined): RunningFeed | null {
  const choice = env.FEED ?? 'simulator';
  if (choice === 'off') return null;
  const speed = numberFrom(env.FEED_SPEED, 1);
  const source: FeedSource = choice.startsWith('file:')
    ? new FileFeed({ path: choice.slice('file:'.length), speed })
    : new SimulatedFeed({
        seed: numberFrom(env.FEED_SEED, 1),
        speed,
        prematchMoveMs: numberFrom(env.FEED_PREMATCH_MOVE_MS, 60_000),
        marginBp: numberFrom(env.FEED_MARGIN_BP, 600),
        incidents: incidentsAt(numberFrom(env.FEED_INCIDENT_RATE, 1)),
      });
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

function incidentsAt(factor: number): FeedIncidents {
  const rate = (p: number) => Math.min(1, Math.max(0, p * factor));
  return { betCancelPerGoal: rate(DEFAULT_INCIDENTS.betCancelPerGoal), correction: rate(DEFAULT_INCIDENTS.correction), rollback: rate(DEFAULT_INCIDENTS.rollback) };
}

function numberFrom(text: string | undefined, fallback: number): number {
  const value = text === undefined || text === '' ? NaN : Number(text);
  return Number.isFinite(value) ? value : fallback;
}
