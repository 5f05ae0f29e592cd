/** Catalog: sports, markets and outcomes with their names, and how each outcome settles on a result. */
export { SPORTS, SPORT_IDS, LANGS, isSportId, sportOf, sportName } from './sports';
export type { Lang, Localized, Sport, SportFormat, SportId } from './sports';

export { MATCH_STATUSES, isPlayedOut } from './match-result';
export type { MatchResult, MatchStatus, PeriodCards, PeriodScore, Score, Side } from './match-result';

export { parseLine, formatLine, parseScore } from './lines';
export type { QuarterLine } from './lines';

export {
  MARKETS,
  MARKET_CODES,
  CORRECT_SCORE_MAX_GOALS,
  isMarketCode,
  marketByCode,
  marketByOddsTypeId,
  marketsForSport,
  marketName,
  outcomeName,
} from './markets';
export type { MarketCode, MarketDefinition, OutcomeDefinition, SpecialKind } from './markets';

export { resolveOutcome, resolveMarket, selectionProblem } from './settlement';
export type { OutcomeSettlement, SelectionProblem } from './settlement';

export type * from './events';
export { CATALOG_ENTRY_KINDS, CATALOG_EVENT_TYPES, catalogEntryKey, catalogStream } from './events';
export type * from './commands';
export { CATALOG_BOUNDS, DEFAULT_SPORTSBOOK_SETTINGS, catalogDecider, decideCatalog, evolveCatalog, initialCatalogState } from './decider';
export type { CatalogState } from './decider';
export { SiteCatalogView, withSiteMargin } from './site-view';
export type { CatalogPlace } from './site-view';
