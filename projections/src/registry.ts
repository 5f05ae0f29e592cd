import { eventLog } from './read-models/event-log';
import { streamStats } from './read-models/stream-stats';
import type { Projection } from './runner/projection';

/** Every projection the api runs and `npm run replay` can rebuild. */
export const projections: readonly Projection[] = [eventLog, streamStats];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
