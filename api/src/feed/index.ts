export type { FeedMessage, FeedMessageKind, FeedSource } from './messages';
export { matchIdOf } from './messages';
export { DEFAULT_INCIDENTS, FeedSimulator, type FeedIncidents, type SimulatorOptions } from './simulator/simulator';
export { SimulatedFeed, FileFeed, toJsonLines, type SimulatedFeedOptions, type FileFeedOptions } from './sources';
export { FeedIngestor, FEED_NAMESPACE, type IngestStats, type FeedIngestorOptions } from './ingest';
export { startFeed, type RunningFeed } from './start';
