import { type FeedSource, feedSourceFromEnv, numberFrom } from '@kupon/api/feed';
import { SimulatedFeed } from './simulated-feed';
import { DEFAULT_INCIDENTS, type FeedIncidents } from './simulator/simulator';

/**
 * The odds feed `npm start` runs, chosen by environment as before the demo moved out of the api:
 * - `FEED=off`: none; `FEED=file:<path>`: the api's own file replay (`feedSourceFromEnv`);
 * - otherwise the seeded simulator: `FEED_SEED` (default 1), `FEED_SPEED` simulated seconds per real
 *   second (default 1), `FEED_PREMATCH_MOVE_MS` how often each pre-match price moves (default 60000;
 *   lower it for thousands of odds changes per second), `FEED_MARGIN_BP` the book's margin (default 600),
 *   `FEED_INCIDENT_RATE` multiplies the rates of bet cancels, corrections and rollbacks (default 1; 0 none).
 */
export function demoFeedFromEnv(env: NodeJS.ProcessEnv = process.env): FeedSource | null {
  const choice = env.FEED ?? 'simulator';
  if (choice === 'off') return null;
  if (choice.startsWith('file:')) return feedSourceFromEnv(env);
  return new SimulatedFeed({
    seed: numberFrom(env.FEED_SEED, 1),
    speed: numberFrom(env.FEED_SPEED, 1),
    prematchMoveMs: numberFrom(env.FEED_PREMATCH_MOVE_MS, 60_000),
    marginBp: numberFrom(env.FEED_MARGIN_BP, 600),
    incidents: incidentsAt(numberFrom(env.FEED_INCIDENT_RATE, 1)),
  });
}

function incidentsAt(factor: number): FeedIncidents {
  const rate = (p: number) => Math.min(1, Math.max(0, p * factor));
  return { betCancelPerGoal: rate(DEFAULT_INCIDENTS.betCancelPerGoal), correction: rate(DEFAULT_INCIDENTS.correction), rollback: rate(DEFAULT_INCIDENTS.rollback) };
}
