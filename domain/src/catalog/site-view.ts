import { MIN_ODDS } from '../match/decider';
import { onLadder } from '../match/rules/pricing';
import type { Odds } from '../shared/money';
import { DEFAULT_SPORTSBOOK_SETTINGS } from './decider';
import { type CatalogEntryKind, type CatalogEntrySettings, catalogEntryKey, type SportsbookSettings } from './events';
import type { Lang } from './sports';

/**
 * A feed price with the site's extra margin: every implied probability grows by `marginBp`, so the
 * price is divided by 1 + margin and rounds down to the price ladder (the margin is never given
 * away; 1.85 with 5 % is 1.761… → 1.76), never below 1.001.
 */
export function withSiteMargin(odds: Odds, marginBp: number): Odds {
  if (marginBp <= 0 || odds <= MIN_ODDS) return odds;
  return onLadder(Math.floor((odds * 10_000) / (10_000 + marginBp)));
}

/** Where a match sits in the catalog, as the site's settings look it up. */
export interface CatalogPlace {
  readonly sportId: number;
  readonly categoryId: string;
  readonly tournamentId: string;
  readonly homeId: string;
  readonly awayId: string;
}

/**
 * One site's view of the catalog: what it offers, in which order, under which names and at which
 * prices. Built from the site's `catalog-<siteId>` settings; an empty view is the feed's catalog as is.
 */
export class SiteCatalogView {
  static readonly EMPTY = new SiteCatalogView({}, DEFAULT_SPORTSBOOK_SETTINGS);

  constructor(
    /** By `catalogEntryKey(kind, key)`. */
    readonly entries: Readonly<Record<string, CatalogEntrySettings>>,
    readonly sportsbook: SportsbookSettings,
  ) {}

  entry(kind: CatalogEntryKind, key: string | number): CatalogEntrySettings | undefined {
    return this.entries[catalogEntryKey(kind, String(key))];
  }

  enabled(kind: CatalogEntryKind, key: string | number): boolean {
    return this.entry(kind, key)?.enabled !== false;
  }

  /** Keys of one kind the site switched off. */
  disabled(kind: CatalogEntryKind): string[] {
    const prefix = `${kind}:`;
    return Object.entries(this.entries)
      .filter(([key, settings]) => key.startsWith(prefix) && settings.enabled === false)
      .map(([key]) => key.slice(prefix.length));
  }

  /** A match is offered when its sport, category, tournament and both teams are. */
  offers(place: CatalogPlace): boolean {
    return (
      this.enabled('sport', place.sportId) &&
      this.enabled('category', place.categoryId) &&
      this.enabled('tournament', place.tournamentId) &&
      this.enabled('team', place.homeId) &&
      this.enabled('team', place.awayId)
    );
  }

  /** An outcome is offered when its market and the outcome itself are. */
  offersOutcome(market: string, outcome: string): boolean {
    return this.enabled('market', market) && this.enabled('outcome', `${market}|${outcome}`);
  }

  name(kind: CatalogEntryKind, key: string | number, lang: Lang, fallback: string): string {
    return this.entry(kind, key)?.names?.[lang] ?? fallback;
  }

  order(kind: CatalogEntryKind, key: string | number): number | undefined {
    return this.entry(kind, key)?.order;
  }

  /** The site's price of a feed price on `market`. */
  price(market: string, odds: Odds): Odds {
    return withSiteMargin(odds, this.entry('market', market)?.marginBp ?? 0);
  }

  /** Sorts by the site's order where it set one (first, lower first), then by the given order. */
  sorted<T>(items: readonly T[], kind: CatalogEntryKind, keyOf: (item: T) => string | number): T[] {
    return items
      .map((item, index) => ({ item, index, order: this.order(kind, keyOf(item)) }))
      .sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) || a.index - b.index)
      .map(({ item }) => item);
  }
}
