import { type Kysely, sql } from 'kysely';
import type { DealerTreeTables } from '../identity/dealer-tree';
import type { WalletTables } from './wallets';

export interface StatementFilter {
  readonly siteId: string;
  /** The account asked about; with `subtree`, every account under it too (a dealer's audit). */
  readonly accountId: string;
  readonly subtree: boolean;
  readonly eventTypes?: readonly string[];
  readonly from?: Date;
  readonly to?: Date;
  readonly limit: number;
}

/** Statement rows of one account or of a whole dealer subtree, newest first. */
export function statementRows(db: Kysely<WalletTables & DealerTreeTables>, filter: StatementFilter) {
  let query = db.selectFrom('wallet_transactions').selectAll().where('site_id', '=', filter.siteId);
  query = filter.subtree
    ? query.where((eb) =>
        eb.or([
          eb('account_id', '=', filter.accountId),
          eb(
            'account_id',
            'in',
            eb
              .selectFrom('dealer_tree')
              .select(sql<string>`user_id::text`.as('user_id'))
              .where('site_id', '=', filter.siteId)
              .where(sql<boolean>`${filter.accountId} = any(ancestors)`),
          ),
        ]),
      )
    : query.where('account_id', '=', filter.accountId);
  if (filter.eventTypes) query = query.where('event_type', 'in', [...filter.eventTypes]);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<', filter.to);
  return query.orderBy('at', 'desc').orderBy('stream_revision', 'desc').limit(filter.limit).execute();
}
