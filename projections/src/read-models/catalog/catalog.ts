import { FINISHED_STATUSES, marketKey, type MatchEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

type Json<T> = ColumnType<T, string, string>;

/** The sports catalog as the lists read it: one row per match (spec §3 pre-match match, live match, odds groups). */
export interface CatalogTables {
  catalog_matches: {
    match_id: string;
    sport_id: number;
    category_id: string;
    category_name: Json<{ tr: string; en: string }>;
    tournament_id: string;
    tournament_name: Json<{ tr: string; en: string }>;
    home_id: string;
    home: Json<{ tr: string; en: string }>;
    away_id: string;
    away: Json<{ tr: string; en: string }>;
    /** Lower-case team, tournament and category names in every language, for the keyword search. */
    search_text: string;
    starts_at: ColumnType<Date, string, string>;
    live_coverage: boolean;
    status: string;
    in_play: boolean;
    finished: boolean;
    scoreboard: Json<unknown>;
    /** Odds groups by `market|special`. */
    markets: Json<Record<string, unknown>>;
    active_markets: number;
    result: Json<unknown> | null;
    result_at: ColumnType<Date, string, string> | null;
    revision: ColumnType<string, string, string>;
  };
}

const HANDLED: MatchEvent['type'][] = ['FixtureCreated', 'FixtureChanged', 'OddsChanged', 'MatchStateChanged', 'BetStopped', 'ResultRecorded', 'ResultCorrected', 'SettlementRolledBack'];

export const catalog: Projection<CatalogTables> = {
  name: 'catalog',
  version: 2,
  handles: HANDLED,
  tables: ['catalog_matches'],

  async createTables(tx) {
    await tx.schema
      .createTable('catalog_matches')
      .addColumn('match_id', 'text', (c) => c.primaryKey())
      .addColumn('sport_id', 'integer', (c) => c.notNull())
      .addColumn('category_id', 'text', (c) => c.notNull())
      .addColumn('category_name', 'jsonb', (c) => c.notNull())
      .addColumn('tournament_id', 'text', (c) => c.notNull())
      .addColumn('tournament_name', 'jsonb', (c) => c.notNull())
      .addColumn('home_id', 'text', (c) => c.notNull())
      .addColumn('home', 'jsonb', (c) => c.notNull())
      .addColumn('away_id', 'text', (c) => c.notNull())
      .addColumn('away', 'jsonb', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull())
      .addColumn('starts_at', 'timestamptz', (c) => c.notNull())
      .addColumn('live_coverage', 'boolean', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('in_play', 'boolean', (c) => c.notNull())
      .addColumn('finished', 'boolean', (c) => c.notNull())
      .addColumn('scoreboard', 'jsonb', (c) => c.notNull())
      .addColumn('markets', 'jsonb', (c) => c.notNull())
      .addColumn('active_markets', 'integer', (c) => c.notNull())
      .addColumn('result', 'jsonb')
      .addColumn('result_at', 'timestamptz')
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('catalog_matches_sport_start').on('catalog_matches').columns(['sport_id', 'starts_at']).execute();
    await tx.schema.createIndex('catalog_matches_tournament').on('catalog_matches').columns(['tournament_id', 'starts_at']).execute();
    await tx.schema.createIndex('catalog_matches_result').on('catalog_matches').columns(['result_at']).execute();
  },

  async apply(tx: Transaction<CatalogTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as MatchEvent;
    const matchId = recorded.streamName.slice('match-'.length);
    const revision = recorded.streamRevision.toString();
    const row = tx.updateTable('catalog_matches').where('match_id', '=', matchId);
    switch (event.type) {
      case 'FixtureCreated':
      case 'FixtureChanged': {
        const f = event.data;
        const fixture = {
          sport_id: f.sportId,
          category_id: f.category.id,
          category_name: JSON.stringify(f.category.name),
          tournament_id: f.tournament.id,
          tournament_name: JSON.stringify(f.tournament.name),
          home_id: f.home.id,
          home: JSON.stringify(f.home.name),
          away_id: f.away.id,
          away: JSON.stringify(f.away.name),
          search_text: [f.home.name, f.away.name, f.tournament.name, f.category.name].flatMap((n) => [n.tr, n.en]).join(' ').toLocaleLowerCase('tr'),
          starts_at: f.startsAt,
          live_coverage: f.liveCoverage,
          revision,
        };
        await tx
          .insertInto('catalog_matches')
          .values({
            match_id: matchId,
            ...fixture,
            status: 'not_started',
            in_play: false,
            finished: false,
            scoreboard: JSON.stringify(null),
            markets: '{}',
            active_markets: 0,
            result: null,
            result_at: null,
          })
          .onConflict((oc) => oc.column('match_id').doUpdateSet(fixture))
          .execute();
        return;
      }
      case 'OddsChanged': {
        const changed = JSON.stringify(Object.fromEntries(event.data.markets.map((m) => [marketKey(m), m])));
        await row
          .set({
            markets: sql`markets || ${changed}::jsonb`,
            active_markets: sql`(select count(*) from jsonb_each(markets || ${changed}::jsonb) where value->>'status' = 'active')`,
            revision,
          })
          .execute();
        return;
      }
      case 'BetStopped':
        await row
          .set({
            markets: sql`(select coalesce(jsonb_object_agg(key, case when value->>'status' = 'active' then jsonb_set(value, '{status}', '"suspended"') else value end), '{}'::jsonb) from jsonb_each(markets))`,
            active_markets: 0,
            revision,
          })
          .execute();
        return;
      case 'MatchStateChanged': {
        const status = event.data.state.status;
        const finished = FINISHED_STATUSES.includes(status);
        await row
          .set({
            status,
            scoreboard: JSON.stringify(event.data.state),
            finished,
            in_play: !finished && status !== 'not_started' && status !== 'postponed',
            revision,
          })
          .execute();
        return;
      }
      case 'ResultRecorded':
      case 'ResultCorrected':
        await row.set({ result: JSON.stringify(event.data.result), result_at: recorded.metadata.at, revision }).execute();
        return;
      case 'SettlementRolledBack':
        await row.set({ result: null, result_at: null, revision }).execute();
        return;
      default:
        return;
    }
  },
};
