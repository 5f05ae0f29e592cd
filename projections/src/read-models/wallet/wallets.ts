import { WALLET_EVENT_TYPES, type WalletEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type ColumnType, sql, type Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * Balances and statements (`getTransactions`): one row per wallet, one per money event (a credit
 * limit change too, moving nothing, so a dealer's credit history shows who changed it and to what).
 * Read only: the wallet decider checks balances and limits, never this table.
 */
export interface WalletTables {
  wallet_balances: {
    account_id: string;
    site_id: string;
    owner_kind: string;
    currency: string;
    /** Minor units, bigint as text. */
    balance: ColumnType<string, string, string>;
    credit_limit: ColumnType<string, string, string>;
    /** Withdrawals held, already out of balance. */
    held: ColumnType<string, string, string>;
    revision: ColumnType<string, string, string>;
    updated_at: ColumnType<Date, string, string>;
  };
  wallet_transactions: {
    event_id: string;
    account_id: string;
    site_id: string;
    event_type: string;
    /** Signed from the wallet's point of view: a stake is negative. */
    amount: ColumnType<string, string, never>;
    balance: ColumnType<string, string, never>;
    reference: string;
    coupon_id: string | null;
    transfer_id: string | null;
    counterparty_id: string | null;
    note: string | null;
    /** The new limit of a `CreditLimitSet` row. */
    credit_limit: ColumnType<string | null, string | null, never>;
    /** Who made a staff or dealer movement (a cut, a limit, an adjustment). */
    actor_id: string | null;
    stream_revision: ColumnType<string, string, never>;
    at: ColumnType<Date, string, never>;
  };
}

/** The sign each event moves the balance with (adjustments and corrections carry their own sign). */
export const BALANCE_SIGN: Readonly<Record<WalletEvent['type'], -1 | 0 | 1>> = {
  WalletOpened: 0,
  CreditLimitSet: 0,
  DepositRequested: 0,
  DepositFailed: 0,
  WithdrawalPaid: 0,
  CouponStaked: -1,
  WithdrawalHeld: -1,
  CreditSent: -1,
  CreditCut: -1,
  PayoutCredited: 1,
  PayoutCorrected: 1,
  StakeRefunded: 1,
  CouponSoldCredited: 1,
  DepositCredited: 1,
  WithdrawalReleased: 1,
  WithdrawalReversed: 1,
  CreditReceived: 1,
  CreditReturned: 1,
  BonusCredited: 1,
  BalanceAdjusted: 1,
  CasinoBetPlaced: -1,
  CasinoWinCredited: 1,
  CasinoRoundRolledBack: 1,
  CardFunded: -1,
  CardRefunded: 1,
  CardRedeemedCredited: 1,
};

export const wallets: Projection<WalletTables> = {
  name: 'wallets',
  version: 2,
  handles: WALLET_EVENT_TYPES,
  tables: ['wallet_balances', 'wallet_transactions'],

  async createTables(tx) {
    await tx.schema
      .createTable('wallet_balances')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('owner_kind', 'text', (c) => c.notNull())
      .addColumn('currency', 'text', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('credit_limit', 'bigint', (c) => c.notNull())
      .addColumn('held', 'bigint', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('wallet_balances_site').on('wallet_balances').columns(['site_id', 'account_id']).execute();
    await tx.schema
      .createTable('wallet_transactions')
      .addColumn('event_id', 'uuid', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('event_type', 'text', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('coupon_id', 'text')
      .addColumn('transfer_id', 'text')
      .addColumn('counterparty_id', 'text')
      .addColumn('note', 'text')
      .addColumn('credit_limit', 'bigint')
      .addColumn('actor_id', 'text')
      .addColumn('stream_revision', 'bigint', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('wallet_transactions_account_at').on('wallet_transactions').columns(['account_id', 'at']).execute();
  },

  async apply(tx: Transaction<WalletTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as WalletEvent;
    const accountId = recorded.streamName.slice('wallet-'.length);
    const revision = recorded.streamRevision.toString();
    if (event.type === 'WalletOpened') {
      const { siteId, ownerKind, currency, at } = event.data;
      await tx
        .insertInto('wallet_balances')
        .values({ account_id: accountId, site_id: siteId, owner_kind: ownerKind, currency, balance: '0', credit_limit: '0', held: '0', revision, updated_at: at })
        .onConflict((oc) => oc.column('account_id').doNothing())
        .execute();
      return;
    }
    const data = event.data;
    const heldChange = event.type === 'WithdrawalHeld' ? event.data.amount : event.type === 'WithdrawalPaid' || event.type === 'WithdrawalReleased' ? -event.data.amount : 0;
    const wallet = await tx
      .updateTable('wallet_balances')
      .set('creditLimit' in data ? { credit_limit: String(data.creditLimit), revision, updated_at: data.at } : { balance: String(data.balance), held: sql<string>`held + ${heldChange}`, revision, updated_at: data.at })
      .where('account_id', '=', accountId)
      .returning(['site_id', 'balance'])
      .executeTakeFirst();
    // Rows sum to the balance: requests, failures, paid-out holds and credit limit changes show with 0.
    await tx
      .insertInto('wallet_transactions')
      .values({
        event_id: recorded.id,
        account_id: accountId,
        site_id: wallet?.site_id ?? '',
        event_type: event.type,
        amount: 'amount' in data ? String(BALANCE_SIGN[event.type] * data.amount) : '0',
        balance: wallet?.balance ?? '0',
        reference: data.reference,
        coupon_id: 'couponId' in data ? data.couponId : event.type === 'CouponStaked' ? event.data.coupon.couponId : null,
        transfer_id: 'transferId' in data ? data.transferId : null,
        counterparty_id: 'toAccountId' in data ? data.toAccountId : 'fromAccountId' in data ? data.fromAccountId : null,
        note: 'reason' in data ? data.reason : 'bonusId' in data ? data.bonusId : null,
        credit_limit: 'creditLimit' in data ? String(data.creditLimit) : null,
        actor_id: 'byUserId' in data ? data.byUserId : null,
        stream_revision: revision,
        at: data.at,
      })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .execute();
  },
};
