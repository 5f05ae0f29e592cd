import {
  isMarketCode,
  LIST_LIMITS,
  marketByCode,
  MARKETS,
  type MarketOffer,
  outcomeName,
  type Lang,
  type MarketCode,
  SPORTS,
  sportName,
  isSportId,
  VISIBILITY,
  firstBulletinSize,
  liveMinutesLeft,
  type LiveStatus,
  SiteCatalogView,
} from '@kupon/domain';
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { escapeLike } from '../paging';
import type { CatalogTables } from './catalog';

type Row = Selectable<CatalogTables['catalog_matches']>;
type Eb = ExpressionBuilder<CatalogTables, 'catalog_matches'>;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** §3 Odd. */
export interface OddView {
  outcomeid: string;
  outcome: string;
  odd: number;
  active: 0 | 1;
}

/** §3 Odds group. */
export interface OddsGroupView {
  oddsid: string;
  oddstype: number;
  typename: string;
  special: string;
  active: 0 | 1;
  /** Suspended (bet stop or market suspended). */
  iss: 0 | 1;
  /** Visible. */
  isv: 0 | 1;
  odds: OddView[];
}

/** §3 Pre-match match (and the live match's scoreboard when it runs). */
export interface MatchView {
  id: string;
  sportId: number;
  sportName: string;
  categoryId: string;
  categoryName: string;
  tournamentId: string;
  tournamentName: string;
  homeTeam: string;
  awayTeam: string;
  matchDate: string;
  matchstatus: string;
  betstatus: 'open' | 'stopped';
  live: boolean;
  scoreboard: unknown;
  odds: OddsGroupView[];
  /** The markets the match offers to this view, though a list's entry carries only the main one (the row's `+N`). */
  marketCount: number;
}

export interface ResultView {
  id: string;
  sportId: number;
  tournamentName: string;
  homeTeam: string;
  awayTeam: string;
  matchDate: string;
  result: unknown;
  resultAt: string;
}

export interface MatchFilter {
  readonly sportId?: number;
  readonly categoryId?: string;
  /** One tournament, or several at once (§7 matches with multipleLeague). */
  readonly tournamentId?: string | readonly string[];
  /** Only these matches (a player's starred matches). */
  readonly matchIds?: readonly string[];
  readonly keyWord?: string;
  readonly limit?: number;
  /** How many upcoming days (at most §9's six). */
  readonly days?: number;
}

const parse = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));

/** §4: not started, within the window, and not a suspended match more than 30 minutes past its start. */
function prematchVisible(eb: Eb, now: Date, days: number): Expression<SqlBool> {
  return eb.and([
    eb('status', '=', 'not_started'),
    eb('starts_at', '<=', new Date(now.getTime() + days * DAY)),
    eb.not(eb.and([eb('starts_at', '<', new Date(now.getTime() - VISIBILITY.prematchSuspendedGraceMs)), eb('active_markets', '=', 0)])),
  ]);
}

/** §4: in play, or live-covered and about to start (dropped 5 minutes past its start). */
function liveVisible(eb: Eb, now: Date): Expression<SqlBool> {
  return eb.or([
    eb('in_play', '=', true),
    eb.and([
      eb('status', '=', 'not_started'),
      eb('live_coverage', '=', true),
      eb('starts_at', '<=', new Date(now.getTime() + VISIBILITY.liveLeadMs)),
      eb('starts_at', '>=', new Date(now.getTime() - VISIBILITY.liveNotStartedGraceMs)),
    ]),
  ]);
}

function clampLimit(limit: number | undefined, max: number): number {
  return limit === undefined || !Number.isInteger(limit) || limit <= 0 ? max : Math.min(limit, max);
}

/** A bet in words (§3 typeName, outComeName) as the site names it; codes the catalogue does not know stay as they are. */
export function betNames(marketId: string, outcomeId: string, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): { typeName: string; outComeName: string } {
  if (!isMarketCode(marketId)) return { typeName: marketId, outComeName: outcomeId };
  const known = marketByCode(marketId).outcomes.some((o) => o.code === outcomeId);
  return {
    typeName: site.name('market', marketId, lang, marketByCode(marketId).name[lang]),
    outComeName: site.name('outcome', `${marketId}|${outcomeId}`, lang, known ? outcomeName(marketId, outcomeId, lang) : outcomeId),
  };
}

