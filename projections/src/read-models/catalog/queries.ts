import {
  isMarketCode,
  LIST_LIMITS,
  marketByCode,
  MARKETS,
  type MarketOffer,
  outcomeName,
  type Lang,
  SPORTS,
  sportName,
  isSportId,
  VISIBILITY,
} from '@kupon/domain';
import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
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
  readonly tournamentId?: string;
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

function groupView(offer: MarketOffer, lang: Lang): OddsGroupView | null {
  if (!isMarketCode(offer.market)) return null;
  const market = marketByCode(offer.market);
  return {
    oddsid: `${offer.market}|${offer.special}`,
    oddstype: market.oddsTypeId,
    typename: market.name[lang],
    special: offer.special,
    active: offer.status === 'active' ? 1 : 0,
    iss: offer.status === 'suspended' ? 1 : 0,
    isv: offer.status === 'hidden' ? 0 : 1,
    odds: offer.outcomes.map((o) => ({ outcomeid: o.outcome, outcome: outcomeName(offer.market, o.outcome, lang), odd: o.odds, active: o.active ? 1 : 0 })),
  };
}

const MARKET_ORDER = new Map(MARKETS.map((m, i) => [m.code as string, i]));

export function matchView(row: Row, lang: Lang, odds: 'main' | 'open' | 'all'): MatchView {
  const offers = Object.values(parse<Record<string, MarketOffer>>(row.markets)).sort(
    (a, b) => (MARKET_ORDER.get(a.market) ?? 999) - (MARKET_ORDER.get(b.market) ?? 999) || a.special.localeCompare(b.special),
  );
  const shown = odds === 'all' ? offers : offers.filter((o) => o.status !== 'hidden');
  const groups = (odds === 'main' ? shown.slice(0, 1) : shown).flatMap((o) => groupView(o, lang) ?? []);
  const name = (v: unknown) => parse<Record<Lang, string>>(v)[lang];
  return {
    id: row.match_id,
    sportId: row.sport_id,
    sportName: isSportId(row.sport_id) ? sportName(row.sport_id, lang) : String(row.sport_id),
    categoryId: row.category_id,
    categoryName: name(row.category_name),
    tournamentId: row.tournament_id,
    tournamentName: name(row.tournament_name),
    homeTeam: name(row.home),
    awayTeam: name(row.away),
    matchDate: new Date(row.starts_at).toISOString(),
    matchstatus: row.status,
    betstatus: row.active_markets > 0 ? 'open' : 'stopped',
    live: row.live_coverage,
    scoreboard: parse(row.scoreboard),
    odds: groups,
  };
}

/** The content and live queries of spec §7 over the catalog read model, with §4's visibility and §9's limits. */
export class CatalogQueries {
  constructor(private readonly db: Kysely<CatalogTables>) {}

