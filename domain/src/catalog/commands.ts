import type { CatalogEntryKind, CatalogEntrySettings, SportsbookSettings } from './events';

/** Changes one entry: the given fields replace the current ones (names merge per language). */
export type ConfigureCatalogEntry = {
  readonly type: 'ConfigureCatalogEntry';
  readonly siteId: string;
  readonly kind: CatalogEntryKind;
  readonly key: string;
  readonly changes: CatalogEntrySettings;
  readonly now: string;
};

/** Changes the sportsbook settings: the given fields replace the current ones (live delays merge per sport). */
export type ChangeSportsbookSettings = {
  readonly type: 'ChangeSportsbookSettings';
  readonly siteId: string;
  readonly changes: Partial<SportsbookSettings>;
  readonly now: string;
};

export type CatalogCommand = ConfigureCatalogEntry | ChangeSportsbookSettings;
