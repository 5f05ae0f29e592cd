import { LIST_LIMITS } from '../match/rules/visibility';
import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { CatalogCommand, ChangeSportsbookSettings, ConfigureCatalogEntry } from './commands';
import { type CatalogEntrySettings, type CatalogEvent, catalogEntryKey, type SportsbookSettings } from './events';
import { isMarketCode, marketByCode } from './markets';
import { isSportId, LANGS } from './sports';

export const DEFAULT_SPORTSBOOK_SETTINGS: SportsbookSettings = {
  matchesPerDay: LIST_LIMITS.matchesDayDefault,
  firstBulletinSize: LIST_LIMITS.firstBulletinDefault,
  liveDelays: {},
};

/** Bounds of what staff may set. */
export const CATALOG_BOUNDS = {
  maxOrder: 100_000,
  maxNameLength: 100,
  /** 20 %: beyond it a price is no longer the feed's. */
  maxMarginBp: 2_000,
  maxMatchesPerDay: 500,
  /** A live coupon never waits longer than this. */
  maxLiveDelayMs: 30_000,
} as const;

export interface CatalogState {
  /** By `catalogEntryKey(kind, key)`. */
  readonly entries: Readonly<Record<string, CatalogEntrySettings>>;
  readonly sportsbook: SportsbookSettings;
}

export const initialCatalogState: CatalogState = { entries: {}, sportsbook: DEFAULT_SPORTSBOOK_SETTINGS };

export function evolveCatalog(state: CatalogState, event: CatalogEvent): CatalogState {
  switch (event.type) {
    case 'CatalogEntryConfigured':
      return { ...state, entries: { ...state.entries, [catalogEntryKey(event.data.kind, event.data.key)]: event.data.settings } };
    case 'SportsbookSettingsChanged':
      return { ...state, sportsbook: event.data.settings };
    default:
      return assertNever(event);
  }
}

export function decideCatalog(command: CatalogCommand, state: CatalogState): readonly CatalogEvent[] | DomainError {
  switch (command.type) {
    case 'ConfigureCatalogEntry':
      return configure(command, state);
    case 'ChangeSportsbookSettings':
      return changeSportsbook(command, state);
    default:
      return assertNever(command);
  }
}

function configure(command: ConfigureCatalogEntry, state: CatalogState): readonly CatalogEvent[] | DomainError {
  const { siteId, kind, key, changes } = command;
  const problem = keyProblem(kind, key) ?? settingsProblem(kind, changes);
  if (problem) return problem;
  const current = state.entries[catalogEntryKey(kind, key)] ?? {};
  const names = changes.names ? { ...current.names, ...trimmed(changes.names) } : current.names;
  const settings: CatalogEntrySettings = { ...current, ...changes, ...(names ? { names } : {}) };
  if (sameJson(normalised(current), normalised(settings))) return [];
  return [{ type: 'CatalogEntryConfigured', data: { siteId, kind, key, settings: normalised(settings), at: command.now } }];
}

function changeSportsbook(command: ChangeSportsbookSettings, state: CatalogState): readonly CatalogEvent[] | DomainError {
  const { changes } = command;
  if (changes.matchesPerDay !== undefined && !inRange(changes.matchesPerDay, 1, CATALOG_BOUNDS.maxMatchesPerDay)) return domainError('outOfRange', 'matchesPerDay');
  if (changes.firstBulletinSize !== undefined && !inRange(changes.firstBulletinSize, 1, LIST_LIMITS.firstBulletinMax)) return domainError('outOfRange', 'firstBulletinSize');
  for (const [sportId, delay] of Object.entries(changes.liveDelays ?? {})) {
    if (!isSportId(Number(sportId))) return domainError('unknownSport', sportId);
    if (delay === undefined || !inRange(delay, 0, CATALOG_BOUNDS.maxLiveDelayMs)) return domainError('outOfRange', 'liveDelays');
  }
  const current = state.sportsbook;
  const settings: SportsbookSettings = {
    matchesPerDay: changes.matchesPerDay ?? current.matchesPerDay,
    firstBulletinSize: changes.firstBulletinSize ?? current.firstBulletinSize,
    liveDelays: sortedKeys({ ...current.liveDelays, ...changes.liveDelays }),
  };
  if (sameJson(current, settings)) return [];
  return [{ type: 'SportsbookSettingsChanged', data: { siteId: command.siteId, settings, at: command.now } }];
}

function keyProblem(kind: ConfigureCatalogEntry['kind'], key: string): DomainError | null {
  switch (kind) {
    case 'sport':
      return isSportId(Number(key)) ? null : domainError('unknownSport', key);
    case 'market':
      return isMarketCode(key) ? null : domainError('unknownMarket', key);
    case 'outcome': {
      const [market = '', outcome = ''] = key.split('|');
      if (!isMarketCode(market)) return domainError('unknownMarket', market);
      return marketByCode(market).outcomes.some((o) => o.code === outcome) ? null : domainError('unknownOutcome', key);
    }
    case 'category':
    case 'tournament':
    case 'team':
      return key.trim() !== '' && key.length <= CATALOG_BOUNDS.maxNameLength ? null : domainError('invalidField', 'key');
    default:
      return assertNever(kind);
  }
}

function settingsProblem(kind: ConfigureCatalogEntry['kind'], changes: CatalogEntrySettings): DomainError | null {
  if (changes.order !== undefined && !inRange(changes.order, 0, CATALOG_BOUNDS.maxOrder)) return domainError('invalidField', 'order');
  if (changes.marginBp !== undefined && (kind !== 'market' || !inRange(changes.marginBp, 0, CATALOG_BOUNDS.maxMarginBp))) return domainError('invalidField', 'marginBp');
  for (const [lang, name] of Object.entries(changes.names ?? {})) {
    if (!(LANGS as readonly string[]).includes(lang) || typeof name !== 'string') return domainError('invalidField', 'names');
    const text = name.trim();
    if (text === '' || text.length > CATALOG_BOUNDS.maxNameLength) return domainError('invalidField', 'names');
  }
  return null;
}

function inRange(value: number, min: number, max: number): boolean {
  return Number.isSafeInteger(value) && value >= min && value <= max;
}

function trimmed(names: NonNullable<CatalogEntrySettings['names']>): NonNullable<CatalogEntrySettings['names']> {
  return Object.fromEntries(Object.entries(names).map(([lang, name]) => [lang, name.trim()]));
}

/** Fields in one order, so equal settings are equal JSON. */
function normalised(settings: CatalogEntrySettings): CatalogEntrySettings {
  const { enabled, order, names, marginBp } = settings;
  return {
    ...(enabled !== undefined ? { enabled } : {}),
    ...(order !== undefined ? { order } : {}),
    ...(names !== undefined ? { names: sortedKeys(names) } : {}),
    ...(marginBp !== undefined ? { marginBp } : {}),
  };
}

function sortedKeys<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b))) as T;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export const catalogDecider: Decider<CatalogState, CatalogCommand, CatalogEvent> = {
  initialState: initialCatalogState,
  evolve: evolveCatalog,
  decide: (command, state) => decideCatalog(command, state),
};
