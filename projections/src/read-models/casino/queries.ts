import type { SqlPool } from '@kupon/eventstore';
import { Params, type ReportScope, type ReportWindow, windowParts } from '../reports/queries';

export type CasinoGroup = 'day' | 'game' | 'provider' | 'player' | 'product';

export interface CasinoSums {
  bets: bigint;
  wins: bigint;
  refunds: bigint;
  betCount: bigint;
}

export interface CasinoGroupRow {
  /** The day, the game's serviceId, the provider, the player's id, or the game's product (slot, livecasino, bingo, virtual, tvgames). */
  readonly key: string;
  /** What the key shows as: the day, the game's title, the provider, the player's user name. */
  readonly label: string;
  readonly sums: CasinoSums;
}

export const zeroCasino = (): CasinoSums => ({ bets: 0n, wins: 0n, refunds: 0n, betCount: 0n });
export const addCasino = (a: CasinoSums, b: CasinoSums): CasinoSums => ({ bets: a.bets + b.bets, wins: a.wins + b.wins, refunds: a.refunds + b.refunds, betCount: a.betCount + b.betCount });

const GROUP_KEY: Record<CasinoGroup, { key: string; label: string }> = {
  day: { key: 'x.day', label: 'x.day' },
  game: { key: 'x.service_id::text', label: `coalesce(g.title, x.service_id::text)` },
  provider: { key: 'x.provider', label: 'x.provider' },
  player: { key: 'x.account_id', label: 'coalesce(a.user_name, x.account_id)' },
  // A game the catalogue has not listed (yet) is counted apart rather than guessed.
  product: { key: `coalesce(g.product, 'unknown')`, label: `coalesce(g.product, 'unknown')` },
};

/**
 * Bets, wins and rollbacks of a site (or of a dealer's subtree) grouped by day, game, provider or
 * player, every group of the window: the caller pages them and sums the totals line from all of them.
 */
export async function casinoReportRows(pool: SqlPool, scope: ReportScope, window: ReportWindow, groupBy: CasinoGroup): Promise<CasinoGroupRow[]> {
  const p = new Params();
  const site = p.add(scope.siteId);
  const parts = windowParts(window, p);
  const selects: string[] = [];
  if (parts.daily) {
    selects.push(
      `select to_char(d.day, 'YYYY-MM-DD') as day, d.provider, d.service_id, d.account_id, d.bets, d.wins, d.refunds, d.bet_count
         from casino_daily d where d.site_id = ${site} and ${parts.daily}`,
    );
  }
  if (parts.ledger) {
    selects.push(
      `select to_char(l.at at time zone 'UTC', 'YYYY-MM-DD') as day, l.provider, l.service_id, l.account_id,
              case when l.event_type = 'CasinoBetPlaced' then l.amount else 0 end as bets,
              case when l.event_type = 'CasinoWinCredited' then l.amount else 0 end as wins,
              case when l.event_type = 'CasinoRoundRolledBack' then l.amount else 0 end as refunds,
              case when l.event_type = 'CasinoBetPlaced' then 1 else 0 end as bet_count
         from casino_ledger l where l.site_id = ${site} and ${parts.ledger}`,
    );
  }
  const inScope = scope.dealerId ? `${p.add(scope.dealerId)} = any(a.ancestors)` : 'true';
  const { key, label } = GROUP_KEY[groupBy];
  const { rows } = await pool.query<Record<string, unknown>>(
    `select ${key} as key, min(${label}) as label,
            sum(x.bets)::text as bets, sum(x.wins)::text as wins, sum(x.refunds)::text as refunds, sum(x.bet_count)::text as bet_count
       from (${selects.join(' union all ')}) x
       left join casino_accounts a on a.account_id = x.account_id
       left join casino_games g on g.service_id = x.service_id
      where ${inScope}
      group by ${key}
      order by ${groupBy === 'day' || groupBy === 'provider' || groupBy === 'product' ? 'key' : 'label, key'}`,
    p.values,
  );
  return rows.map((row) => ({
    key: String(row.key),
    label: String(row.label),
    sums: { bets: BigInt(row.bets as string), wins: BigInt(row.wins as string), refunds: BigInt(row.refunds as string), betCount: BigInt(row.bet_count as string) },
  }));
}
