import { type Fixture, marketByOddsTypeId, type OddsBook, SiteCatalogView, type SportId } from '@kupon/domain';
import { kyselyOver, type SqlPool } from '@kupon/eventstore';
import { siteCatalogOf } from '@kupon/projections';
import { LiveOddsBook, type OddsLine } from './odds-book';

export interface SiteCatalogsOptions {
  /** How long a site's settings are kept before they are read again (other processes' changes show after it). */
  readonly ttlMs?: number;
  readonly clock?: () => number;
}

/**
 * Each site's catalog settings (the catalog-settings read model), cached per process for a moment:
 * every list, odds book and live coupon of a site reads them, a staff change is rare.
 */
export class SiteCatalogs {
  private readonly cache = new Map<string, { view: SiteCatalogView; until: number }>();
  private readonly db;
  private readonly ttlMs: number;
  private readonly clock: () => number;

  constructor(pool: SqlPool, options: SiteCatalogsOptions = {}) {
    this.db = kyselyOver(pool);
    this.ttlMs = options.ttlMs ?? 1_000;
    this.clock = options.clock ?? Date.now;
  }

  /** The site's view; the feed's catalog as is for a request that names no site. */
  async of(siteId: string | null | undefined): Promise<SiteCatalogView> {
    if (!siteId) return SiteCatalogView.EMPTY;
    const cached = this.cache.get(siteId);
    const now = this.clock();
    if (cached && cached.until > now) return cached.view;
    const view = await siteCatalogOf(this.db, siteId);
    this.cache.set(siteId, { view, until: now + this.ttlMs });
    return view;
  }

  /** Live acceptance delays of the site, per sport, over `fallback` (the process-wide ones). */
  async liveDelays(siteId: string | null | undefined, fallback: Readonly<Partial<Record<SportId, number>>> = {}): Promise<Readonly<Partial<Record<SportId, number>>>> {
    return { ...fallback, ...(await this.of(siteId)).sportsbook.liveDelays };
  }

  /** A change this process just made: seen here at once, before the read model has it. */
  remember(siteId: string, view: SiteCatalogView): void {
    this.cache.set(siteId, { view, until: this.clock() + this.ttlMs });
  }

  private static readonly byPool = new WeakMap<SqlPool, SiteCatalogs>();

  /** One cache per database per process, so the routes and the coupon service see the same settings. */
  static shared(pool: SqlPool): SiteCatalogs {
    let catalogs = SiteCatalogs.byPool.get(pool);
    if (!catalogs) SiteCatalogs.byPool.set(pool, (catalogs = new SiteCatalogs(pool)));
    return catalogs;
  }
}

/**
 * The odds book as one site offers it: its market margins on every price, and what it switched off
 * (a sport, category, tournament, team, market or outcome) hidden, so a coupon is priced at the
 * site's prices and never placed on what the site does not offer.
 */
export function siteOddsBook(book: OddsBook, site: SiteCatalogView): OddsBook {
  if (Object.keys(site.entries).length === 0) return book;
  const placeOf = (matchId: string) => {
    const fixture = book instanceof LiveOddsBook ? book.get(matchId)?.fixture : undefined;
    return fixture && placeOfFixture(fixture);
  };
  return {
    match: (matchId) => book.match(matchId),
    quote(ref) {
      const quote = book.quote(ref);
      if (!quote) return quote;
      const place = placeOf(ref.matchId);
      if ((place && !site.offers(place)) || !site.offersOutcome(ref.marketId, ref.outcomeId)) return { ...quote, hidden: true };
      return { ...quote, odds: site.price(ref.marketId, quote.odds) };
    },
  };
}

export function placeOfFixture(fixture: Fixture) {
  return { sportId: fixture.sportId, categoryId: fixture.category.id, tournamentId: fixture.tournament.id, homeId: fixture.home.id, awayId: fixture.away.id };
}

/** Live odds lines as one site offers them: its prices, and what it switched off hidden (status -1). */
export function siteOddsLines(lines: readonly OddsLine[], site: SiteCatalogView): OddsLine[] {
  if (Object.keys(site.entries).length === 0) return [...lines];
  return lines.map(([typeId, outcome, special, status, odds]) => {
    const market = marketByOddsTypeId(typeId)?.code ?? '';
    if (!site.offersOutcome(market, outcome)) return [typeId, outcome, special, -1, odds];
    return [typeId, outcome, special, status, site.price(market, odds)];
  });
}
