import { type ColumnType, sql, type Transaction } from 'kysely';

/** bigint columns: written as text or number, read as text (pg returns int8 as a string). */
type Big = ColumnType<string, string | number, string | number>;

/**
 * The casino report read model (issue 8 "casino report"), kept like the money reports:
 *
 * - `casino_ledger`: one row per casino money event (bet, win, rollback) with its global position and
 *   time, so the report can be asked "as of" a past position (rows ≤ X) or time (rows with at ≤ T).
 * - `casino_daily`: sums per site, UTC day, player, provider and game, so today's report needs no
 *   scan of the ledger. As of a time T: whole days before T's day from the daily sums, plus T's own
 *   day from the ledger up to T.
 * - Lookups: the players (site, name, the dealers above them, for a dealer's own subtree) and the
 *   games (titles, as the catalogue lists them).
 *
 * Amounts are positive minor units as they moved: a bet's stake, a win's credit, a rollback's refund.
 */
export interface CasinoReportTables {
  casino_accounts: {
    account_id: string;
    site_id: string;
    user_name: string;
    ancestors: ColumnType<string[], string[], string[]>;
  };
  casino_games: {
    service_id: number;
    provider: string;
    master_service_id: number;
    title: string;
    product: string;
  };
  casino_ledger: {
    event_id: string;
    position_commit: Big;
    position_prepare: Big;
    at: ColumnType<Date, string, string>;
    site_id: string;
    account_id: string;
    event_type: string;
    provider: string;
    service_id: number;
    round_id: string;
    transaction_id: string;
    amount: Big;
  };
  casino_daily: {
    site_id: string;
    day: ColumnType<string, string, string>;
    account_id: string;
    provider: string;
    service_id: number;
    bets: Big;
    wins: Big;
    refunds: Big;
    /** How many bets were placed (rounds played, more or less). */
    bet_count: Big;
  };
}

export const CASINO_REPORT_TABLES = ['casino_accounts', 'casino_games', 'casino_ledger', 'casino_daily'] as const satisfies readonly (keyof CasinoReportTables)[];

export const CASINO_MEASURES = ['bets', 'wins', 'refunds', 'bet_count'] as const;

export async function createCasinoReportTables(tx: Transaction<CasinoReportTables>): Promise<void> {
  await tx.schema
    .createTable('casino_accounts')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('ancestors', sql`text[]`, (c) => c.notNull())
    .execute();

  await tx.schema
    .createTable('casino_games')
    .addColumn('service_id', 'integer', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('master_service_id', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) => c.notNull())
    .execute();

  await tx.schema
    .createTable('casino_ledger')
    .addColumn('event_id', 'uuid', (c) => c.primaryKey())
    .addColumn('position_commit', 'bigint', (c) => c.notNull())
    .addColumn('position_prepare', 'bigint', (c) => c.notNull())
    .addColumn('at', 'timestamptz', (c) => c.notNull())
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .execute();
  await tx.schema.createIndex('casino_ledger_site_at').on('casino_ledger').columns(['site_id', 'at']).execute();

  await tx.schema
    .createTable('casino_daily')
    .addColumn('site_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('service_id', 'integer', (c) => c.notNull())
    .addColumn('bets', 'bigint', (c) => c.notNull())
    .addColumn('wins', 'bigint', (c) => c.notNull())
    .addColumn('refunds', 'bigint', (c) => c.notNull())
    .addColumn('bet_count', 'bigint', (c) => c.notNull())
    .execute();
  // A unique index, not a named constraint: index names move with each build's tables, constraint names would collide.
  await tx.schema.createIndex('casino_daily_key').unique().on('casino_daily').columns(['site_id', 'day', 'account_id', 'provider', 'service_id']).execute();
}
