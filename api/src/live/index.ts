export { LiveOddsBook, fixtureFields, matchFields, oddsLines, type BookMatch, type MatchDelta, type OddsLine, type FixtureFields, type MatchFields } from './odds-book';
export { LiveHub, type LiveHubOptions, type HubStats } from './hub';
export { encodeFrame, decodeFrame, parseClientFrame, type ServerFrame, type ClientFrame } from './frames';
export { livePlugin, type LivePluginOptions } from './plugin';
export { holdLiveSelections, acceptHeldSelections, type LiveHold, type LiveSelection } from './acceptance';
export { SiteCatalogs, placeOfFixture, siteOddsBook, siteOddsLines, type SiteCatalogsOptions } from './site-catalogs';
