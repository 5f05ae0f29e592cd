import { eventLog } from './read-models/event-log';
import { streamStats } from './read-models/stream-stats';
import { identityProjections } from './read-models/identity';
import { coupons, transfers, wallets } from './read-models/wallet';
import { catalog, catalogSettings, liability } from './read-models/catalog';
import { matchTimeline } from './read-models/catalog/match-timeline';
import { reports } from './read-models/reports';
import { content } from './read-models/content';
import { casinoReport } from './read-models/casino';
import { affiliate } from './read-models/affiliate';
import { cards } from './read-models/cards';
import { contact } from './read-models/contact';
import type { Projection } from './runner/projection';

/** Every projection the api runs and `npm run replay` can rebuild. */
export const projections: readonly Projection[] = [eventLog, streamStats, wallets, transfers, coupons, ...identityProjections, catalog, catalogSettings, liability, reports, content, casinoReport, affiliate, matchTimeline, cards, contact];

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name);
}
