import { type AffiliateEvent, normalizeReferralCode, type UserEvent } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import type { ColumnType, Transaction } from 'kysely';
import type { Projection } from '../../runner/projection';

/**
 * The affiliate programme as affiliates read it (api/AFFILIATE.md): the affiliate accounts (streams
 * `affiliate-…`) and every player who registered with a referral code (`affiliateUser` of
 * `UserRegistered`), with the player's status. Which referred players are whose is a join on the
 * site and the code, answered by `AffiliateQueries`.
 */
export interface AffiliateTables {
  affiliates: {
    user_id: string;
    site_id: string;
    user_name: string;
    referral_code: string;
    /** active | passive */
    status: string;
    registered_at: ColumnType<Date, string, never>;
  };
  affiliate_referrals: {
    user_id: string;
    site_id: string;
    /** What the player registered with, trimmed and upper-case. */
    referral_code: string;
    user_name: string;
    /** pending | active | passive */
    status: string;
    registered_at: ColumnType<Date, string, never>;
  };
}

export const affiliate: Projection<AffiliateTables> = {
  name: 'affiliate',
  version: 1,
  handles: ['AffiliateRegistered', 'AffiliateStatusChanged', 'UserRegistered', 'UserActivated', 'UserStatusChanged'],
  tables: ['affiliates', 'affiliate_referrals'],

  async createTables(tx) {
    await tx.schema
      .createTable('affiliates')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('referral_code', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('affiliates_site_code').unique().on('affiliates').columns(['site_id', 'referral_code']).execute();
    await tx.schema
      .createTable('affiliate_referrals')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('site_id', 'text', (c) => c.notNull())
      .addColumn('referral_code', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await tx.schema.createIndex('affiliate_referrals_code').on('affiliate_referrals').columns(['site_id', 'referral_code', 'registered_at']).execute();
  },

  async apply(tx: Transaction<AffiliateTables>, recorded: RecordedEvent) {
    const event = { type: recorded.type, data: recorded.data } as unknown as AffiliateEvent | UserEvent;
    switch (event.type) {
      case 'AffiliateRegistered': {
        const { userId, siteId, userName, referralCode, status, at } = event.data;
        await tx.insertInto('affiliates').values({ user_id: userId, site_id: siteId, user_name: userName, referral_code: referralCode, status, registered_at: at }).onConflict((c) => c.column('user_id').doNothing()).execute();
        return;
      }
      case 'AffiliateStatusChanged':
        await tx.updateTable('affiliates').set({ status: event.data.status }).where('user_id', '=', event.data.userId).execute();
        return;
      case 'UserRegistered': {
        const { userId, siteId, userName, affiliateUser, status, at } = event.data;
        if (!affiliateUser || normalizeReferralCode(affiliateUser) === '') return;
        await tx
          .insertInto('affiliate_referrals')
          .values({ user_id: userId, site_id: siteId, referral_code: normalizeReferralCode(affiliateUser), user_name: userName, status, registered_at: at })
          .onConflict((c) => c.column('user_id').doNothing())
          .execute();
        return;
      }
      case 'UserActivated':
        await tx.updateTable('affiliate_referrals').set({ status: 'active' }).where('user_id', '=', event.data.userId).where('status', '=', 'pending').execute();
        return;
      case 'UserStatusChanged':
        await tx.updateTable('affiliate_referrals').set({ status: event.data.status }).where('user_id', '=', event.data.userId).execute();
        return;
      default:
        return;
    }
  },
};