  /** Sport tree: sports → categories → tournaments, each with its count of listed matches. */
  async sportsTree(now: Date, lang: Lang) {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['sport_id', 'category_id', 'category_name', 'tournament_id', 'tournament_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .groupBy(['sport_id', 'category_id', 'category_name', 'tournament_id', 'tournament_name'])
      .execute();
    return SPORTS.map((sport, order) => {
      const ofSport = rows.filter((r) => r.sport_id === sport.id);
      const categories = [...new Set(ofSport.map((r) => r.category_id))].map((categoryId, listOrder) => {
        const tournaments = ofSport.filter((r) => r.category_id === categoryId);
        return {
          id: categoryId,
          title: parse<Record<Lang, string>>(tournaments[0]!.category_name)[lang],
          listOrder,
          matchCount: tournaments.reduce((n, t) => n + Number(t.count), 0),
          children: tournaments.map((t, i) => ({ id: t.tournament_id, title: parse<Record<Lang, string>>(t.tournament_name)[lang], listOrder: i, matchCount: Number(t.count), children: [] })),
        };
      });
      return { id: sport.id, title: sport.name[lang], listOrder: order, status: 1, matchCount: categories.reduce((n, c) => n + c.matchCount, 0), children: categories };
    });
  }

  async categories(sportId: number, from: Date, to: Date, now: Date, lang: Lang) {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['category_id', 'category_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where('sport_id', '=', sportId)
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to)
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .groupBy(['category_id', 'category_name'])
      .orderBy('category_id')
      .execute();
    return rows.map((r) => ({ id: r.category_id, title: parse<Record<Lang, string>>(r.category_name)[lang], matchCount: Number(r.count) }));
  }

  async tournaments(categoryId: string, now: Date, lang: Lang) {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .select(['tournament_id', 'tournament_name', (eb) => eb.fn.countAll<string>().as('count')])
      .where('category_id', '=', categoryId)
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .groupBy(['tournament_id', 'tournament_name'])
      .orderBy('tournament_id')
      .execute();
    return rows.map((r) => ({ id: r.tournament_id, title: parse<Record<Lang, string>>(r.tournament_name)[lang], matchCount: Number(r.count) }));
  }

  /** Pre-match matches by the §7 filters, sorted by date, at most 75 (`limit`), within six days. */
  async matches(filter: MatchFilter, now: Date, lang: Lang): Promise<MatchView[]> {
    const days = Math.min(filter.days ?? VISIBILITY.upcomingDays, VISIBILITY.upcomingDays);
    let query = this.db.selectFrom('catalog_matches').selectAll().where((eb) => prematchVisible(eb, now, days));
    if (filter.sportId !== undefined) query = query.where('sport_id', '=', filter.sportId);
    if (filter.categoryId !== undefined) query = query.where('category_id', '=', filter.categoryId);
    if (filter.tournamentId !== undefined) query = query.where('tournament_id', '=', filter.tournamentId);
    if (filter.keyWord !== undefined) query = query.where('search_text', 'like', `%${escapeLike(filter.keyWord.toLocaleLowerCase('tr'))}%`);
    const rows = await query.orderBy('starts_at').orderBy('match_id').limit(clampLimit(filter.limit, LIST_LIMITS.matches)).execute();
    return rows.map((r) => matchView(r, lang, 'main'));
  }

  /** The first bulletin: the next matches over every sport, `first_bulletin` of them (≤ 200). */
  async bulletin(size: number, now: Date, lang: Lang): Promise<MatchView[]> {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .where((eb) => prematchVisible(eb, now, VISIBILITY.upcomingDays))
      .orderBy('starts_at')
      .orderBy('match_id')
      .limit(clampLimit(size, LIST_LIMITS.firstBulletinMax))
      .execute();
    return rows.map((r) => matchView(r, lang, 'main'));
  }

  /** One match with its odds groups: open ones, or with `passive` the suspended and hidden ones too. */
  async match(matchId: string, passive: boolean, lang: Lang): Promise<MatchView | undefined> {
    const row = await this.db.selectFrom('catalog_matches').selectAll().where('match_id', '=', matchId).executeTakeFirst();
    return row && matchView(row, lang, passive ? 'all' : 'open');
  }

  /** Results between two instants, newest first by default, at most 50. */
  async results(from: Date, to: Date, limit: number | undefined, order: 'asc' | 'desc', lang: Lang): Promise<ResultView[]> {
    const rows = await this.db
      .selectFrom('catalog_matches')
      .selectAll()
      .where('result_at', 'is not', null)
      .where('starts_at', '>=', from)
      .where('starts_at', '<=', to)
      .orderBy('starts_at', order)
      .orderBy('match_id')
      .limit(clampLimit(limit, LIST_LIMITS.results))
      .execute();
    return rows.map((r) => {
      const view = matchView(r, lang, 'main');
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
  async live(filter: { sportId?: number; keyWord?: string; limit?: number }, now: Date, lang: Lang) {
    const counts = await this.db
      .selectFrom('catalog_matches')
      .select(['sport_id', (eb) => eb.fn.countAll<string>().as('live'), (eb) => eb.fn.count<string>(sql`case when in_play then 1 end`).as('in_play')])
      .where((eb) => liveVisible(eb, now))
      .groupBy('sport_id')
      .execute();
    let query = this.db.selectFrom('catalog_matches').selectAll().where((eb) => liveVisible(eb, now));
    if (filter.sportId !== undefined) query = query.where('sport_id', '=', filter.sportId);
    if (filter.keyWord !== undefined) query = query.where('search_text', 'like', `%${escapeLike(filter.keyWord.toLocaleLowerCase('tr'))}%`);
    const rows = await query.orderBy('in_play', 'desc').orderBy('starts_at').orderBy('match_id').limit(clampLimit(filter.limit, LIST_LIMITS.live)).execute();
    return {
      matches: rows.map((r) => matchView(r, lang, 'open')),
      sports: counts
        .filter((c) => isSportId(c.sport_id))
        .map((c) => ({ sportId: c.sport_id, sportName: sportName(c.sport_id as Parameters<typeof sportName>[0], lang), liveCount: Number(c.live), inPlay: Number(c.in_play) }))
        .sort((a, b) => a.sportId - b.sportId),
    };
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