function groupView(offer: MarketOffer, lang: Lang, site: SiteCatalogView): OddsGroupView | null {
  if (!isMarketCode(offer.market) || !site.enabled('market', offer.market)) return null;
  const market = marketByCode(offer.market);
  return {
    oddsid: `${offer.market}|${offer.special}`,
    oddstype: market.oddsTypeId,
    typename: site.name('market', offer.market, lang, market.name[lang]),
    special: offer.special,
    active: offer.status === 'active' ? 1 : 0,
    iss: offer.status === 'suspended' ? 1 : 0,
    isv: offer.status === 'hidden' ? 0 : 1,
    odds: offer.outcomes
      .filter((o) => site.offersOutcome(offer.market, o.outcome))
      .map((o) => ({
        outcomeid: o.outcome,
        outcome: site.name('outcome', `${offer.market}|${o.outcome}`, lang, outcomeName(offer.market as MarketCode, o.outcome, lang)),
        odd: site.price(offer.market, o.odds),
        active: o.active ? 1 : 0,
      })),
  };
}

const MARKET_ORDER = new Map(MARKETS.map((m, i) => [m.code as string, i]));

/** A row's place in the catalog, for the site's settings. */
function placeOf(row: Row) {
  return { sportId: row.sport_id, categoryId: row.category_id, tournamentId: row.tournament_id, homeId: row.home_id, awayId: row.away_id };
}

export function matchView(row: Row, lang: Lang, odds: 'main' | 'open' | 'all', site: SiteCatalogView = SiteCatalogView.EMPTY): MatchView {
  const byCatalog = Object.values(parse<Record<string, MarketOffer>>(row.markets)).sort(
    (a, b) => (MARKET_ORDER.get(a.market) ?? 999) - (MARKET_ORDER.get(b.market) ?? 999) || a.special.localeCompare(b.special),
  );
  const offers = site.sorted(byCatalog, 'market', (o) => o.market);
  const shown = odds === 'all' ? offers : offers.filter((o) => o.status !== 'hidden');
  const groups = shown.flatMap((o) => groupView(o, lang, site) ?? []);
  const name = (v: unknown) => parse<Record<Lang, string>>(v)[lang];
  return {
    id: row.match_id,
    sportId: row.sport_id,
    sportName: site.name('sport', row.sport_id, lang, isSportId(row.sport_id) ? sportName(row.sport_id, lang) : String(row.sport_id)),
    categoryId: row.category_id,
    categoryName: site.name('category', row.category_id, lang, name(row.category_name)),
    tournamentId: row.tournament_id,
    tournamentName: site.name('tournament', row.tournament_id, lang, name(row.tournament_name)),
    homeTeam: site.name('team', row.home_id, lang, name(row.home)),
    awayTeam: site.name('team', row.away_id, lang, name(row.away)),
    matchDate: new Date(row.starts_at).toISOString(),
    matchstatus: row.status,
    betstatus: row.active_markets > 0 ? 'open' : 'stopped',
    live: row.live_coverage,
    scoreboard: parse(row.scoreboard),
    odds: odds === 'main' ? groups.slice(0, 1) : groups,
    marketCount: groups.length,
  };
}

/** What the site switched off: its sports, categories, tournaments and teams leave every list. */
function offered(eb: Eb, site: SiteCatalogView): Expression<SqlBool> {
  const sports = site.disabled('sport').map(Number);
  const categories = site.disabled('category');
  const tournaments = site.disabled('tournament');
  const teams = site.disabled('team');
  const clauses: Expression<SqlBool>[] = [];
  if (sports.length > 0) clauses.push(eb('sport_id', 'not in', sports));
  if (categories.length > 0) clauses.push(eb('category_id', 'not in', categories));
  if (tournaments.length > 0) clauses.push(eb('tournament_id', 'not in', tournaments));
  if (teams.length > 0) clauses.push(eb('home_id', 'not in', teams), eb('away_id', 'not in', teams));
  return eb.and(clauses);
}

/**
 * The content and live queries of spec §7 over the catalog read model, with §4's visibility, §9's
 * limits and the asking site's catalog settings (what it offers, its order, names and prices).
 */
export class CatalogQueries {
  constructor(private readonly db: Kysely<CatalogTables>) {}

