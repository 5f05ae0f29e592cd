export { catalog, type CatalogTables } from './catalog';
export { betNames, CatalogQueries, matchView, type MatchFilter, type MatchView, type OddsGroupView, type OddView, type ResultView } from './queries';
export { liability, liabilityOf, type LiabilityTables, type LiabilityLine } from './liability';
export { catalogSettings, siteCatalogOf, type CatalogSettingsTables } from './site-settings';
export { matchTimeline, matchTimelineOf, type MatchTimeline, type MatchTimelineTables } from './match-timeline';
