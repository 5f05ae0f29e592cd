import { CASINO_WALLET_EVENT_TYPES, type CasinoGameListed, type CasinoWalletEvent, type UserRegistered, type WalletOpened } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type Insertable, sql, type Transaction } from 'kysely';
import { BatchEventError } from '../../runner/worker';
import { CASINO_MEASURES, type CasinoReportTables } from './tables';

type Tx = Transaction<CasinoReportTables>;
type Account = Insertable<CasinoReportTables['casino_accounts']> & { ancestors: string[] };
type Sums = Record<(typeof CASINO_MEASURES)[number], bigint>;

const MONEY_TYPES: ReadonlySet<string> = new Set(CASINO_WALLET_EVENT_TYPES);
/** Which measure each casino money event adds its amount to. */
const MEASURE = { CasinoBetPlaced: 'bets', CasinoWinCredited: 'wins', CasinoRoundRolledBack: 'refunds' } as const satisfies Record<CasinoWalletEvent['type'], (typeof CASINO_MEASURES)[number]>;
const CHUNK = 2_000;

const accountOf = (streamName: string) => streamName.slice('wallet-'.length);

/**
 * Folds one batch in memory and writes it in a few set-based statements (the runner applies each
 * batch exactly once, its checkpoint moving in the same transaction, so adding to the sums is safe).
 */
export async function applyCasinoBatch(tx: Tx, events: readonly RecordedEvent[]): Promise<void> {
  const accountIds = new Set<string>();
  for (const event of events) if (MONEY_TYPES.has(event.type) || event.type === 'WalletOpened') accountIds.add(accountOf(event.streamName));
  const accounts = new Map<string, Account>();
  if (accountIds.size) for (const row of await tx.selectFrom('casino_accounts').selectAll().where('account_id', 'in', [...accountIds]).execute()) accounts.set(row.account_id, row);
  const newAccounts: Account[] = [];
  const games = new Map<number, Insertable<CasinoReportTables['casino_games']>>();
  const ledger: Insertable<CasinoReportTables['casino_ledger']>[] = [];
  const daily = new Map<string, Sums>();

  for (const recorded of events) {
    try {
      switch (recorded.type) {
        case 'UserRegistered': {
          const d = (recorded as unknown as UserRegistered).data;
          if (accounts.has(d.userId)) break;
          const account: Account = { account_id: d.userId, site_id: d.siteId, user_name: d.userName, ancestors: [...d.ancestors] };
          accounts.set(d.userId, account);
          newAccounts.push(account);
          break;
        }
        case 'WalletOpened': {
          // A wallet whose owner the identity log does not know: keep its money anyway, under its id.
          const d = (recorded as unknown as WalletOpened).data;
          const accountId = accountOf(recorded.streamName);
          if (accounts.has(accountId)) break;
          const account: Account = { account_id: accountId, site_id: d.siteId, user_name: accountId, ancestors: [] };
          accounts.set(accountId, account);
          newAccounts.push(account);
          break;
        }
        case 'CasinoGameListed': {
          const { game } = (recorded as unknown as CasinoGameListed).data;
          games.set(game.serviceId, { service_id: game.serviceId, provider: game.provider, master_service_id: game.masterServiceId, title: game.title, product: game.product });
          break;
        }
        default: {
          if (!MONEY_TYPES.has(recorded.type)) break;
          const event = { type: recorded.type, data: recorded.data } as unknown as CasinoWalletEvent;
          const accountId = accountOf(recorded.streamName);
          const account = accounts.get(accountId);
          if (!account) throw new Error(`casino money on wallet ${accountId} before its owner is known`);
          const { at, amount, provider, serviceId, roundId, transactionId } = event.data;
          ledger.push({
            event_id: recorded.id,
            position_commit: recorded.position.commit.toString(),
            position_prepare: recorded.position.prepare.toString(),
            at,
            site_id: account.site_id,
            account_id: accountId,
            event_type: event.type,
            provider,
            service_id: serviceId,
            round_id: roundId,
            transaction_id: transactionId,
            amount,
          });
          const key = [account.site_id, at.slice(0, 10), accountId, provider, serviceId].join('|');
          let sums = daily.get(key);
          if (!sums) daily.set(key, (sums = { bets: 0n, wins: 0n, refunds: 0n, bet_count: 0n }));
          sums[MEASURE[event.type]] += BigInt(amount);
          if (event.type === 'CasinoBetPlaced') sums.bet_count += 1n;
        }
      }
    } catch (error) {
      throw new BatchEventError(recorded, error);
    }
  }

  for (const rows of chunks(newAccounts)) await tx.insertInto('casino_accounts').values(rows).onConflict((oc) => oc.column('account_id').doNothing()).execute();
  for (const rows of chunks([...games.values()])) {
    await tx
      .insertInto('casino_games')
      .values(rows)
      .onConflict((oc) => oc.column('service_id').doUpdateSet({ provider: sql`excluded.provider`, master_service_id: sql`excluded.master_service_id`, title: sql`excluded.title`, product: sql`excluded.product` }))
      .execute();
  }
  for (const rows of chunks(ledger)) await tx.insertInto('casino_ledger').values(rows).onConflict((oc) => oc.column('event_id').doNothing()).execute();
  const days = [...daily].map(([key, sums]) => {
    const [site_id, day, account_id, provider, serviceId] = key.split('|') as [string, string, string, string, string];
    return { site_id, day, account_id, provider, service_id: Number(serviceId), ...Object.fromEntries(CASINO_MEASURES.map((m) => [m, sums[m].toString()])) } as Insertable<CasinoReportTables['casino_daily']>;
  });
  for (const rows of chunks(days)) {
    await tx
      .insertInto('casino_daily')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['site_id', 'day', 'account_id', 'provider', 'service_id']).doUpdateSet(Object.fromEntries(CASINO_MEASURES.map((m) => [m, sql`${sql.ref(`casino_daily.${m}`)} + ${sql.ref(`excluded.${m}`)}`]))),
      )
      .execute();
  }
}

function* chunks<T>(rows: readonly T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += CHUNK) yield rows.slice(i, i + CHUNK);
}