  /** Sport tree: sports → categories → tournaments, each with its count of listed matches. */
  async sportsTree(now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY) {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['sport_id', 'category_id', 'category_name', 'tournament_id', 'tournament_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .where((eb) => offered(eb, site))
      .groupBy(['sport_id', 'category_id', 'category_name', 'tournament_id', 'tournament_name'])
      .execute();
    const sports = site.sorted(
      SPORTS.filter((sport) => site.enabled('sport', sport.id)),
      'sport',
      (sport) => sport.id,
    );
    return sports.map((sport, order) => {
      const ofSport = rows.filter((r) => r.sport_id === sport.id);
      const categoryIds = site.sorted([...new Set(ofSport.map((r) => r.category_id))], 'category', (id) => id);
      const categories = categoryIds.map((categoryId, listOrder) => {
        const tournaments = site.sorted(
          ofSport.filter((r) => r.category_id === categoryId),
          'tournament',
          (t) => t.tournament_id,
        );
        return {
          id: categoryId,
          title: site.name('category', categoryId, lang, parse<Record<Lang, string>>(tournaments[0]!.category_name)[lang]),
          listOrder,
          matchCount: tournaments.reduce((n, t) => n + Number(t.count), 0),
          children: tournaments.map((t, i) => ({
            id: t.tournament_id,
            title: site.name('tournament', t.tournament_id, lang, parse<Record<Lang, string>>(t.tournament_name)[lang]),
            listOrder: i,
            matchCount: Number(t.count),
            children: [],
          })),
        };
      });
      return { id: sport.id, title: site.name('sport', sport.id, lang, sport.name[lang]), listOrder: order, status: 1, matchCount: categories.reduce((n, c) => n + c.matchCount, 0), children: categories };
    });
  }

  async categories(sportId: number, from: Date, to: Date, now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY) {
    if (!site.enabled('sport', sportId)) return [];
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['category_id', 'category_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where('sport_id', '=', sportId)
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to)
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .where((eb) => offered(eb, site))
      .groupBy(['category_id', 'category_name'])
      .orderBy('category_id')
      .execute();
    return site
      .sorted(rows, 'category', (r) => r.category_id)
      .map((r) => ({ id: r.category_id, title: site.name('category', r.category_id, lang, parse<Record<Lang, string>>(r.category_name)[lang]), matchCount: Number(r.count) }));
  }

  async tournaments(categoryId: string, now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY) {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['tournament_id', 'tournament_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where('category_id', '=', categoryId)
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .where((eb) => offered(eb, site))
      .groupBy(['tournament_id', 'tournament_name'])
      .orderBy('tournament_id')
      .execute();
    return site
      .sorted(rows, 'tournament', (r) => r.tournament_id)
      .map((r) => ({ id: r.tournament_id, title: site.name('tournament', r.tournament_id, lang, parse<Record<Lang, string>>(r.tournament_name)[lang]), matchCount: Number(r.count) }));
  }

  /**
   * Pre-match matches by the §7 filters, sorted by date, at most 75 (`limit`), within six days, and
   * at most the site's `matches_day` on any one (UTC) day.
   */
  async matches(filter: MatchFilter, now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): Promise<MatchView[]> {
    const days = Math.min(filter.days ?? VISIBILITY.upcomingDays, VISIBILITY.upcomingDays);
    let inner = this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .select(sql<string>`row_number() over (partition by (starts_at at time zone 'UTC')::date order by starts_at, match_id)`.as('day_rank'))
      .where((eb) => prematchVisible(eb, now, days))
      .where((eb) => offered(eb, site));
    if (filter.sportId !== undefined) inner = inner.where('sport_id', '=', filter.sportId);
    if (filter.categoryId !== undefined) inner = inner.where('category_id', '=', filter.categoryId);
    if (typeof filter.tournamentId === 'string') inner = inner.where('tournament_id', '=', filter.tournamentId);
    else if (filter.tournamentId !== undefined) inner = filter.tournamentId.length === 0 ? inner.where(sql<boolean>`false`) : inner.where('tournament_id', 'in', [...filter.tournamentId]);
    if (filter.matchIds !== undefined) inner = filter.matchIds.length === 0 ? inner.where(sql<boolean>`false`) : inner.where('match_id', 'in', [...filter.matchIds]);
    if (filter.keyWord !== undefined) inner = inner.where('search_text', 'like', `%${escapeLike(filter.keyWord.toLocaleLowerCase('tr'))}%`);
    const rows = await this.db
      .selectFrom(inner.as('ranked'))
      .selectAll()
      .where('day_rank', '<=', String(site.sportsbook.matchesPerDay))
      .orderBy('starts_at')
      .orderBy('match_id')
      .limit(clampLimit(filter.limit, LIST_LIMITS.matches))
      .execute();
    return rows.map((r) => matchView(r, lang, 'main', site));
  }

  /** The first bulletin: the next matches over every sport, the site's `first_bulletin` of them (≤ 200). */
  async bulletin(now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): Promise<MatchView[]> {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .where((eb) => offered(eb, site))
      .orderBy('starts_at')
      .orderBy('match_id')
      .limit(firstBulletinSize(site.sportsbook.firstBulletinSize))
      .execute();
    return rows.map((r) => matchView(r, lang, 'main', site));
  }

  /** One match with its odds groups: open ones, or with `passive` the suspended and hidden ones too; none where the site does not offer it. */
  /**
   * What a coupon line shows of its match (spec §3 coupon detail line: sportId, matchDate, home, away)
   * in the site's names, for matches of any age (a coupon outlives the lists).
   */
  async lineFacts(matchIds: readonly string[], lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): Promise<Map<string, { sportId: number; matchDate: string; home: string; away: string }>> {
    if (matchIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['match_id', 'sport_id', 'starts_at', 'home_id', 'home', 'away_id', 'away'])
      .where('match_id', 'in', [...new Set(matchIds)])
      .execute();
    const name = (v: unknown) => parse<Record<Lang, string>>(v)[lang];
    return new Map(
      rows.map((row) => [
        row.match_id,
        { sportId: row.sport_id, matchDate: new Date(row.starts_at).toISOString(), home: site.name('team', row.home_id, lang, name(row.home)), away: site.name('team', row.away_id, lang, name(row.away)) },
      ]),
    );
  }

  async match(matchId: string, passive: boolean, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): Promise<MatchView | undefined> {
    const row = await this.db.selectFrom('catalog_matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
    if (!row || !site.offers(placeOf(row))) return undefined;
    return matchView(row, lang, passive ? 'all' : 'open', site);
  }

  /** Results between two instants, newest first by default, at most 50. */
  async results(from: Date, to: Date, limit: number | undefined, order: 'asc' | 'desc', lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY): Promise<ResultView[]> {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .where('result_at', 'is not', null)
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to)
      .where((eb) => offered(eb, site))
      .orderBy('starts_at', order)
      .orderBy('match_id')
      .limit(clampLimit(limit, LIST_LIMITS.results))
      .execute();
    return rows.map((r) => {
      const view = matchView(r, lang, 'main', site);
      return {
        id: view.id,
        sportId: view.sportId,
        tournamentName: view.tournamentName,
        homeTeam: view.homeTeam,
        awayTeam: view.awayTeam,
        matchDate: view.matchDate,
        result: parse(r.result),
        resultAt: new Date(r.result_at!).toISOString(),
      };
    });
  }

  /** The live list (§7 lives3): at most 400 matches and, per sport, how many are listed and in play. */
  async live(filter: { sportId?: number; keyWord?: string; limit?: number }, now: Date, lang: Lang, site: SiteCatalogView = SiteCatalogView.EMPTY) {
    const counts = await this.db
      .selectFrom('catalog_matches')
      .select(['sport_id', (eb) => eb.fn.countAll<string>().as('live'), (eb) => eb.fn.count<string>(sql`case when in_play then 1 end`).as('in_play')])
      .where((eb) => liveVisible(eb, now))
      .where((eb) => offered(eb, site))
      .groupBy('sport_id')
      .execute();
    let query = this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .where((eb) => liveVisible(eb, now))
      .where((eb) => offered(eb, site));
    if (filter.sportId !== undefined) query = query.where('sport_id', '=', filter.sportId);
    if (filter.keyWord !== undefined) query = query.where('search_text', 'like', `%${escapeLike(filter.keyWord.toLocaleLowerCase('tr'))}%`);
    const rows = await query.orderBy('in_play', 'desc').orderBy('starts_at').orderBy('match_id').limit(clampLimit(filter.limit, LIST_LIMITS.live)).execute();
    const sports = counts
      .filter((c) => isSportId(c.sport_id))
      .map((c) => ({
        sportId: c.sport_id,
        sportName: site.name('sport', c.sport_id, lang, sportName(c.sport_id as Parameters<typeof sportName>[0], lang)),
        liveCount: Number(c.live),
        inPlay: Number(c.in_play),
      }))
      .sort((a, b) => a.sportId - b.sportId);
    const at = now.toISOString();
    return {
      matches: rows.map((r) => {
        const view = matchView(r, lang, 'open', site);
        return { ...view, remainingMinutes: liveMinutesLeft(r.status as LiveStatus, { startsAt: view.matchDate, liveCoverage: view.live }, at) };
      }),
      sports: site.sorted(sports, 'sport', (s) => s.sportId),
    };
  }
}
