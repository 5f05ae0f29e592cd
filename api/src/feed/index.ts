export type { FeedMessage, FeedMessageKind, FeedSource } from './messages';
export { matchIdOf } from './messages';
export { FileFeed, toJsonLines, type FileFeedOptions } from './sources';
export { FeedIngestor, FEED_NAMESPACE, type IngestStats, type FeedIngestorOptions } from './ingest';
export { feedSourceFromEnv, numberFrom, startFeed, type RunningFeed } from './start';
