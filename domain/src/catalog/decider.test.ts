import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { CatalogCommand } from './commands';
import { catalogDecider, DEFAULT_SPORTSBOOK_SETTINGS } from './decider';
import type { CatalogEntryKind, CatalogEvent } from './events';

const NOW = '2026-11-22T12:00:00.000Z';

function given(events: readonly CatalogEvent[] = []) {
  const state = events.reduce(catalogDecider.evolve, catalogDecider.initialState);
  return {
    state,
    when(command: CatalogCommand) {
      const outcome = catalogDecider.decide(command, state, undefined);
      return {
        then(expected: readonly CatalogEvent[]) {
          if (isDomainError(outcome)) expect.fail(`expected events, got ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string) {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}

const configure = (kind: CatalogEntryKind, key: string, changes: object): CatalogCommand => ({
  type: 'ConfigureCatalogEntry',
  siteId: 'kupon',
  kind,
  key,
  changes,
  now: NOW,
});
const configured = (kind: CatalogEntryKind, key: string, settings: object): CatalogEvent => ({
  type: 'CatalogEntryConfigured',
  data: { siteId: 'kupon', kind, key, settings, at: NOW },
});

describe('catalog settings of a site', () => {
  it('disables a sport, orders a tournament, renames a team per language', () => {
    given([]).when(configure('sport', '5', { enabled: false })).then([configured('sport', '5', { enabled: false })]);
    given([]).when(configure('tournament', 'super-lig', { order: 1 })).then([configured('tournament', 'super-lig', { order: 1 })]);
    given([configured('team', 'gs', { names: { tr: 'Cimbom' } })])
      .when(configure('team', 'gs', { names: { en: ' Galatasaray SK ' } }))
      .then([configured('team', 'gs', { names: { en: 'Galatasaray SK', tr: 'Cimbom' } })]);
  });

  it('sets a margin on a market only, within 20 %', () => {
    given([]).when(configure('market', 'FT_1X2', { marginBp: 300 })).then([configured('market', 'FT_1X2', { marginBp: 300 })]);
    given([]).when(configure('market', 'FT_1X2', { marginBp: 2001 })).thenFails('invalidField|marginBp');
    given([]).when(configure('sport', '1', { marginBp: 100 })).thenFails('invalidField|marginBp');
  });

  it('knows what it configures: sports, markets and outcomes of the catalog', () => {
    given([]).when(configure('sport', '99', { enabled: false })).thenFails('unknownSport|99');
    given([]).when(configure('market', 'NOPE', { enabled: false })).thenFails('unknownMarket|NOPE');
    given([]).when(configure('outcome', 'FT_1X2|7', { names: { en: 'Seven' } })).thenFails('unknownOutcome|FT_1X2|7');
    given([]).when(configure('outcome', 'FT_1X2|X', { names: { en: 'Draw!' } })).then([configured('outcome', 'FT_1X2|X', { names: { en: 'Draw!' } })]);
    given([]).when(configure('team', 'gs', { names: { en: '  ' } })).thenFails('invalidField|names');
    given([]).when(configure('category', 'tr', { order: -1 })).thenFails('invalidField|order');
  });

  it('the same settings again change nothing', () => {
    given([configured('sport', '5', { enabled: false })]).when(configure('sport', '5', { enabled: false })).then([]);
  });

  it('keeps matches per day, the first bulletin and live delays per sport', () => {
    given([])
      .when({ type: 'ChangeSportsbookSettings', siteId: 'kupon', changes: { firstBulletinSize: 50, liveDelays: { 5: 10_000 } }, now: NOW })
      .then([{ type: 'SportsbookSettingsChanged', data: { siteId: 'kupon', settings: { ...DEFAULT_SPORTSBOOK_SETTINGS, firstBulletinSize: 50, liveDelays: { 5: 10_000 } }, at: NOW } }]);
    const withTennis: CatalogEvent = { type: 'SportsbookSettingsChanged', data: { siteId: 'kupon', settings: { ...DEFAULT_SPORTSBOOK_SETTINGS, liveDelays: { 5: 10_000 } }, at: NOW } };
    given([withTennis])
      .when({ type: 'ChangeSportsbookSettings', siteId: 'kupon', changes: { liveDelays: { 1: 3_000 } }, now: NOW })
      .then([{ type: 'SportsbookSettingsChanged', data: { siteId: 'kupon', settings: { ...DEFAULT_SPORTSBOOK_SETTINGS, liveDelays: { 1: 3_000, 5: 10_000 } }, at: NOW } }]);
    given([]).when({ type: 'ChangeSportsbookSettings', siteId: 'kupon', changes: { firstBulletinSize: 201 }, now: NOW }).thenFails('outOfRange|firstBulletinSize');
    given([]).when({ type: 'ChangeSportsbookSettings', siteId: 'kupon', changes: { liveDelays: { 1: 30_001 } }, now: NOW }).thenFails('outOfRange|liveDelays');
    given([]).when({ type: 'ChangeSportsbookSettings', siteId: 'kupon', changes: { matchesPerDay: DEFAULT_SPORTSBOOK_SETTINGS.matchesPerDay }, now: NOW }).then([]);
  });
});
